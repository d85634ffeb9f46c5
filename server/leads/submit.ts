import { sql } from 'kysely';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { DbExecutor } from '../db/database.ts';
import type { AppServices } from '../services.ts';
import type { RequestInfo } from '../trpc/context.ts';
import { attachUploads } from '../uploads/uploads.ts';
import { enqueueEnquiryNotification } from './notifications.ts';

export const CONSENT_SOURCE_SELL_FORM = 'sell_form';

export interface SubmitLeadResult {
  enquiryId: string;
  leadId: string;
  /** false when this meta_event_id was already stored: the first result is returned, nothing is written. */
  created: boolean;
}

/** One or more photo ids do not exist, were cleaned up, or already belong to another enquiry. */
export class PhotosUnavailableError extends Error {
  override name = 'PhotosUnavailableError';
  constructor() {
    super('Some of your photos are no longer available. Please remove them and add them again.');
  }
}

/** Thrown inside the transaction to roll it back when the submission turns out to be a repeat. */
class RepeatedSubmission extends Error {}

/**
 * The contact and the enquiry in one statement (one round trip on the public hot path). The CTE
 * upserts the contact, one per e-mail case-insensitively: name and phone follow the latest enquiry,
 * consent is only ever added, with its evidence (time, source, IP) when given, and unsubscribes and
 * suppressions are never touched, so a ticked box cannot resubscribe anyone (that needs the signed
 * preferences link). The enquiry insert does nothing on a repeated meta_event_id, waiting for a
 * concurrent twin to commit first, and then returns no row.
 */
async function insertContactAndEnquiry(
  db: DbExecutor,
  input: LeadSubmit,
  request: RequestInfo,
  now: Date,
): Promise<{ enquiryId: string; leadId: string } | null> {
  const emailConsent = input.emailMarketingConsent;
  const smsConsent = input.smsMarketingConsent;
  const consentGiven = emailConsent || smsConsent;
  // Written as SQL rather than with the query builder: it is the public hot path, and a data-modifying
  // CTE reads more plainly this way. Consent and its evidence are only ever set, never cleared.
  const result = await sql<{ id: string; lead_id: string }>`
    WITH contact AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         consent_at, consent_source, consent_ip)
      VALUES (${input.email}, ${input.fullName}, ${input.phone}, ${emailConsent}, ${smsConsent},
              ${consentGiven ? now : null}, ${consentGiven ? CONSENT_SOURCE_SELL_FORM : null},
              ${consentGiven ? request.ip : null})
      ON CONFLICT ((lower(email))) DO UPDATE SET
        full_name = EXCLUDED.full_name,
        phone = EXCLUDED.phone,
        updated_at = ${now},
        email_marketing_consent = leads.email_marketing_consent OR EXCLUDED.email_marketing_consent,
        sms_marketing_consent = leads.sms_marketing_consent OR EXCLUDED.sms_marketing_consent,
        consent_at = COALESCE(EXCLUDED.consent_at, leads.consent_at),
        consent_source = CASE WHEN EXCLUDED.consent_at IS NULL THEN leads.consent_source
                              ELSE EXCLUDED.consent_source END,
        consent_ip = CASE WHEN EXCLUDED.consent_at IS NULL THEN leads.consent_ip ELSE EXCLUDED.consent_ip END
      RETURNING id
    )
    INSERT INTO enquiries (lead_id, watch_brand, watch_model, watch_year, watch_condition, has_box,
                           has_papers, additional_details, source, utm_source, utm_medium, utm_campaign,
                           utm_content, utm_term, meta_event_id, ip, user_agent, created_at)
    SELECT contact.id, ${input.watchBrand}, ${input.watchModel}, ${input.watchYear}::int,
           ${input.watchCondition}, ${input.hasBox}, ${input.hasPapers}, ${input.additionalDetails},
           'website', ${input.utm_source}, ${input.utm_medium}, ${input.utm_campaign}, ${input.utm_content},
           ${input.utm_term}, ${input.meta_event_id}, ${request.ip}, ${request.userAgent}, ${now}
    FROM contact
    ON CONFLICT (meta_event_id) DO NOTHING
    RETURNING id, lead_id`.execute(db);
  const row = result.rows[0];
  return row ? { enquiryId: row.id, leadId: row.lead_id } : null;
}

/**
 * Stores one sell-form submission in a single transaction: the contact, the enquiry, its photos and
 * the job that e-mails the business and the seller (queued in the same transaction, so it exists only
 * if the enquiry commits). meta_event_id makes it idempotent: a double-click, a retry or a concurrent
 * duplicate gets the first result. The unique constraint decides (ON CONFLICT waits for the other
 * transaction), not a prior look-up that two requests could both pass.
 */
export async function submitLead(
  services: Pick<AppServices, 'db' | 'jobs'>,
  input: LeadSubmit,
  request: RequestInfo,
  now = new Date(),
): Promise<SubmitLeadResult> {
  const photoIds = [...new Set(input.photo_upload_ids)];
  try {
    return await services.db.transaction().execute(async (trx) => {
      const stored = await insertContactAndEnquiry(trx, input, request, now);
      if (!stored) throw new RepeatedSubmission();

      const attached = await attachUploads(trx, stored.enquiryId, photoIds);
      if (attached.length !== photoIds.length) throw new PhotosUnavailableError();

      await enqueueEnquiryNotification(services, stored.enquiryId, { trx });
      return { ...stored, created: true };
    });
  } catch (error) {
    if (!(error instanceof RepeatedSubmission)) throw error;
    const first = await services.db
      .selectFrom('enquiries')
      .select(['id', 'lead_id'])
      .where('meta_event_id', '=', input.meta_event_id)
      .executeTakeFirstOrThrow();
    return { enquiryId: first.id, leadId: first.lead_id, created: false };
  }
}
