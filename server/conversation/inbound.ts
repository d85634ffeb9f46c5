import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { InboundAttachmentInfo, InboundMailSource } from '../email/inbound-mail.ts';
import {
  type ProcessedPhoto,
  processPhoto,
  savePhoto,
  UploadRejectedError,
  uploadStorageFor,
} from '../uploads/entry.ts';
import type { AppServices } from '../services.ts';
import { fileIncomingMessage } from './conversation.ts';
import { cappedReplyHtml, replyBodyText, sanitizeReplyHtml } from './inbound-body.ts';
import { enquiryIdOfToken, replyTokenIn } from './reply-address.ts';

// A reply e-mailed by the seller, received through the provider's inbound mail (decision 060): the
// `email.received` webhook names it, the Receiving API gives its body and attachments, and it is
// filed on the enquiry its reply address names (or kept as unmatched mail).

/** The largest attachment kept; a larger one is refused (named on the message). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/**
 * Files kept of one message, and their bytes together (decision 068): 60 attachments of 200 KB
 * were all stored (12 MB). Past either, the rest are refused and named on the message, not fetched.
 */
export const MAX_ATTACHMENTS_PER_MESSAGE = 10;
export const MAX_MESSAGE_ATTACHMENT_BYTES = 25 * 1024 * 1024;
const TOO_MANY_FILES = `more than ${MAX_ATTACHMENTS_PER_MESSAGE} files in one message`;
const TOO_MANY_BYTES = 'more than 25 MB of files in one message';

/** Types that run or render as code when opened: refused whatever their size. */
const DANGEROUS_EXTENSIONS =
  /\.(exe|com|bat|cmd|scr|pif|msi|msp|dll|cpl|jar|js|jse|vbs|vbe|wsf|wsh|ps1|psm1|sh|app|dmg|iso|img|lnk|hta|html?|xhtml|svg|docm|xlsm|pptm)$/i;
const DANGEROUS_TYPES =
  /^(application\/(x-msdownload|x-msdos-program|x-ms-installer|x-sh|javascript|x-javascript|java-archive|hta|xhtml\+xml)|text\/(html|javascript)|image\/svg\+xml)\b/i;
const IMAGE_TYPES = /^image\/(jpeg|pjpeg|png|webp|heic|heif)\b/i;

export type InboundOutcome =
  /** Filed on the enquiry its reply address names. */
  | 'filed'
  /** Kept for the "Unmatched mail" list: no valid token, or its enquiry is gone. */
  | 'unmatched'
  /** This provider id was filed before: nothing done. */
  | 'duplicate'
  /** The provider does not know the e-mail: asking again cannot help. */
  | 'gone';

/** The provider could not be asked (5xx, rate limit, network): the webhook answers 5xx to be retried. */
export class InboundFetchError extends Error {
  override name = 'InboundFetchError';
}

type Prepared =
  | { kind: 'photo'; info: InboundAttachmentInfo; photo: ProcessedPhoto }
  | { kind: 'file'; info: InboundAttachmentInfo; data: Buffer }
  | { kind: 'refused'; info: InboundAttachmentInfo; reason: string };

// PostgreSQL text cannot hold NUL; a reply carrying one is kept without it.
const withoutNul = (text: string) => text.replaceAll(String.fromCharCode(0), '');

function nameOf(info: InboundAttachmentInfo): string {
  return withoutNul(info.filename ?? 'unnamed').slice(0, 255);
}

/** "Sam Seller <sam@example.com>" → name and address. */
function parseSender(from: string): { email: string | null; name: string | null } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^<>]+)>\s*$/.exec(from);
  const email = (match ? match[2] : from)?.trim().slice(0, 320) ?? '';
  const name = match?.[1]?.trim().slice(0, 200) ?? '';
  return { email: email === '' ? null : withoutNul(email), name: name === '' ? null : withoutNul(name) };
}

/** What a message's attachments may still take: files and bytes left of the per-message caps. */
interface AttachmentBudget {
  files: number;
  bytes: number;
}

async function prepareAttachment(
  inbound: InboundMailSource,
  info: InboundAttachmentInfo,
  matched: boolean,
  budget: AttachmentBudget,
): Promise<Prepared> {
  const name = info.filename ?? '';
  if (DANGEROUS_EXTENSIONS.test(name) || DANGEROUS_TYPES.test(info.contentType))
    return { kind: 'refused', info, reason: 'file type not accepted' };
  if (info.size > MAX_ATTACHMENT_BYTES) return { kind: 'refused', info, reason: 'larger than 10 MB' };
  if (budget.files <= 0) return { kind: 'refused', info, reason: TOO_MANY_FILES };
  if (info.size > budget.bytes) return { kind: 'refused', info, reason: TOO_MANY_BYTES };
  // Counted while downloading too: the stated size is the provider's word, not a bound.
  const limit = Math.min(MAX_ATTACHMENT_BYTES, budget.bytes);
  const data = await inbound.download(info.downloadUrl, limit);
  if (!data)
    return {
      kind: 'refused',
      info,
      reason: limit < MAX_ATTACHMENT_BYTES ? TOO_MANY_BYTES : 'larger than 10 MB',
    };
  budget.files -= 1;
  budget.bytes -= data.length;
  const photo = matched ? await photoOfAttachment(info.contentType, data) : null;
  return photo ? { kind: 'photo', info, photo } : { kind: 'file', info, data };
}

/**
 * An image attachment as a photo of the enquiry, through the same pipeline as the sell form's
 * (re-encoded, metadata dropped); null for another type or a file that is not a readable image,
 * which stays a private file. Used for a matched reply on arrival and for unmatched mail when a
 * member files it (decision 060).
 */
export async function photoOfAttachment(contentType: string, data: Buffer): Promise<ProcessedPhoto | null> {
  if (!IMAGE_TYPES.test(contentType)) return null;
  try {
    return await processPhoto(data);
  } catch (error) {
    if (!(error instanceof UploadRejectedError)) throw error;
    return null;
  }
}

/**
 * Attaches stored photos to an enquiry after the ones it has, in the given order (decision 026):
 * the seller's own arrangement stays first.
 */
export async function appendEnquiryPhotos(
  trx: DbExecutor,
  enquiryId: string,
  uploadIds: readonly string[],
): Promise<void> {
  if (uploadIds.length === 0) return;
  await sql`
    UPDATE uploads SET enquiry_id = ${enquiryId}, position = base.next + o.ord - 1
    FROM unnest(${uploadIds}::uuid[]) WITH ORDINALITY AS o(id, ord),
         (SELECT coalesce(max(position) + 1, 0) AS next FROM uploads WHERE enquiry_id = ${enquiryId}) AS base
    WHERE uploads.id = o.id`.execute(trx);
}

/**
 * Fetches an inbound e-mail and files it. Idempotent on the provider's id: a replayed webhook (or
 * a retry after a failure) finds the row and fetches nothing.
 */
export async function receiveInboundEmail(
  services: Pick<AppServices, 'db' | 'config'> & { inbound: InboundMailSource },
  emailId: string,
): Promise<InboundOutcome> {
  const { db, config, inbound } = services;
  const known = await db
    .selectFrom('enquiry_incoming_messages')
    .select('id')
    .where('provider_email_id', '=', emailId)
    .executeTakeFirst();
  if (known) return 'duplicate';

  const fetched = await inbound.getEmail(emailId);
  if (!fetched.ok) {
    if (fetched.gone) return 'gone';
    throw new InboundFetchError(fetched.message);
  }
  const email = fetched.value;
  const token = replyTokenIn(config, [...email.to, ...email.cc]);
  const tokenEnquiry = token ? enquiryIdOfToken(config.appSecret, token) : null;
  const enquiry = tokenEnquiry
    ? await db.selectFrom('enquiries').select('id').where('id', '=', tokenEnquiry).executeTakeFirst()
    : undefined;
  const enquiryId = enquiry?.id ?? null;

  const prepared: Prepared[] = [];
  if (email.attachmentCount > 0) {
    const listed = await inbound.listAttachments(emailId);
    if (!listed.ok) {
      if (!listed.gone) throw new InboundFetchError(listed.message);
    } else {
      const budget: AttachmentBudget = {
        files: MAX_ATTACHMENTS_PER_MESSAGE,
        bytes: MAX_MESSAGE_ATTACHMENT_BYTES,
      };
      for (const info of listed.value)
        prepared.push(await prepareAttachment(inbound, info, enquiryId !== null, budget));
    }
  }

  // Photo files are stored before the transaction (a row never points at a missing file); one left
  // unattached by a lost race is removed with the other stale uploads after a day.
  const storage = uploadStorageFor(config);
  const photoIds = new Map<Prepared, string>();
  for (const item of prepared) {
    if (item.kind !== 'photo') continue;
    const saved = await savePhoto(db, storage, item.photo, { originalName: nameOf(item.info), ip: null });
    photoIds.set(item, saved.id);
  }

  const refused = prepared.flatMap((item) =>
    item.kind === 'refused' ? [`[attachment refused: ${nameOf(item.info)}, ${item.reason}]`] : [],
  );
  const body = withoutNul(replyBodyText(email.text, email.html));
  const sender = parseSender(email.from);
  const outcome = await db.transaction().execute(async (trx) => {
    const filed = await fileIncomingMessage(trx, {
      enquiryId,
      source: 'email',
      fromEmail: sender.email,
      fromName: sender.name,
      subject: withoutNul(email.subject).slice(0, 998) || null,
      bodyText: [body, ...refused].filter((part) => part !== '').join('\n\n'),
      bodyHtml: email.html ? cappedReplyHtml(withoutNul(sanitizeReplyHtml(email.html))) || null : null,
      providerEmailId: emailId,
      replyToken: token,
      receivedAt: email.receivedAt,
    });
    if (filed.duplicate) return 'duplicate' as const;
    if (prepared.length > 0) {
      await trx
        .insertInto('enquiry_incoming_attachments')
        .values(
          prepared.map((item) => ({
            message_id: filed.id,
            filename: nameOf(item.info),
            content_type: item.info.contentType.slice(0, 255),
            bytes:
              item.kind === 'file'
                ? item.data.length
                : item.kind === 'photo'
                  ? item.photo.data.length
                  : item.info.size,
            upload_id: photoIds.get(item) ?? null,
            data: item.kind === 'file' ? item.data : null,
            refused_reason: item.kind === 'refused' ? item.reason : null,
          })),
        )
        .execute();
    }
    if (enquiryId) await appendEnquiryPhotos(trx, enquiryId, [...photoIds.values()]);
    return enquiryId ? ('filed' as const) : ('unmatched' as const);
  });
  return outcome;
}
