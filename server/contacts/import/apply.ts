import { sql } from 'kysely';
import type { ConsentEvidence } from '#shared/contacts/consent.ts';
import type { ImportOutcome, SkipReason } from '#shared/contacts/import.ts';
import type { DbExecutor, DbTransaction } from '../../db/database.ts';
import type { ImportRow } from './parse.ts';

// The set-based SQL of an import (decision 035): each batch of rows travels as a handful of arrays
// (unnest), is classified by one query and written by two statements, whatever its size.

function inputArrays(rows: readonly ImportRow[]) {
  return sql`unnest(
    ${rows.map((r) => r.row)}::int[], ${rows.map((r) => r.email)}::text[],
    ${rows.map((r) => r.fullName)}::text[], ${rows.map((r) => r.phone)}::text[],
    ${rows.map((r) => r.emailConsent)}::bool[], ${rows.map((r) => r.smsConsent)}::bool[]
  ) AS i(row_number, email, full_name, phone, email_consent, sms_consent)`;
}

export interface ClassifiedRow {
  row: number;
  outcome: ImportOutcome;
  reason: SkipReason | null;
}

/**
 * What importing each row would do. An address on the suppression list, or a contact suppressed
 * or unsubscribed from e-mail, is skipped whole: an import never re-subscribes anybody.
 */
export async function classifyRows(db: DbExecutor, rows: readonly ImportRow[]): Promise<ClassifiedRow[]> {
  if (rows.length === 0) return [];
  const result = await sql<{ row_number: number; outcome: string }>`
    SELECT i.row_number,
      CASE
        WHEN l.suppressed_at IS NOT NULL OR EXISTS (
          SELECT 1 FROM email_suppressions s WHERE s.email_hash = email_hash(i.email)) THEN 'suppressed'
        WHEN l.email_unsubscribed_at IS NOT NULL THEN 'unsubscribed'
        WHEN l.id IS NULL THEN 'create'
        WHEN (i.full_name IS NOT NULL AND i.full_name IS DISTINCT FROM l.full_name)
          OR (i.phone IS NOT NULL AND i.phone IS DISTINCT FROM l.phone)
          OR (i.email_consent AND NOT l.email_marketing_consent)
          OR (i.sms_consent AND NOT l.sms_marketing_consent AND l.sms_unsubscribed_at IS NULL) THEN 'update'
        ELSE 'unchanged'
      END AS outcome
    FROM ${inputArrays(rows)}
    LEFT JOIN leads l ON lower(l.email) = lower(i.email)
    ORDER BY i.row_number`.execute(db);
  return result.rows.map((r) =>
    r.outcome === 'suppressed' || r.outcome === 'unsubscribed'
      ? { row: r.row_number, outcome: 'skip', reason: r.outcome }
      : { row: r.row_number, outcome: r.outcome as ImportOutcome, reason: null },
  );
}

export interface ApplyContext {
  consent: ConsentEvidence | null;
  actorEmail: string;
  now: Date;
}

/**
 * Creates the new contacts and updates the existing ones of `rows` (already classified: pass only
 * rows whose outcome is create or update). Consent switched on by the import is recorded with its
 * evidence, one consent record per contact (decision 012). Returns how many were created and updated.
 */
export async function applyRows(
  trx: DbTransaction,
  rows: readonly ImportRow[],
  ctx: ApplyContext,
): Promise<{ created: number; updated: number }> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const source = `import:${ctx.actorEmail}`;
  const basis = ctx.consent?.basis ?? null;
  const note = ctx.consent?.note ?? null;
  const obtainedOn = ctx.consent?.obtainedOn ?? null;
  const channels = (email: string, sms: string) =>
    sql`array_remove(ARRAY[CASE WHEN ${sql.ref(email)} THEN 'email' END, CASE WHEN ${sql.ref(sms)} THEN 'sms' END], NULL)`;

  const created = await sql<{ n: number }>`
    WITH created AS (
      INSERT INTO leads (email, full_name, phone, email_marketing_consent, sms_marketing_consent,
                         consent_at, consent_source, created_at, updated_at)
      SELECT i.email, i.full_name, i.phone, i.email_consent, i.sms_consent,
        CASE WHEN i.email_consent OR i.sms_consent THEN ${ctx.now}::timestamptz END,
        CASE WHEN i.email_consent OR i.sms_consent THEN ${source} END,
        ${ctx.now}, ${ctx.now}
      FROM ${inputArrays(rows)}
      WHERE NOT EXISTS (SELECT 1 FROM leads l WHERE lower(l.email) = lower(i.email))
        AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email_hash = email_hash(i.email))
      ORDER BY i.row_number
      ON CONFLICT ((lower(email))) DO NOTHING
      RETURNING id, email_marketing_consent, sms_marketing_consent
    ),
    records AS (
      INSERT INTO consent_records (lead_id, channels, basis, note, obtained_on, recorded_by)
      SELECT id, ${channels('email_marketing_consent', 'sms_marketing_consent')}, ${basis}, ${note},
        ${obtainedOn}::date, ${ctx.actorEmail}
      FROM created WHERE email_marketing_consent OR sms_marketing_consent
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM created`.execute(trx);

  const updated = await sql<{ n: number }>`
    WITH target AS (
      SELECT l.id, i.full_name, i.phone,
        (i.email_consent AND NOT l.email_marketing_consent) AS grant_email,
        (i.sms_consent AND NOT l.sms_marketing_consent AND l.sms_unsubscribed_at IS NULL) AS grant_sms
      FROM ${inputArrays(rows)}
      JOIN leads l ON lower(l.email) = lower(i.email)
      WHERE l.email_unsubscribed_at IS NULL AND l.suppressed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM email_suppressions s WHERE s.email_hash = email_hash(i.email))
        AND ((i.full_name IS NOT NULL AND i.full_name IS DISTINCT FROM l.full_name)
          OR (i.phone IS NOT NULL AND i.phone IS DISTINCT FROM l.phone)
          OR (i.email_consent AND NOT l.email_marketing_consent)
          OR (i.sms_consent AND NOT l.sms_marketing_consent AND l.sms_unsubscribed_at IS NULL))
      FOR UPDATE OF l
    ),
    updated AS (
      UPDATE leads l SET
        full_name = coalesce(t.full_name, l.full_name),
        phone = coalesce(t.phone, l.phone),
        email_marketing_consent = l.email_marketing_consent OR t.grant_email,
        email_consent_pending = l.email_consent_pending AND NOT t.grant_email,
        sms_marketing_consent = l.sms_marketing_consent OR t.grant_sms,
        sms_consent_pending = l.sms_consent_pending AND NOT t.grant_sms,
        consent_at = CASE WHEN t.grant_email OR t.grant_sms THEN ${ctx.now}::timestamptz ELSE l.consent_at END,
        consent_source = CASE WHEN t.grant_email OR t.grant_sms THEN ${source} ELSE l.consent_source END,
        consent_ip = CASE WHEN t.grant_email OR t.grant_sms THEN NULL ELSE l.consent_ip END,
        consent_user_agent = CASE WHEN t.grant_email OR t.grant_sms THEN NULL ELSE l.consent_user_agent END,
        updated_at = ${ctx.now}
      FROM target t WHERE l.id = t.id
      RETURNING l.id
    ),
    records AS (
      INSERT INTO consent_records (lead_id, channels, basis, note, obtained_on, recorded_by)
      SELECT id, ${channels('grant_email', 'grant_sms')}, ${basis}, ${note}, ${obtainedOn}::date, ${ctx.actorEmail}
      FROM target WHERE grant_email OR grant_sms
      RETURNING 1
    )
    SELECT count(*)::int AS n FROM updated`.execute(trx);

  return { created: created.rows[0]?.n ?? 0, updated: updated.rows[0]?.n ?? 0 };
}
