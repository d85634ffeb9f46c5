import { sql } from 'kysely';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { DbTransaction } from '../db/database.ts';
import { enterEnquiryStatus, liveFlowsGeneration } from '../automations/entry.ts';
import {
  recordAttribution,
  touchCandidatesFrom,
  touchCandidatesOf,
  type TouchCandidates,
  type TouchRow,
} from '../insight/entry.ts';
import { PREPARE_MARKER } from '../db/prepared.ts';
import type { AppServices } from '../services.ts';
import type { RequestInfo } from '../http/request-info.ts';

/** consent_source of consent granted straight from the sell form (confirmation turned off). */
const CONSENT_SOURCE_SELL_FORM_UNCONFIRMED = 'sell_form_unconfirmed';

export interface SubmitLeadResult {
  enquiryId: string;
  contactId: string;
  /** false when this meta_event_id was already stored: the first result is returned, nothing is written. */
  created: boolean;
  /** The seller ticked a marketing box that waits for confirmation through the e-mailed link. */
  confirmationRequested: boolean;
}

/** One or more photo ids do not exist, were cleaned up, or already belong to another enquiry. */
export class PhotosUnavailableError extends Error {
  override name = 'PhotosUnavailableError';
  constructor() {
    super('Some of your photos are no longer available. Please remove them and add them again.');
  }
}

// Thrown inside the transaction to roll it back when nothing of a submission may be stored: its
// event id is already there, or one of its photos is not available.
class NotStored extends Error {
  readonly photosReady: boolean;
  constructor(photosReady: boolean) {
    super('The submission was not stored');
    this.photosReady = photosReady;
  }
}

/**
 * Stores one sell-form submission in one transaction (decision 020): the contact, the enquiry, its
 * photos and the `enquiry.notify` job that e-mails the business and the seller, the job sent by
 * pg-boss's own send() on the transaction, so the e-mails exist exactly when the enquiry does.
 * meta_event_id makes it idempotent: a double-click, a retry or a concurrent duplicate gets the
 * first result. The unique constraint decides (ON CONFLICT waits for the other transaction), not
 * a prior look-up that two requests could both pass. Rows are locked in one order (photos by id,
 * then the contact, then the enquiry), so two submissions sharing any of them wait rather than
 * deadlock.
 */
export async function submitLead(
  services: Pick<AppServices, 'db' | 'jobs' | 'liveFlows'>,
  input: LeadSubmit,
  request: RequestInfo,
  now = new Date(),
): Promise<SubmitLeadResult> {
  // The seller's order (decision 026): ids in the order the form showed them, a repeat dropped.
  const inOrder = [...new Set(input.photo_upload_ids)];
  const photoIds = [...inOrder].sort();
  try {
    return await services.db.transaction().execute(async (trx) => {
      // The photos asked for that are still unattached, locked until commit: a concurrent twin
      // that attached them first leaves this one short, and it then finds the twin's enquiry.
      if (photoIds.length > 0) {
        const free = await trx
          .selectFrom('uploads')
          .select('id')
          .where('id', 'in', photoIds)
          .where('enquiry_id', 'is', null)
          .orderBy('id')
          .forUpdate()
          .execute();
        if (free.length !== photoIds.length) throw new NotStored(false);
      }
      const { contact, enquiry, flowsGeneration, touches } = await storeContactAndEnquiry(
        trx,
        input,
        request,
        now,
      );
      if (!enquiry) throw new NotStored(true);
      // Each photo keeps its place in the seller's order: readers list by position (decision 026).
      if (inOrder.length > 0)
        await sql`
          UPDATE uploads SET enquiry_id = ${enquiry.id}, position = o.ord - 1
          FROM unnest(${inOrder}::uuid[]) WITH ORDINALITY AS o(id, ord)
          WHERE uploads.id = o.id`.execute(trx);
      await services.jobs.send('enquiry.notify', { enquiryId: enquiry.id }, { trx });
      // A new enquiry enters New: flows triggered by it start in this transaction (decision 064),
      // found in this app's cache when no flow changed since it was read (decision 098).
      await enterEnquiryStatus(
        trx,
        enquiry.id,
        services.liveFlows ? { cache: services.liveFlows, generation: flowsGeneration } : undefined,
      );
      await recordAttribution(trx, enquiry.id, contact.id, now, touches);
      return {
        enquiryId: enquiry.id,
        contactId: contact.id,
        created: true,
        confirmationRequested:
          contact.consent_pending && (input.emailMarketingConsent || input.smsMarketingConsent),
      };
    });
  } catch (error) {
    if (!(error instanceof NotStored)) throw error;
    const first = await services.db
      .selectFrom('enquiries')
      .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
      .select([
        'enquiries.id',
        'enquiries.lead_id',
        sql<boolean>`(enquiries.email_consent_requested OR enquiries.sms_consent_requested)
          AND (leads.email_consent_pending OR leads.sms_consent_pending)`.as('confirmation_requested'),
      ])
      .where('enquiries.meta_event_id', '=', input.meta_event_id)
      .executeTakeFirst();
    if (first)
      return {
        enquiryId: first.id,
        contactId: first.lead_id,
        created: false,
        confirmationRequested: first.confirmation_requested,
      };
    if (!error.photosReady) throw new PhotosUnavailableError();
    throw new Error('The submission was neither stored nor found', { cause: error });
  }
}

/**
 * Upserts the contact and inserts the enquiry in one statement (one round trip, prepared: decision
 * 020). The contact is one per e-mail case-insensitively. Anyone can type any address, so an
 * existing name or phone is only filled when blank, and a ticked marketing box is only a request:
 * with `settings.require_consent_confirmation` (the default) it marks the channel pending until
 * the address confirms it through the link in the acknowledgement (decision 016); with
 * confirmation turned off it grants consent, the evidence (time, IP, user agent) naming that
 * source. Consent is only ever added here; unsubscribes and suppressions are never touched, so a
 * ticked box cannot resubscribe anyone. The enquiry does nothing on a repeated meta_event_id (a
 * concurrent twin's insert is waited for): `enquiry` is then null, and the caller rolls back.
 * It also reads the live flows' generation (decision 098), so the status entry that follows needs
 * no read of its own while this app's cached flows are current, and the contact's e-mail touches
 * (decision 105), so attribution costs the transaction one INSERT, only when there is a touch.
 */
async function storeContactAndEnquiry(
  trx: DbTransaction,
  input: LeadSubmit,
  request: RequestInfo,
  now: Date,
): Promise<{
  contact: { id: string; consent_pending: boolean };
  enquiry: { id: string } | null;
  flowsGeneration: string | null;
  touches: TouchCandidates;
}> {
  const consenting = input.emailMarketingConsent || input.smsMarketingConsent;
  const consentAt = consenting ? now : null;
  const { rows } = await sql<
    {
      id: string;
      consent_pending: boolean;
      enquiry_id: string | null;
      flows_generation: string | null;
    } & TouchRow
  >`${sql.raw(PREPARE_MARKER)}
    -- The consent policy read once: as a subquery in each of its nine uses, the values of a
    -- submission folded some away, so PostgreSQL re-planned every call (decision 020).
    WITH policy AS MATERIALIZED (
      SELECT COALESCE((SELECT require_consent_confirmation FROM settings), true) AS confirm
    ),
    contact AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         email_consent_pending, sms_consent_pending, consent_requested_at,
                         consent_at, consent_source, consent_ip, consent_user_agent, updated_at)
      SELECT i.email, i.full_name, i.phone,
             i.email_consent AND NOT policy.confirm, i.sms_consent AND NOT policy.confirm,
             i.email_consent AND policy.confirm, i.sms_consent AND policy.confirm,
             CASE WHEN policy.confirm THEN i.consent_at END,
             CASE WHEN NOT policy.confirm THEN i.consent_at END,
             CASE WHEN NOT policy.confirm AND i.consent_at IS NOT NULL THEN ${CONSENT_SOURCE_SELL_FORM_UNCONFIRMED} END,
             CASE WHEN NOT policy.confirm THEN i.consent_ip END,
             CASE WHEN NOT policy.confirm THEN i.consent_user_agent END,
             i.now
      FROM (SELECT ${input.email}::text AS email, ${input.fullName}::text AS full_name,
                   ${input.phone}::text AS phone, ${input.emailMarketingConsent}::boolean AS email_consent,
                   ${input.smsMarketingConsent}::boolean AS sms_consent,
                   ${consentAt}::timestamptz AS consent_at,
                   ${consenting ? request.ip : null}::text AS consent_ip,
                   ${consenting ? request.userAgent : null}::text AS consent_user_agent,
                   ${now}::timestamptz AS now) AS i
        CROSS JOIN policy
      ON CONFLICT ((lower(email))) DO UPDATE SET
        -- Anyone can type a known address: an existing name or phone is only filled when blank.
        full_name = COALESCE(NULLIF(leads.full_name, ''), EXCLUDED.full_name),
        phone = COALESCE(NULLIF(leads.phone, ''), EXCLUDED.phone),
        updated_at = EXCLUDED.updated_at,
        email_marketing_consent = leads.email_marketing_consent OR EXCLUDED.email_marketing_consent,
        sms_marketing_consent = leads.sms_marketing_consent OR EXCLUDED.sms_marketing_consent,
        -- A channel the contact already receives needs no confirmation.
        email_consent_pending = leads.email_consent_pending OR (EXCLUDED.email_consent_pending
          AND NOT (leads.email_marketing_consent AND leads.email_unsubscribed_at IS NULL)),
        sms_consent_pending = leads.sms_consent_pending OR (EXCLUDED.sms_consent_pending
          AND NOT (leads.sms_marketing_consent AND leads.sms_unsubscribed_at IS NULL)),
        consent_requested_at = COALESCE(EXCLUDED.consent_requested_at, leads.consent_requested_at),
        consent_at = COALESCE(EXCLUDED.consent_at, leads.consent_at),
        consent_source = CASE WHEN EXCLUDED.consent_at IS NULL THEN leads.consent_source
                              ELSE EXCLUDED.consent_source END,
        consent_ip = CASE WHEN EXCLUDED.consent_at IS NULL THEN leads.consent_ip ELSE EXCLUDED.consent_ip END,
        consent_user_agent = CASE WHEN EXCLUDED.consent_at IS NULL THEN leads.consent_user_agent
                                  ELSE EXCLUDED.consent_user_agent END
      RETURNING id, email_consent_pending OR sms_consent_pending AS consent_pending
    ),
    enquiry AS (
      INSERT INTO enquiries (lead_id, contact_name, contact_phone, email_consent_requested,
                             sms_consent_requested, watch_brand, watch_model, watch_year,
                             watch_condition, has_box, has_papers, additional_details, source,
                             utm_source, utm_medium, utm_campaign, utm_content, utm_term, referrer,
                             meta_event_id, ip, user_agent, created_at)
      SELECT contact.id, ${input.fullName}::text, ${input.phone}::text,
             ${input.emailMarketingConsent}::boolean, ${input.smsMarketingConsent}::boolean,
             ${input.watchBrand}::text, ${input.watchModel}::text, ${input.watchYear}::int,
             ${input.watchCondition}::text, ${input.hasBox}::boolean, ${input.hasPapers}::boolean,
             ${input.additionalDetails}::text, 'website', ${input.utm_source}::text,
             ${input.utm_medium}::text, ${input.utm_campaign}::text, ${input.utm_content}::text,
             ${input.utm_term}::text, ${input.referrer}::text, ${input.meta_event_id}::text, ${request.ip}::text,
             ${request.userAgent}::text, ${now}::timestamptz
      FROM contact
      ON CONFLICT (meta_event_id) DO NOTHING
      RETURNING id
    )
    SELECT contact.id, contact.consent_pending, enquiry.id AS enquiry_id,
           ${liveFlowsGeneration} AS flows_generation, touch.*
    FROM contact LEFT JOIN enquiry ON true
      LEFT JOIN LATERAL ${touchCandidatesOf(sql.ref('contact.id'), now)} AS touch ON true`.execute(trx);
  const row = rows[0];
  if (!row) throw new Error('The contact upsert returned no row');
  return {
    contact: { id: row.id, consent_pending: row.consent_pending },
    enquiry: row.enquiry_id ? { id: row.enquiry_id } : null,
    flowsGeneration: row.flows_generation,
    touches: touchCandidatesFrom(rows),
  };
}
