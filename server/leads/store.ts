import { sql } from 'kysely';
import type { LeadSubmit } from '#shared/leads/schema.ts';
import type { Database } from '../db/database.ts';
import { PREPARE_MARKER } from '../db/prepared.ts';
import { insertJobsSql } from '../jobs/sql-enqueue.ts';
import type { RequestInfo } from '../trpc/context.ts';

/** consent_source of consent granted straight from the sell form (confirmation turned off). */
export const CONSENT_SOURCE_SELL_FORM_UNCONFIRMED = 'sell_form_unconfirmed';

/** One sell-form submission to store, its photo ids already de-duplicated. */
export interface PendingSubmission {
  input: LeadSubmit;
  photoIds: string[];
  request: RequestInfo;
  now: Date;
}

/** What the statement did for one submission. */
export interface StoredSubmission {
  /** Null when nothing was stored: the event id was already there, or a photo was unavailable. */
  enquiryId: string | null;
  leadId: string | null;
  photosReady: boolean;
  /** A ticked box is waiting for the address to confirm it: the acknowledgement carries the link. */
  confirmationRequested: boolean;
}

/**
 * Stores submissions in one statement, atomic without an explicit transaction, one round trip
 * however many submissions it carries (prepared, db/prepared.ts: the text is fixed, every value a
 * parameter, each column one array with an element per submission). For each submission:
 * - `photos` locks the uploads asked for that are still unattached; `ready` says whether all of a
 *   submission's photos are there. Unless they are, nothing of that submission is written, and the
 *   caller reports its photos as unavailable.
 * - `fresh` keeps the ready submissions whose meta_event_id is not stored yet.
 * - `contact` upserts the contact, one per e-mail case-insensitively. Anyone can type any address, so
 *   an existing name or phone is only filled when blank, and a ticked marketing box is only a
 *   request: with `settings.require_consent_confirmation` (the default) it marks the channel
 *   pending until the address confirms it through the link in the acknowledgement (decision 016);
 *   with confirmation turned off it grants consent, the evidence (time, IP, user agent) naming that
 *   source. Consent is only ever added here; unsubscribes and suppressions are never touched, so a
 *   ticked box cannot resubscribe anyone.
 * - `enquiry` does nothing on a repeated meta_event_id (ON CONFLICT waits for a concurrent twin to
 *   commit first), and then nothing below it happens for that submission either.
 * - `attached` gives the photos to their enquiry; `job` queues `enquiry.notify` per enquiry
 *   (jobs/sql-enqueue.ts), so the e-mails exist exactly when the enquiry does.
 * The caller never puts two submissions with the same e-mail, event id or photo in one statement
 * (an upsert may not touch one row twice); rows are written in key order, so two statements that
 * do share a key (another server process) wait for each other rather than deadlock.
 */
export async function storeSubmissions(
  db: Database,
  batch: readonly PendingSubmission[],
): Promise<StoredSubmission[]> {
  const column = <T>(pick: (submission: PendingSubmission) => T): T[] => batch.map(pick);
  const consentAt = (s: PendingSubmission) =>
    s.input.emailMarketingConsent || s.input.smsMarketingConsent ? s.now : null;
  const whenConsenting = <T>(s: PendingSubmission, value: T): T | null => (consentAt(s) ? value : null);
  const photoOrd: number[] = [];
  const photoId: string[] = [];
  batch.forEach((submission, index) => {
    for (const id of submission.photoIds) {
      photoOrd.push(index);
      photoId.push(id);
    }
  });

  const result = await sql<{
    ord: number;
    id: string | null;
    lead_id: string | null;
    photos_ready: boolean;
    confirmation_requested: boolean;
  }>`${sql.raw(PREPARE_MARKER)}
    WITH input AS (
      SELECT * FROM unnest(
        ${batch.map((_submission, index) => index)}::int[],
        ${column((s) => s.input.email)}::text[],
        ${column((s) => s.input.fullName)}::text[],
        ${column((s) => s.input.phone)}::text[],
        ${column((s) => s.input.emailMarketingConsent)}::boolean[],
        ${column((s) => s.input.smsMarketingConsent)}::boolean[],
        ${column(consentAt)}::timestamptz[],
        ${column((s) => whenConsenting(s, s.request.ip))}::text[],
        ${column((s) => whenConsenting(s, s.request.userAgent))}::text[],
        ${column((s) => s.input.meta_event_id)}::text[],
        ${column((s) => s.now)}::timestamptz[],
        ${column((s) => s.input.watchBrand)}::text[],
        ${column((s) => s.input.watchModel)}::text[],
        ${column((s) => s.input.watchYear)}::int[],
        ${column((s) => s.input.watchCondition)}::text[],
        ${column((s) => s.input.hasBox)}::boolean[],
        ${column((s) => s.input.hasPapers)}::boolean[],
        ${column((s) => s.input.additionalDetails)}::text[],
        ${column((s) => s.input.utm_source)}::text[],
        ${column((s) => s.input.utm_medium)}::text[],
        ${column((s) => s.input.utm_campaign)}::text[],
        ${column((s) => s.input.utm_content)}::text[],
        ${column((s) => s.input.utm_term)}::text[],
        ${column((s) => s.request.ip)}::text[],
        ${column((s) => s.request.userAgent)}::text[],
        ${column((s) => s.photoIds.length)}::int[]
      ) AS i(ord, email, full_name, phone, email_consent, sms_consent, consent_at, consent_ip,
             consent_user_agent, meta_event_id, now, watch_brand, watch_model, watch_year, watch_condition,
             has_box, has_papers, additional_details, utm_source, utm_medium, utm_campaign, utm_content,
             utm_term, ip, user_agent, photo_count)
    ),
    wanted AS (
      SELECT * FROM unnest(${photoOrd}::int[], ${photoId}::uuid[]) AS w(ord, id)
    ),
    photos AS (
      SELECT id FROM uploads
      WHERE id IN (SELECT id FROM wanted) AND enquiry_id IS NULL
      ORDER BY id
      FOR UPDATE
    ),
    ready AS (
      SELECT input.ord,
             (SELECT count(*) FROM wanted JOIN photos USING (id) WHERE wanted.ord = input.ord)
               = input.photo_count AS ok
      FROM input
    ),
    fresh AS (
      SELECT input.* FROM input JOIN ready USING (ord)
      WHERE ready.ok AND NOT EXISTS (SELECT 1 FROM enquiries WHERE meta_event_id = input.meta_event_id)
    ),
    policy AS (
      SELECT COALESCE((SELECT require_consent_confirmation FROM settings), true) AS confirm
    ),
    contact AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         email_consent_pending, sms_consent_pending, consent_requested_at,
                         consent_at, consent_source, consent_ip, consent_user_agent, updated_at)
      SELECT email, full_name, phone,
             email_consent AND NOT policy.confirm, sms_consent AND NOT policy.confirm,
             email_consent AND policy.confirm, sms_consent AND policy.confirm,
             CASE WHEN policy.confirm THEN consent_at END,
             CASE WHEN NOT policy.confirm THEN consent_at END,
             CASE WHEN NOT policy.confirm AND consent_at IS NOT NULL THEN ${CONSENT_SOURCE_SELL_FORM_UNCONFIRMED} END,
             CASE WHEN NOT policy.confirm THEN consent_ip END,
             CASE WHEN NOT policy.confirm THEN consent_user_agent END,
             now
      FROM fresh CROSS JOIN policy
      ORDER BY lower(email)
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
      RETURNING id, lower(email) AS email_key, email_consent_pending OR sms_consent_pending AS consent_pending
    ),
    enquiry AS (
      INSERT INTO enquiries (lead_id, contact_name, contact_phone, email_consent_requested,
                             sms_consent_requested, watch_brand, watch_model, watch_year,
                             watch_condition, has_box, has_papers, additional_details, source, utm_source,
                             utm_medium, utm_campaign, utm_content, utm_term, meta_event_id, ip, user_agent,
                             created_at)
      SELECT contact.id, fresh.full_name, fresh.phone, fresh.email_consent, fresh.sms_consent, fresh.watch_brand, fresh.watch_model, fresh.watch_year, fresh.watch_condition,
             fresh.has_box, fresh.has_papers, fresh.additional_details, 'website', fresh.utm_source,
             fresh.utm_medium, fresh.utm_campaign, fresh.utm_content, fresh.utm_term, fresh.meta_event_id,
             fresh.ip, fresh.user_agent, fresh.now
      FROM fresh JOIN contact ON contact.email_key = lower(fresh.email)
      ORDER BY fresh.meta_event_id
      ON CONFLICT (meta_event_id) DO NOTHING
      RETURNING id, lead_id, meta_event_id
    ),
    attached AS (
      UPDATE uploads SET enquiry_id = enquiry.id
      FROM enquiry
        JOIN input ON input.meta_event_id = enquiry.meta_event_id
        JOIN wanted ON wanted.ord = input.ord
      WHERE uploads.id = wanted.id AND uploads.id IN (SELECT id FROM photos)
      RETURNING uploads.id
    ),
    job AS (${insertJobsSql('enquiry.notify', 'enquiry', sql`jsonb_build_object('enquiryId', enquiry.id)`)})
    SELECT input.ord, enquiry.id, enquiry.lead_id, ready.ok AS photos_ready,
           COALESCE(contact.consent_pending AND (input.email_consent OR input.sms_consent), false)
             AS confirmation_requested
    FROM input
      JOIN ready USING (ord)
      LEFT JOIN enquiry ON enquiry.meta_event_id = input.meta_event_id
      LEFT JOIN contact ON contact.id = enquiry.lead_id`.execute(db);

  const byOrd = new Map(result.rows.map((row) => [row.ord, row]));
  return batch.map((_submission, index) => {
    const row = byOrd.get(index);
    return {
      enquiryId: row?.id ?? null,
      leadId: row?.lead_id ?? null,
      photosReady: row?.photos_ready ?? false,
      confirmationRequested: row?.confirmation_requested ?? false,
    };
  });
}
