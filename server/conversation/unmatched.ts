import { sql } from 'kysely';
import {
  type IncomingAttachment,
  UNMATCHED_PREVIEW_CHARS,
  type UnmatchedDismissInput,
  type UnmatchedFileInput,
  type UnmatchedMessage,
} from '#shared/enquiries/unmatched.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';
import { notifyEnquiryChanged } from '../db/enquiry-changed.ts';
import { type ProcessedPhoto, savePhoto, uploadStorageFor } from '../uploads/entry.ts';
import { appendEnquiryPhotos, photoOfAttachment } from './inbound.ts';

// The "Unmatched mail" list (decision 060): incoming messages whose reply address named no known
// enquiry (enquiry_id NULL) and that nobody dismissed. A member files each on its enquiry by hand
// or dismisses it; both are audited admin mutations.

/** The most messages the list shows at once: the oldest wait below the newest. */
const UNMATCHED_LIMIT = 200;

const iso = (d: Date) => d.toISOString();

/** The attachments of these messages, by message id, without their bytes. */
export async function attachmentsOf(
  db: DbExecutor,
  messageIds: readonly string[],
): Promise<Map<string, IncomingAttachment[]>> {
  const byMessage = new Map<string, IncomingAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('enquiry_incoming_attachments')
    .select([
      'id',
      'message_id',
      'filename',
      'content_type',
      'bytes',
      'upload_id',
      'refused_reason',
      sql<boolean>`data IS NOT NULL`.as('has_data'),
    ])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('filename')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({
      id: row.id,
      filename: row.filename,
      contentType: row.content_type,
      bytes: row.bytes,
      photoId: row.upload_id,
      downloadable: row.has_data,
      refusedReason: row.refused_reason,
    });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

/** The start of a message's plain text on one line; the HTML part is never shown in the list. */
function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= UNMATCHED_PREVIEW_CHARS ? flat : `${flat.slice(0, UNMATCHED_PREVIEW_CHARS)}…`;
}

/** Unmatched mail not dismissed, newest first. */
export async function listUnmatched(db: DbExecutor): Promise<UnmatchedMessage[]> {
  const rows = await db
    .selectFrom('enquiry_incoming_messages')
    .select(['id', 'from_email', 'from_name', 'subject', 'body_text', 'received_at'])
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(UNMATCHED_LIMIT)
    .execute();
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    fromEmail: row.from_email,
    fromName: row.from_name,
    subject: row.subject,
    receivedAt: iso(row.received_at),
    preview: previewOf(row.body_text),
    attachments: attachments.get(row.id) ?? [],
  }));
}

/** How many messages wait on the list (the inbox's link shows it). */
export async function countUnmatched(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('enquiry_incoming_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type UnmatchedActionResult =
  { status: 'ok' } | { status: 'not_found' } | { status: 'unknown_enquiry' };

/**
 * Files an unmatched message on an enquiry: its attachments move with it (they hang off the
 * message), it becomes unread, and `notified_at` is cleared so the assignee is told by the
 * notice job like any new reply. Its images become photos of the enquiry as a matched reply's do
 * (decision 060). A message already filed or dismissed is refused (not_found): the row is locked,
 * so two members acting at once cannot both win. `db` is the action's transaction (the audit
 * middleware's), so the photos are attached exactly when the filing commits.
 */
export async function fileUnmatched(
  { db, config }: { db: DbExecutor; config: AppConfig },
  input: UnmatchedFileInput,
  user: { id: string },
): Promise<UnmatchedActionResult> {
  // Re-encoding is the slow part (about 1.3 s for a 12 MP phone photo on this 2-core machine), so
  // it is done before the message's row is locked; only the writes happen under the lock.
  const images = await imagesOf(db, input.id);
  const message = await db
    .selectFrom('enquiry_incoming_messages')
    .select('id')
    .where('id', '=', input.id)
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!message) return { status: 'not_found' };
  const enquiry = await db
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', input.enquiryId)
    .executeTakeFirst();
  if (!enquiry) return { status: 'unknown_enquiry' };
  await db
    .updateTable('enquiry_incoming_messages')
    .set({
      enquiry_id: enquiry.id,
      read_at: null,
      read_by: null,
      notified_at: null,
      filed_by: user.id,
      filed_at: sql<Date>`now()`,
    })
    .where('id', '=', message.id)
    .execute();
  await attachPhotos(db, config, enquiry.id, images);
  await notifyEnquiryChanged(db, enquiry.id, 'incoming_message');
  return { status: 'ok' };
}

interface ImageAttachment {
  attachmentId: string;
  filename: string;
  photo: ProcessedPhoto;
}

/**
 * The kept images of a message still unmatched, through the photo pipeline, in the order the
 * attachments are listed. A file that is not a readable image, and every other type, is left out:
 * it stays private.
 */
async function imagesOf(db: DbExecutor, messageId: string): Promise<ImageAttachment[]> {
  const kept = await db
    .selectFrom('enquiry_incoming_attachments')
    .innerJoin(
      'enquiry_incoming_messages',
      'enquiry_incoming_messages.id',
      'enquiry_incoming_attachments.message_id',
    )
    .select([
      'enquiry_incoming_attachments.id',
      'enquiry_incoming_attachments.filename',
      'enquiry_incoming_attachments.content_type',
      'enquiry_incoming_attachments.data',
    ])
    .where('enquiry_incoming_attachments.message_id', '=', messageId)
    .where('enquiry_incoming_messages.enquiry_id', 'is', null)
    .where('enquiry_incoming_messages.dismissed_at', 'is', null)
    .where('enquiry_incoming_attachments.upload_id', 'is', null)
    .where('enquiry_incoming_attachments.refused_reason', 'is', null)
    .orderBy('enquiry_incoming_attachments.created_at')
    .orderBy('enquiry_incoming_attachments.filename')
    .orderBy('enquiry_incoming_attachments.id')
    .execute();
  const images: ImageAttachment[] = [];
  for (const attachment of kept) {
    if (!attachment.data) continue;
    const photo = await photoOfAttachment(attachment.content_type, attachment.data);
    if (photo) images.push({ attachmentId: attachment.id, filename: attachment.filename, photo });
  }
  return images;
}

/**
 * Stores the images as photos of the enquiry, after the ones it has; each attachment then names
 * its photo and keeps no bytes, as a matched reply's does. A photo's file is stored before its row
 * (savePhoto); should the action roll back, the file is left under a random name, never a row
 * pointing at a missing file.
 */
async function attachPhotos(
  db: DbExecutor,
  config: AppConfig,
  enquiryId: string,
  images: readonly ImageAttachment[],
): Promise<void> {
  if (images.length === 0) return;
  const storage = uploadStorageFor(config);
  const photoIds: string[] = [];
  for (const image of images) {
    const saved = await savePhoto(db, storage, image.photo, { originalName: image.filename, ip: null });
    await db
      .updateTable('enquiry_incoming_attachments')
      .set({ upload_id: saved.id, data: null, bytes: image.photo.data.length })
      .where('id', '=', image.attachmentId)
      .execute();
    photoIds.push(saved.id);
  }
  await appendEnquiryPhotos(db, enquiryId, photoIds);
}

/** Takes an unmatched message off the list, with an optional reason. */
export async function dismissUnmatched(
  db: DbExecutor,
  input: UnmatchedDismissInput,
  user: { id: string },
): Promise<UnmatchedActionResult> {
  const result = await db
    .updateTable('enquiry_incoming_messages')
    .set({
      dismissed_at: sql<Date>`now()`,
      dismissed_by: user.id,
      dismiss_reason: input.reason && input.reason !== '' ? input.reason : null,
    })
    .where('id', '=', input.id)
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { status: 'ok' } : { status: 'not_found' };
}
