import { sql } from 'kysely';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { DbExecutor } from '../db/database.ts';
import { PREPARE_MARKER } from '../db/prepared.ts';
import type { AppServices } from '../services.ts';
import type { RequestInfo } from '../trpc/context.ts';
import { insertJobsSql } from '../jobs/sql-enqueue.ts';

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

/**
 * The whole submission in one statement, so it is atomic without an explicit transaction and costs
 * one round trip on the public hot path (prepared, db/prepared.ts: its text is fixed, every value a
 * parameter):
 * - `photos` locks the seller's uploads that are still unattached; unless every one is there, nothing
 *   else is written (`ready`), and the caller reports the photos as unavailable.
 * - `contact` upserts the contact, one per e-mail case-insensitively: name and phone follow the
 *   latest enquiry, consent is only ever added, with its evidence (time, source, IP) when given;
 *   unsubscribes and suppressions are never touched, so a ticked box cannot resubscribe anyone
 *   (that needs the signed preferences link). Skipped for an event id already stored.
 * - `enquiry` does nothing on a repeated meta_event_id (ON CONFLICT waits for a concurrent twin to
 *   commit first), and then nothing below it happens either.
 * - `attached` gives the photos to the enquiry; `job` queues `enquiry.notify` (jobs/sql-enqueue.ts),
 *   so the e-mails exist exactly when the enquiry does.
 */
async function storeSubmission(
  db: DbExecutor,
  input: LeadSubmit,
  photoIds: string[],
  request: RequestInfo,
  now: Date,
): Promise<{ enquiryId: string | null; leadId: string | null; photosReady: boolean }> {
  const emailConsent = input.emailMarketingConsent;
  const smsConsent = input.smsMarketingConsent;
  const consentGiven = emailConsent || smsConsent;
  const result = await sql<{
    id: string | null;
    lead_id: string | null;
    photos_ready: boolean;
  }>`${sql.raw(PREPARE_MARKER)}
    WITH photos AS (
      SELECT id FROM uploads
      WHERE id = ANY(${photoIds}::uuid[]) AND enquiry_id IS NULL
      FOR UPDATE
    ),
    ready AS (
      SELECT (SELECT count(*) FROM photos) = cardinality(${photoIds}::uuid[]) AS ok
    ),
    contact AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         consent_at, consent_source, consent_ip)
      SELECT ${input.email}, ${input.fullName}, ${input.phone}, ${emailConsent}, ${smsConsent},
             ${consentGiven ? now : null}::timestamptz, ${consentGiven ? CONSENT_SOURCE_SELL_FORM : null},
             ${consentGiven ? request.ip : null}
      FROM ready
      WHERE ready.ok AND NOT EXISTS (SELECT 1 FROM enquiries WHERE meta_event_id = ${input.meta_event_id})
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
    ),
    enquiry AS (
      INSERT INTO enquiries (lead_id, watch_brand, watch_model, watch_year, watch_condition, has_box,
                             has_papers, additional_details, source, utm_source, utm_medium, utm_campaign,
                             utm_content, utm_term, meta_event_id, ip, user_agent, created_at)
      SELECT contact.id, ${input.watchBrand}, ${input.watchModel}, ${input.watchYear}::int,
             ${input.watchCondition}, ${input.hasBox}, ${input.hasPapers}, ${input.additionalDetails},
             'website', ${input.utm_source}, ${input.utm_medium}, ${input.utm_campaign}, ${input.utm_content},
             ${input.utm_term}, ${input.meta_event_id}, ${request.ip}, ${request.userAgent}, ${now}
      FROM contact
      ON CONFLICT (meta_event_id) DO NOTHING
      RETURNING id, lead_id
    ),
    attached AS (
      UPDATE uploads SET enquiry_id = enquiry.id
      FROM enquiry
      WHERE uploads.id IN (SELECT id FROM photos)
      RETURNING uploads.id
    ),
    job AS (${insertJobsSql('enquiry.notify', 'enquiry', sql`jsonb_build_object('enquiryId', enquiry.id)`)})
    SELECT enquiry.id, enquiry.lead_id, ready.ok AS photos_ready
    FROM ready LEFT JOIN enquiry ON true`.execute(db);
  const row = result.rows[0];
  return {
    enquiryId: row?.id ?? null,
    leadId: row?.lead_id ?? null,
    photosReady: row?.photos_ready ?? false,
  };
}

/**
 * Stores one sell-form submission: the contact, the enquiry, its photos and the job that e-mails
 * the business and the seller, all or nothing (one statement). meta_event_id makes it idempotent:
 * a double-click, a retry or a concurrent duplicate gets the first result. The unique constraint
 * decides (ON CONFLICT waits for the other transaction), not a prior look-up that two requests
 * could both pass.
 */
export async function submitLead(
  services: Pick<AppServices, 'db'>,
  input: LeadSubmit,
  request: RequestInfo,
  now = new Date(),
): Promise<SubmitLeadResult> {
  const photoIds = [...new Set(input.photo_upload_ids)];
  const stored = await storeSubmission(services.db, input, photoIds, request, now);
  if (stored.enquiryId && stored.leadId)
    return { enquiryId: stored.enquiryId, leadId: stored.leadId, created: true };
  const first = await services.db
    .selectFrom('enquiries')
    .select(['id', 'lead_id'])
    .where('meta_event_id', '=', input.meta_event_id)
    .executeTakeFirst();
  if (first) return { enquiryId: first.id, leadId: first.lead_id, created: false };
  if (!stored.photosReady) throw new PhotosUnavailableError();
  throw new Error('The submission was neither stored nor found');
}
