import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { businessToday } from '#shared/enquiries/schemas.ts';
import {
  OWNERSHIP_DECLARATION,
  OWNERSHIP_DECLARATION_VERSION,
  SELLER_MESSAGES,
  SELLER_STATUS_WORDS,
  type SellerConversationEntry,
  type SellerOfferView,
  type SellerPageView,
} from '#shared/enquiries/seller.ts';
import { closedStatuses, type EnquiryStatus, takesOffers } from '#shared/enquiries/status.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import { notifyEnquiryChanged } from '../db/enquiry-changed.ts';
import { htmlToPlainText } from '../email/plain-text.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { fileIncomingMessage } from './conversation.ts';
import type { MailServices } from './appointments.ts';
import { advanceBySeller } from './pipeline.ts';
import { certificateFilename, chainOfferSent, issueAcceptanceCertificate } from './certificate.ts';
import { acceptanceReceiptEmail, offerAnsweredEmail, offerEmail, sellerLinkEmail } from './seller-emails.ts';
import { issueSellerLink } from './seller-link.ts';

// The seller's private page (decision 059): what it shows of their one enquiry, their answer to
// an offer, their messages, and new links for an address. Every query here is keyed by the
// enquiry the verified token names, so nothing of another enquiry is reachable from it.

export const SELLER_LIMITS = {
  /** Page views and answers from one network: a person reloads, a script probing tokens does not. */
  perIp: { limit: 120, windowSeconds: 15 * 60 },
  /** Thumbnails on the page: a view loads each of its photos (at most ten). */
  photosPerIp: { limit: 600, windowSeconds: 15 * 60 },
  /** Messages written on one enquiry's page. */
  messagesPerEnquiry: { limit: 10, windowSeconds: 60 * 60 },
  /** The expired-link form: how many addresses one network may try, and how often one inbox is mailed. */
  newLinkPerIp: { limit: 20, windowSeconds: 60 * 60 },
  newLinkPerAddress: { limit: 5, windowSeconds: 15 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** At most one new-link e-mail per enquiry in this window, however often it is asked for. */
const NEW_LINK_EMAIL_WINDOW_MS = 15 * 60 * 1000;

export type Allowance = { allowed: true } | { allowed: false; retryAfterSeconds: number };

async function allowance(
  db: DbExecutor,
  checks: Array<[string, RateLimitRule]>,
  now: Date,
): Promise<Allowance> {
  const results = [];
  for (const [key, rule] of checks) results.push(await consumeRateLimit(db, key, rule, now));
  const refused = results.filter((r) => !r.allowed);
  if (refused.length === 0) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(...refused.map((r) => r.retryAfterSeconds)) };
}

export function consumeSellerPageAllowance(db: DbExecutor, ip: string | null, now = new Date()) {
  return allowance(db, [[`seller-page:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.perIp]], now);
}

export function consumeSellerPhotoAllowance(db: DbExecutor, ip: string | null, now = new Date()) {
  return allowance(db, [[`seller-photo:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.photosPerIp]], now);
}

// Addresses are hashed in rate-limit keys: that table is not a place to keep a list of e-mails.
function addressKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
}

export function consumeNewLinkAllowance(
  db: DbExecutor,
  { email, ip }: { email: string; ip: string | null },
  now = new Date(),
) {
  return allowance(
    db,
    [
      [`seller-link:ip:${ip ?? 'unknown'}`, SELLER_LIMITS.newLinkPerIp],
      [`seller-link:email:${addressKey(email)}`, SELLER_LIMITS.newLinkPerAddress],
    ],
    now,
  );
}

function watchName(row: { watch_brand: string; watch_model: string | null }): string {
  const name = [row.watch_brand === 'Other' ? null : row.watch_brand, row.watch_model]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name || 'watch';
}

async function sellerOf(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.status',
      'enquiries.assignee_id',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
}

function sellerName(row: { contact_name: string | null; full_name: string | null; email: string }): string {
  return row.contact_name ?? row.full_name ?? row.email;
}

async function latestOffer(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('enquiry_offers')
    .select([
      'id',
      'amount_cents',
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'conditions',
    ])
    .where('enquiry_id', '=', enquiryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

async function today(db: DbExecutor): Promise<string> {
  return businessToday(await getSettingsTimezone(db));
}

/** Everything the seller's page shows; null when the enquiry is gone. */
export async function sellerPageView(db: Database, enquiryId: string): Promise<SellerPageView | null> {
  const enquiry = await db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.status',
      'enquiries.created_at',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.watch_year',
      'enquiries.watch_condition',
      'enquiries.has_box',
      'enquiries.has_papers',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (!enquiry) return null;
  const [photos, offer, replies, incoming, day] = await Promise.all([
    db
      .selectFrom('uploads')
      .select('id')
      .where('enquiry_id', '=', enquiryId)
      // The seller's order, then any added later (decision 026).
      .orderBy('position')
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    latestOffer(db, enquiryId),
    db
      .selectFrom('enquiry_messages')
      .select(['subject', 'html', 'created_at'])
      .where('enquiry_id', '=', enquiryId)
      .orderBy('created_at')
      .execute(),
    db
      .selectFrom('enquiry_incoming_messages')
      .select(['body_text', 'received_at'])
      .where('enquiry_id', '=', enquiryId)
      .orderBy('received_at')
      .execute(),
    today(db),
  ]);
  const response = offer
    ? await db
        .selectFrom('offer_responses')
        .leftJoin(
          'acceptance_certificates',
          'acceptance_certificates.offer_response_id',
          'offer_responses.id',
        )
        .select([
          'offer_responses.response',
          'offer_responses.responded_at',
          'offer_responses.typed_name',
          'acceptance_certificates.id as certificate_id',
          'acceptance_certificates.sha256 as certificate_sha256',
        ])
        .where('offer_responses.offer_id', '=', offer.id)
        .executeTakeFirst()
    : undefined;
  const offerView: SellerOfferView | null = offer
    ? {
        id: offer.id,
        amountCents: Number(offer.amount_cents),
        validUntil: offer.valid_until,
        conditions: offer.conditions,
        answerable:
          !response &&
          takesOffers(enquiry.status) &&
          (offer.valid_until === null || offer.valid_until >= day),
        response: response
          ? {
              kind: response.response,
              at: response.responded_at.toISOString(),
              typedName: response.typed_name,
              certificate:
                response.certificate_id && response.certificate_sha256
                  ? { id: response.certificate_id, sha256: response.certificate_sha256 }
                  : null,
            }
          : null,
      }
    : null;
  const conversation: SellerConversationEntry[] = [
    ...replies.map((r): SellerConversationEntry => ({
      kind: 'ours',
      at: r.created_at.toISOString(),
      subject: r.subject,
      // Retention may have removed the body (decision 026): the subject stays as the record.
      text: r.html ? htmlToPlainText(r.html) : '',
    })),
    ...incoming.map((m): SellerConversationEntry => ({
      kind: 'theirs',
      at: m.received_at.toISOString(),
      text: m.body_text,
    })),
  ].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const name = sellerName(enquiry);
  return {
    reference: enquiryReference(enquiry.id),
    firstName: name.trim().split(/\s+/)[0] ?? '',
    status: enquiry.status,
    statusWords: SELLER_STATUS_WORDS[enquiry.status],
    watch: {
      brand: enquiry.watch_brand,
      model: enquiry.watch_model,
      year: enquiry.watch_year,
      condition: enquiry.watch_condition,
      hasBox: enquiry.has_box,
      hasPapers: enquiry.has_papers,
    },
    submittedAt: enquiry.created_at.toISOString(),
    photoIds: photos.map((p) => p.id),
    offer: offerView,
    conversation,
    declaration: { text: OWNERSHIP_DECLARATION, version: OWNERSHIP_DECLARATION_VERSION },
  };
}

/** Whether a photo belongs to the enquiry a seller's token opens (their thumbnails only). */
export async function photoOfEnquiry(db: DbExecutor, enquiryId: string, photoId: string): Promise<boolean> {
  const row = await db
    .selectFrom('uploads')
    .select('id')
    .where('id', '=', photoId)
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
  return row !== undefined;
}

export type OfferAnswer =
  { kind: 'accepted'; typedName: string } | { kind: 'declined'; reason: string | null };

export type OfferAnswerResult =
  | { status: 'ok' }
  | { status: 'not_found' | 'answered' | 'superseded' | 'closed' | 'expired'; message: string };

const refusal = (status: Exclude<OfferAnswerResult['status'], 'ok'>, message: string) => ({
  status,
  message,
});

/**
 * The seller's answer to an offer: refused when the offer is not this enquiry's, was answered,
 * is no longer the latest, the enquiry is closed or purchased, or its last day has passed in the
 * business's timezone. Otherwise the answer is stored with the evidence (typed name, declaration
 * version, IP, user agent, time), the enquiry moves through the transition table with the seller as
 * the actor, and the assignee (or the business's inbox) is e-mailed in the same transaction.
 */
export async function answerOffer(
  trx: DbTransaction,
  // The move may end a visit, whose cancellation reaches the seller (decision 062): MailServices.
  services: MailServices,
  input: { enquiryId: string; offerId: string; answer: OfferAnswer },
  // linkId names the private link used (decision 072): a digest of the token, never the token.
  origin: { ip: string | null; userAgent: string | null; linkId?: string | null },
): Promise<OfferAnswerResult> {
  const enquiry = await trx
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', input.enquiryId)
    .forUpdate()
    .executeTakeFirst();
  const seller = enquiry ? await sellerOf(trx, input.enquiryId) : undefined;
  if (!seller) return refusal('not_found', SELLER_MESSAGES.linkInvalid);
  const offer = await trx
    .selectFrom('enquiry_offers')
    .select(['id', 'amount_cents', sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until')])
    .where('id', '=', input.offerId)
    .where('enquiry_id', '=', input.enquiryId)
    .executeTakeFirst();
  if (!offer) return refusal('not_found', SELLER_MESSAGES.offerNotFound);
  const answered = await trx
    .selectFrom('offer_responses')
    .select('id')
    .where('offer_id', '=', offer.id)
    .executeTakeFirst();
  if (answered) return refusal('answered', SELLER_MESSAGES.offerAnswered);
  const latest = await latestOffer(trx, input.enquiryId);
  if (latest?.id !== offer.id) return refusal('superseded', SELLER_MESSAGES.offerSuperseded);
  if (!takesOffers(seller.status)) return refusal('closed', SELLER_MESSAGES.enquiryClosed);
  if (offer.valid_until !== null && offer.valid_until < (await today(trx)))
    return refusal('expired', SELLER_MESSAGES.offerExpired);

  const { answer } = input;
  const response = await trx
    .insertInto('offer_responses')
    .values({
      offer_id: offer.id,
      enquiry_id: input.enquiryId,
      response: answer.kind,
      typed_name: answer.kind === 'accepted' ? answer.typedName : null,
      reason: answer.kind === 'declined' ? answer.reason : null,
      terms_version: answer.kind === 'accepted' ? OWNERSHIP_DECLARATION_VERSION : null,
      ip: origin.ip,
      user_agent: origin.userAgent?.slice(0, 1000) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Offer made → Accepted / Declined where the table allows it; a revised offer answered after an
  // earlier acceptance leaves the status as it is (decision 026).
  await advanceBySeller(
    trx,
    input.enquiryId,
    seller.status,
    answer.kind,
    seller.email,
    answer.kind === 'declined' ? answer.reason : null,
    services,
  );
  // Told by e-mail below, and at once on the assignee's open pages once this commits (decision 063).
  await notifyEnquiryChanged(
    trx,
    input.enquiryId,
    answer.kind === 'accepted' ? 'offer_accepted' : 'offer_declined',
  );
  const assignee = seller.assignee_id
    ? await trx.selectFrom('users').select('email').where('id', '=', seller.assignee_id).executeTakeFirst()
    : undefined;
  await enqueueEmail(
    services,
    offerAnsweredEmail(services.config, {
      to: assignee?.email ?? services.config.site.email,
      enquiryId: input.enquiryId,
      sellerName: sellerName(seller),
      watch: watchName(seller),
      amountCents: Number(offer.amount_cents),
      response: answer.kind,
      typedName: answer.kind === 'accepted' ? answer.typedName : null,
      reason: answer.kind === 'declined' ? answer.reason : null,
    }),
    `offer-answered-${offer.id}`,
    { trx },
    { aboutEnquiryIds: [input.enquiryId] },
  );
  if (answer.kind === 'accepted')
    await sendAcceptanceReceipt(trx, services, {
      enquiryId: input.enquiryId,
      offerId: offer.id,
      responseId: response.id,
      linkId: origin.linkId ?? null,
      seller,
      typedName: answer.typedName,
    });
  return { status: 'ok' };
}

/**
 * The certificate of acceptance and the seller's receipt carrying it (decision 072), both in the
 * acceptance's transaction: one receipt per acceptance, under a key of its certificate.
 */
async function sendAcceptanceReceipt(
  trx: DbTransaction,
  services: MailServices,
  input: {
    enquiryId: string;
    offerId: string;
    responseId: string;
    linkId: string | null;
    seller: NonNullable<Awaited<ReturnType<typeof sellerOf>>>;
    typedName: string;
  },
): Promise<void> {
  const certificate = await issueAcceptanceCertificate(trx, services.config, input);
  const link = await issueSellerLink(trx, services.config, input.enquiryId);
  const { offer, declaration } = certificate.content;
  await enqueueEmail(
    services,
    acceptanceReceiptEmail(services.config, {
      to: input.seller.email,
      fullName: sellerName(input.seller),
      enquiryId: input.enquiryId,
      watch: watchName(input.seller),
      amountCents: offer.amountCents,
      validUntil: offer.validUntil,
      conditions: offer.conditions,
      typedName: input.typedName,
      declaration: { text: declaration.text, version: declaration.version },
      certificate: {
        id: certificate.id,
        filename: certificateFilename(certificate.content.enquiryReference, certificate.id),
        pdfBase64: Buffer.from(certificate.pdf).toString('base64'),
        sha256: certificate.sha256,
      },
      verifyUrl: certificate.content.verifyUrl,
      url: link.url,
    }),
    `acceptance-receipt-${certificate.id}`,
    { trx },
    { aboutEnquiryIds: [input.enquiryId] },
  );
}

/** A message written in the page's box, filed on the enquiry's conversation (decision 060). */
export async function fileSellerPageMessage(
  db: DbExecutor,
  enquiryId: string,
  body: string,
  now = new Date(),
): Promise<Allowance> {
  const limit = await allowance(
    db,
    [[`seller-message:enquiry:${enquiryId}`, SELLER_LIMITS.messagesPerEnquiry]],
    now,
  );
  if (!limit.allowed) return limit;
  const seller = await sellerOf(db, enquiryId);
  if (!seller) return { allowed: true };
  await fileIncomingMessage(db, {
    enquiryId,
    source: 'seller_page',
    fromEmail: seller.email,
    fromName: sellerName(seller),
    subject: null,
    bodyText: body,
    bodyHtml: null,
  });
  return { allowed: true };
}

/** The enquiries a new link is sent for: every one of the address that is still open. */
const NO_LINK_STATUSES: readonly EnquiryStatus[] = [...closedStatuses, 'purchased'];

/**
 * "Send me a new link": the request only queues one `seller.link-request` job, so it runs the same
 * statements and answers as fast whatever the address (decision 067); the caller answers the same
 * either way (decision 059). The request's time rides along, so a retried job keeps its e-mail key.
 */
export async function requestSellerLinks(
  services: Pick<AppServices, 'jobs'>,
  email: string,
  now = new Date(),
): Promise<void> {
  await services.jobs.send('seller.link-request', {
    email: email.trim().toLowerCase(),
    requestedAt: now.toISOString(),
  });
}

/**
 * The job behind a new-link request: e-mails a fresh link for each open enquiry of the address,
 * and nothing when it has none. Answers how many e-mails it queued.
 */
export async function runSellerLinkRequestJob(
  services: Pick<AppServices, 'db' | 'jobs'> & {
    config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'site' | 'emailFrom' | 'inboundDomain'>;
  },
  payload: { email: string; requestedAt: string },
): Promise<number> {
  const rows = await services.db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
    ])
    .where((eb) => eb(eb.fn('lower', ['leads.email']), '=', payload.email.trim().toLowerCase()))
    .where('enquiries.status', 'not in', NO_LINK_STATUSES)
    .orderBy('enquiries.created_at', 'desc')
    .limit(10)
    .execute();
  const windowIndex = Math.floor(new Date(payload.requestedAt).getTime() / NEW_LINK_EMAIL_WINDOW_MS);
  for (const row of rows) {
    await services.db.transaction().execute(async (trx) => {
      const link = await issueSellerLink(trx, services.config, row.id);
      await enqueueEmail(
        services,
        sellerLinkEmail(services.config, {
          to: row.email,
          fullName: sellerName(row),
          enquiryId: row.id,
          watch: watchName(row),
          url: link.url,
        }),
        // Same key within a window: repeated requests queue one e-mail, so the form cannot flood an inbox.
        `seller-link-${row.id}-${windowIndex}`,
        { trx },
        { aboutEnquiryIds: [row.id] },
      );
    });
  }
  return rows.length;
}

/** The offer e-mail, queued in the transaction that recorded the offer, with the seller's link. */
export async function queueOfferEmail(
  trx: DbTransaction,
  services: Pick<AppServices, 'jobs'> & {
    config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'site' | 'emailFrom' | 'inboundDomain'>;
  },
  enquiryId: string,
  offerId: string,
): Promise<void> {
  const seller = await sellerOf(trx, enquiryId);
  const offer = await trx
    .selectFrom('enquiry_offers')
    .select([
      'amount_cents',
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'conditions',
    ])
    .where('id', '=', offerId)
    .executeTakeFirst();
  if (!seller || !offer) return;
  const link = await issueSellerLink(trx, services.config, enquiryId);
  // The chain's record of the offer going out (decision 072), in the offer's transaction.
  await chainOfferSent(trx, {
    enquiryId,
    offerId,
    amountCents: Number(offer.amount_cents),
    validUntil: offer.valid_until,
    conditions: offer.conditions,
    to: seller.email,
  });
  await enqueueEmail(
    services,
    offerEmail(services.config, {
      to: seller.email,
      fullName: sellerName(seller),
      enquiryId,
      watch: watchName(seller),
      amountCents: Number(offer.amount_cents),
      validUntil: offer.valid_until,
      conditions: offer.conditions,
      url: link.url,
    }),
    `enquiry-offer-${offerId}`,
    { trx },
    // Its provider id is recorded, so its delivery events reach the certificate (decision 072).
    { aboutEnquiryIds: [enquiryId], offerId },
  );
}
