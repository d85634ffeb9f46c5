import { type RawBuilder, sql } from 'kysely';
import type { AuditAction } from '#shared/audit/actions.ts';
import { AUDIT_PAGE_SIZE, type AuditFilters, type AuditListResult } from '#shared/audit/schemas.ts';
import { ROLES, type Role } from '#shared/auth/permissions.ts';
import type { DbExecutor } from '../db/database.ts';
import { memberNames } from '../db/member-names.ts';
import { containsPattern } from '../db/paging.ts';
import { type CsvExportSpec, localTimestamp } from '../exports/csv-export.ts';

// The audit log (decision 028): who did what, when, from where, to which record. The summary names
// the fields an action set, never secrets, long text (HTML bodies) only by its length, and personal
// text (names, addresses, phones, notes about a person) only by its field (decision 036).

export interface AuditActor {
  id: string | null;
  email: string | null;
  ip: string | null;
}

export interface AuditEntry {
  /** One of AUDIT_ACTIONS: the log's sentences describe each (shared/audit/sentences.ts). */
  action: AuditAction;
  entityType?: string | null;
  entityId?: string | null;
  summary?: Record<string, unknown>;
}

const SECRET_KEY = /password|token|secret|code|recovery|otp|totp/i;
const LONG_TEXT = 200;

/** The fields of an input as the audit log may keep them: no secrets, no long bodies. */
export function auditSummary(input: unknown, depth = 0): unknown {
  if (typeof input === 'string') return input.length > LONG_TEXT ? `[${input.length} characters]` : input;
  if (input === null || typeof input !== 'object') return input;
  if (depth >= 2) return Array.isArray(input) ? `[${input.length} items]` : '[object]';
  if (Array.isArray(input)) {
    const items: unknown[] = input;
    return items.length > 20 ? `[${items.length} items]` : items.map((item) => auditSummary(item, depth + 1));
  }
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    out[key] = SECRET_KEY.test(key) ? '[hidden]' : auditSummary(value, depth + 1);
  }
  return out;
}

/**
 * What the audit log keeps of a value that names or describes a person: that it was given, never
 * what it was. The log is append-only and outlives an erasure (decision 036).
 */
export const PERSONAL_VALUE = '[personal data]';

/**
 * The input with the values of `fields` replaced by PERSONAL_VALUE. A dotted name reaches into a
 * nested object ('consentEvidence.note'), through arrays of them; a value left empty (null, absent
 * or '') is kept, since that it was not given is no one's data.
 */
export function withoutPersonalData(input: unknown, fields: readonly string[] | undefined): unknown {
  let out = input;
  for (const field of fields ?? []) out = redactPath(out, field.split('.'));
  return out;
}

function redactPath(value: unknown, path: readonly string[]): unknown {
  if (value === null || value === undefined || value === '') return value;
  const [head, ...rest] = path;
  if (head === undefined) return PERSONAL_VALUE;
  if (Array.isArray(value)) return value.map((item: unknown) => redactPath(item, path));
  if (typeof value !== 'object' || !Object.hasOwn(value, head)) return value;
  const record = value as Record<string, unknown>;
  return { ...record, [head]: redactPath(record[head], rest) };
}

export async function recordAudit(db: DbExecutor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: actor.id,
      actor_email: actor.email,
      ip: actor.ip,
      action: entry.action,
      entity_type: entry.entityType ?? null,
      entity_id: entry.entityId ?? null,
      summary: JSON.stringify(entry.summary ?? {}),
    })
    .execute();
}

/**
 * The summary as shown and exported: a throttled caller's counted refusals (decision 028) add how
 * many there were and the first and last time.
 */
const shownSummary = sql`CASE WHEN refusal_key IS NULL THEN summary ELSE summary || jsonb_build_object(
  'refusals', refusals, 'firstAt', created_at, 'lastAt', last_at) END`;

function auditConditions(filters: AuditFilters, timezone: string): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (filters.member) conditions.push(sql`actor_email ILIKE ${containsPattern(filters.member)}`);
  if (filters.action) conditions.push(sql`action ILIKE ${containsPattern(filters.action)}`);
  // Days are the business's days: midnight in its timezone, not the server's.
  if (filters.from)
    conditions.push(sql`created_at >= (${filters.from}::date::timestamp AT TIME ZONE ${timezone})`);
  if (filters.to)
    conditions.push(sql`created_at < ((${filters.to}::date + 1)::timestamp AT TIME ZONE ${timezone})`);
  return conditions;
}

function whereOf(conditions: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
}

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

/**
 * The record a row names, as it is now, for the sentence and its link: a campaign's, template's
 * or segment's name, a member's address; a contact or an enquiry only as found, never by its name
 * (decision 036). Session ids are cut short and invitation ids are no user's, so they find
 * nothing; a cast only runs on text shaped like a uuid.
 */
const target = sql`LEFT JOIN LATERAL (
  SELECT found, label, recipients FROM (
    SELECT true AS found, name AS label, total_recipients AS recipients FROM email_campaigns
      WHERE a.entity_type = 'campaigns' AND id = target_id.id
    UNION ALL SELECT true, template_name, NULL FROM email_templates
      WHERE a.entity_type = 'templates' AND id = target_id.id
    UNION ALL SELECT true, name, NULL FROM segments WHERE a.entity_type = 'segments' AND id = target_id.id
    UNION ALL SELECT true, name, NULL FROM automation_flows
      WHERE a.entity_type = 'automations' AND id = target_id.id
    UNION ALL SELECT true, NULL, NULL FROM leads WHERE a.entity_type = 'contacts' AND id = target_id.id
    UNION ALL SELECT true, NULL, NULL FROM enquiries WHERE a.entity_type = 'enquiries' AND id = target_id.id
    UNION ALL SELECT true, email, NULL FROM users
      WHERE a.entity_type IN ('team', 'user') AND id = target_id.id
  ) AS found_target LIMIT 1
) AS t ON true`;

const ROLE_NAMES: ReadonlySet<string> = new Set(ROLES);

/**
 * The addresses a row may name a member by (decision 102): its actor, and for a team action the
 * member it acted on (the target's label, or the address its input or summary kept).
 */
function namedAddresses(row: { actor_email: string | null; target_label: string | null; summary: unknown }) {
  const summary =
    row.summary !== null && typeof row.summary === 'object' ? (row.summary as Record<string, unknown>) : {};
  const input =
    summary.input !== null && typeof summary.input === 'object'
      ? (summary.input as Record<string, unknown>)
      : {};
  return [row.actor_email, row.target_label, input.email, summary.email].filter(
    (value): value is string => typeof value === 'string' && value.includes('@'),
  );
}

export async function listAudit(
  db: DbExecutor,
  filters: AuditFilters & { page: number },
  timezone: string,
): Promise<AuditListResult> {
  const where = whereOf(auditConditions(filters, timezone));
  const offset = (filters.page - 1) * AUDIT_PAGE_SIZE;
  const [rows, count] = await Promise.all([
    sql<{
      id: string;
      created_at: Date;
      actor_email: string | null;
      actor_role: string | null;
      ip: string | null;
      action: string;
      entity_type: string | null;
      entity_id: string | null;
      summary: unknown;
      target_found: boolean | null;
      target_label: string | null;
      target_recipients: number | null;
    }>`
      SELECT a.id, a.created_at, a.actor_email, r.role AS actor_role, a.ip, a.action, a.entity_type,
        a.entity_id, a.summary, t.found AS target_found, t.label AS target_label,
        t.recipients AS target_recipients
      FROM (
        SELECT id, created_at, actor_id, actor_email, ip, action, entity_type, entity_id,
          ${shownSummary} AS summary
        FROM audit_log
        WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT ${AUDIT_PAGE_SIZE} OFFSET ${offset}
      ) AS a
      LEFT JOIN user_roles r ON r.user_id = a.actor_id
      CROSS JOIN LATERAL (SELECT CASE WHEN a.entity_id ~* ${UUID_TEXT} THEN a.entity_id::uuid END AS id)
        AS target_id
      ${target}
      ORDER BY a.created_at DESC, a.id DESC`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log WHERE ${where}`.execute(db),
  ]);
  return {
    names: await memberNames(db, rows.rows.flatMap(namedAddresses)),
    rows: rows.rows.map((r) => ({
      id: String(r.id),
      createdAt: r.created_at.toISOString(),
      actorEmail: r.actor_email,
      actorRole: r.actor_role && ROLE_NAMES.has(r.actor_role) ? (r.actor_role as Role) : null,
      ip: r.ip,
      action: r.action,
      entityType: r.entity_type,
      entityId: r.entity_id,
      summary: JSON.stringify(r.summary),
      target: r.target_found ? { label: r.target_label, recipients: r.target_recipients } : null,
    })),
    total: count.rows[0]?.n ?? 0,
    page: filters.page,
    pageSize: AUDIT_PAGE_SIZE,
  };
}

export const AUDIT_CSV_HEADER = [
  'Date & Time',
  'Member',
  'IP Address',
  'Action',
  'Entity',
  'Entity ID',
  'Summary',
] as const;

export function auditCsvExport(filters: AuditFilters, timezone: string): CsvExportSpec {
  const conditions = auditConditions(filters, timezone);
  return {
    header: AUDIT_CSV_HEADER,
    table: 'audit_log',
    conditions,
    cells: [
      { plain: localTimestamp('created_at') },
      { text: sql.ref('actor_email') },
      { text: sql.ref('ip') },
      { text: sql.ref('action') },
      { text: sql.ref('entity_type') },
      { text: sql.ref('entity_id') },
      { text: sql`(${shownSummary})::text` },
    ],
    timezone,
    async count(trx: DbExecutor) {
      const result = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM audit_log WHERE ${whereOf(conditions)}`.execute(trx);
      return result.rows[0]?.n ?? 0;
    },
  };
}
