import {
  OWNERSHIP_DECLARATION,
  OWNERSHIP_DECLARATION_VERSION,
  SELLER_STATUS_WORDS,
  type SellerConversationEntry,
  type SellerOfferView,
  type SellerPageView,
} from '#shared/enquiries/seller.ts';
import { takesOffers } from '#shared/enquiries/status.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { formatAud } from '#shared/money/aud.ts';
import { formatLongDay } from '#shared/time/zones.ts';
import { sql } from 'kysely';
import type { Database, DbExecutor } from '../db/database.ts';
import { htmlToReadingText } from '../email/plain-text.ts';
import { fileIncomingMessage } from '../conversation/entry.ts';
import { allowance, type Allowance, SELLER_LIMITS } from './allowances.ts';
import { latestOffer, sellerName, sellerOf, today, watchName } from './sellers.ts';

// The seller's private page (decision 059): what it shows of their one enquiry, their answer to
// an offer, their messages, and new links for an address. Every query here is keyed by the
// enquiry the verified token names, so nothing of another enquiry is reachable from it.

/** An offer e-mail in the seller's conversation: what it offered, in the e-mail's words. */
export function offerSummary(
  amountCents: number,
  validUntil: string | null,
  conditions: string | null,
): string {
  return [
    `We offered ${formatAud(amountCents)} for your watch.`,
    validUntil ? `The offer stands until ${formatLongDay(validUntil)}.` : null,
    conditions ? `Conditions: ${conditions}` : null,
  ]
    .filter(Boolean)
    .join('\n');
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
  const [photos, offer, replies, incoming, offers, day] = await Promise.all([
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
    db
      .selectFrom('enquiry_offers')
      .select([
        'amount_cents',
        sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
        'conditions',
        'created_at',
      ])
      .where('enquiry_id', '=', enquiryId)
      .orderBy('created_at')
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
      text: r.html ? htmlToReadingText(r.html) : '',
    })),
    // Every offer was e-mailed to the seller (queueOfferEmail): listed with the e-mail's subject,
    // so the conversation holds what we sent as well as what we wrote (decision 095).
    ...offers.map((o): SellerConversationEntry => ({
      kind: 'ours',
      at: o.created_at.toISOString(),
      subject: `Our offer for your ${watchName(enquiry)}`,
      text: offerSummary(Number(o.amount_cents), o.valid_until, o.conditions),
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
