import { sql } from 'kysely';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';
import type { ImportOutcome, SkipReason } from '#shared/contacts/import.ts';
import type { DbExecutor, DbTransaction } from '../../db/database.ts';
import type { ImportRow } from './parse.ts';

// The set-based SQL of an import (decision 035): each batch of rows travels as a handful of arrays
// (unnest) and is classified and written by one statement, whatever its size. The dry run and the
// run classify with the same expression, so the run does exactly what the dry run showed.

function inputArrays(rows: readonly ImportRow[]) {
  return sql`unnest(
    ${rows.map((r) => r.row)}::int[], ${rows.map((r) => r.email)}::text[],
    ${rows.map((r) => r.fullName)}::text[], ${rows.map((r) => r.phone)}::text[],
    ${rows.map((r) => r.emailConsent)}::bool[], ${rows.map((r) => r.smsConsent)}::bool[]
  ) AS i(row_number, email, full_name, phone, email_consent, sms_consent)`;
}

/**
 * Each input row `i` with its contact `l` (if any), and what importing it does. An address on the
 * suppression list, or a contact suppressed or unsubscribed from e-mail, is skipped whole: an import
 * never re-subscribes anybody.
 */
function classified(rows: readonly ImportRow[]) {
  return sql`
    SELECT i.*, l.id AS lead_id,
      CASE
        WHEN l.suppressed_at IS NOT NULL OR EXISTS (
          SELECT 1 FROM email_suppressions s WHERE s.email_hash = email_hash(i.email)) THEN 'suppressed'
        WHEN l.email_unsubscribed_at IS NOT NULL THEN 'unsubscribed'
        WHEN l.id IS NULL THEN 'create'
        -- A name or phone only fills what the contact lacks (decision 035): the contact's own,
        -- typed by them or an admin, is never overwritten by a file.
        WHEN (i.full_name IS NOT NULL AND nullif(l.full_name, '') IS NULL)
          OR (i.phone IS NOT NULL AND nullif(l.phone, '') IS NULL)
          OR (i.email_consent AND NOT l.email_marketing_consent)
          OR (i.sms_consent AND NOT l.sms_marketing_consent AND l.sms_unsubscribed_at IS NULL) THEN 'update'
        ELSE 'unchanged'
      END AS outcome,
      -- The e-mail marketing state the row's contact has after the import, for the dry run's
      -- figures (decision 035): the import's consent adds to the contact's and clears a pending
      -- request; a request still pending stays pending (the import sends no confirmation e-mail).
      -- Rows skipped above are not counted, so unsubscribed and suppressed need no case here.
      CASE
        WHEN coalesce(l.email_marketing_consent, false) OR i.email_consent THEN 'subscribed'
        WHEN coalesce(l.email_consent_pending, false) THEN 'pending'
        ELSE 'not_subscribed'
      END AS consent_after,
      coalesce(i.email_consent AND NOT l.email_marketing_consent, false) AS grant_email,
      coalesce(i.sms_consent AND NOT l.sms_marketing_consent AND l.sms_unsubscribed_at IS NULL, false) AS grant_sms
    FROM ${inputArrays(rows)}
    -- One probe of the unique index on lower(email) per row. As a plain join the planner prefers
    -- to hash every contact (a sequential scan of the whole table, spilling to disk) for each
    -- batch, about a quarter of an import's database time (bench/README.md, decision 035); LIMIT 1
    -- (the index is unique, so it changes nothing) keeps the subquery from being flattened back
    -- into that join.
    LEFT JOIN LATERAL (
      SELECT * FROM leads WHERE lower(leads.email) = lower(i.email) LIMIT 1
    ) l ON true`;
}

export type ConsentAfter = 'subscribed' | 'pending' | 'not_subscribed';

export interface ClassifiedRow {
  row: number;
  outcome: ImportOutcome;
  reason: SkipReason | null;
  /** The contact's e-mail marketing state after the import; null for a skipped row. */
  consentAfter: ConsentAfter | null;
}

function toClassified(row: {
  row_number: number;
  outcome: string;
  consent_after: ConsentAfter;
}): ClassifiedRow {
  return row.outcome === 'suppressed' || row.outcome === 'unsubscribed'
    ? { row: row.row_number, outcome: 'skip', reason: row.outcome, consentAfter: null }
    : {
        row: row.row_number,
        outcome: row.outcome as ImportOutcome,
        reason: null,
        consentAfter: row.consent_after,
      };
}

/** What importing each row would do (the dry run). */
export async function classifyRows(db: DbExecutor, rows: readonly ImportRow[]): Promise<ClassifiedRow[]> {
  if (rows.length === 0) return [];
  const result = await sql<{ row_number: number; outcome: string; consent_after: ConsentAfter }>`
    SELECT row_number, outcome, consent_after FROM (${classified(rows)}) c ORDER BY row_number`.execute(db);
  return result.rows.map(toClassified);
}

export interface ApplyContext {
  importId: string;
  consent: ConsentEvidence | null;
  actorEmail: string;
  now: Date;
}

export interface BatchResult {
  created: number;
  updated: number;
  unchanged: number;
  /** Rows skipped by the database's state (unsubscribed, suppressed), kept for the report. */
  skipped: number;
}

/**
 * Imports one batch: creates the new contacts, updates the existing ones, records the consent the
 * import switched on with its evidence (one consent record per contact, decision 012), and keeps
 * the skipped rows for the report. One statement; its data-modifying parts all see the batch's
 * starting state, which is what the classification read.
 */
export async function importBatch(
  trx: DbTransaction,
  rows: readonly ImportRow[],
  ctx: ApplyContext,
): Promise<BatchResult> {
  if (rows.length === 0) return { created: 0, updated: 0, unchanged: 0, skipped: 0 };
  const source = `import:${ctx.actorEmail}`;
  const evidence = sql`${ctx.consent?.basis ?? null}, ${ctx.consent?.note ?? null}, ${ctx.consent?.obtainedOn ?? null}::date, ${ctx.actorEmail}`;
  const channels = (email: string, sms: string) =>
    sql`array_remove(ARRAY[CASE WHEN ${sql.ref(email)} THEN 'email' END, CASE WHEN ${sql.ref(sms)} THEN 'sms' END], NULL)`;
  const result = await sql<BatchResult>`
    WITH c AS MATERIALIZED (${classified(rows)}),
    created AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         consent_at, consent_source, created_at, updated_at)
      SELECT email, full_name, phone, email_consent, sms_consent,
        CASE WHEN email_consent OR sms_consent THEN ${ctx.now}::timestamptz END,
        CASE WHEN email_consent OR sms_consent THEN ${source} END,
        ${ctx.now}, ${ctx.now}
      FROM c WHERE outcome = 'create'
      ORDER BY row_number
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id, email_marketing_consent, sms_marketing_consent
    ),
    updated AS (
      UPDATE leads l SET
        full_name = coalesce(nullif(l.full_name, ''), c.full_name),
        phone = coalesce(nullif(l.phone, ''), c.phone),
        email_marketing_consent = l.email_marketing_consent OR c.grant_email,
        email_consent_pending = l.email_consent_pending AND NOT c.grant_email,
        sms_marketing_consent = l.sms_marketing_consent OR c.grant_sms,
        sms_consent_pending = l.sms_consent_pending AND NOT c.grant_sms,
        consent_at = CASE WHEN c.grant_email OR c.grant_sms THEN ${ctx.now}::timestamptz ELSE l.consent_at END,
        consent_source = CASE WHEN c.grant_email OR c.grant_sms THEN ${source} ELSE l.consent_source END,
        consent_ip = CASE WHEN c.grant_email OR c.grant_sms THEN NULL ELSE l.consent_ip END,
        consent_user_agent = CASE WHEN c.grant_email OR c.grant_sms THEN NULL ELSE l.consent_user_agent END,
        updated_at = ${ctx.now}
      FROM c WHERE c.outcome = 'update' AND l.id = c.lead_id
      RETURNING l.id, c.grant_email, c.grant_sms
    ),
    records AS (
      INSERT INTO consent_records (lead_id, channels, basis, note, obtained_on, recorded_by)
      SELECT id, ${channels('email_marketing_consent', 'sms_marketing_consent')}, ${evidence}
      FROM created WHERE email_marketing_consent OR sms_marketing_consent
      UNION ALL
      SELECT id, ${channels('grant_email', 'grant_sms')}, ${evidence}
      FROM updated WHERE grant_email OR grant_sms
      RETURNING 1
    ),
    -- Which contacts the import brought in (created, updated or already up to date): the contacts
    -- list's import filter (decision 035). A contact another writer created meanwhile is not linked.
    linked AS (
      INSERT INTO contact_import_rows (import_id, contact_id)
      SELECT ${ctx.importId}::uuid, id FROM created
      UNION ALL
      SELECT ${ctx.importId}::uuid, id FROM updated
      UNION ALL
      SELECT ${ctx.importId}::uuid, lead_id FROM c WHERE outcome = 'unchanged'
      ON CONFLICT DO NOTHING
      RETURNING 1
    ),
    rejected AS (
      INSERT INTO contact_import_rejections (import_id, row_number, email, full_name, phone, reason)
      SELECT ${ctx.importId}::uuid, row_number, email, full_name, phone, outcome
      FROM c WHERE outcome IN ('suppressed', 'unsubscribed')
      ON CONFLICT DO NOTHING
      RETURNING 1
    )
    SELECT
      (SELECT count(*)::int FROM created) AS created,
      (SELECT count(*)::int FROM updated) AS updated,
      -- A row another writer created meanwhile counts as unchanged.
      (SELECT count(*)::int FROM c WHERE outcome = 'unchanged')
        + (SELECT count(*)::int FROM c WHERE outcome = 'create') - (SELECT count(*)::int FROM created) AS unchanged,
      (SELECT count(*)::int FROM c WHERE outcome IN ('suppressed', 'unsubscribed')) AS skipped`.execute(trx);
  return result.rows[0] ?? { created: 0, updated: 0, unchanged: 0, skipped: 0 };
}
