import { sql } from 'kysely';
import { closedStatuses, type EnquiryStatus } from '#shared/enquiries/status.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbTransaction } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import type { AppServices } from '../services.ts';
import { chainOfferSent } from './certificate.ts';
import { offerEmail, sellerLinkEmail } from '../seller-link/entry.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import { sellerName, sellerOf, watchName } from './sellers.ts';

// The e-mails that bring a seller to their page: a new link, an offer (decisions 059 and 067).

/** At most one new-link e-mail per enquiry in this window, however often it is asked for. */
const NEW_LINK_EMAIL_WINDOW_MS = 15 * 60 * 1000;

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
