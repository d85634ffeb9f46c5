import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { AuditActor, AuditEntry } from './audit.ts';

/**
 * Refusals of a throttled caller (decision 028): the first refusals of a caller each get their own
 * row, as every real guess should; once the throttle answers "too many", further refusals in the
 * same 15-minute window are counted into one row per (action, caller, window): its `created_at` is
 * the first refusal, `last_at` the latest, `refusals` how many. So 1,000 anonymous failures cost a
 * few rows instead of 1,000, and nobody can grow the append-only log at will.
 *
 * The window is the database's clock (`date_bin`), the same clock the append-only trigger checks:
 * the row may be raised only while its window is open (migration `20261126062000`).
 */
export const REFUSAL_WINDOW = '15 minutes';

/** The caller a throttled refusal is counted under: its address, and the member it was aimed at. */
function callerKey(actor: AuditActor): string {
  return `${actor.ip ?? 'unknown'}|${actor.id ?? '-'}`;
}

export async function recordThrottledRefusal(
  db: DbExecutor,
  actor: AuditActor,
  entry: AuditEntry,
): Promise<void> {
  await sql`
    INSERT INTO audit_log (created_at, actor_id, actor_email, ip, action, entity_type, entity_id, summary,
      refusal_key, window_start, window_end, refusals, last_at)
    SELECT statement_timestamp(), ${actor.id}, ${actor.email}, ${actor.ip}, ${entry.action},
      ${entry.entityType ?? null}, ${entry.entityId ?? null}, ${JSON.stringify(entry.summary ?? {})}::jsonb,
      ${callerKey(actor)}, w.start, w.start + ${REFUSAL_WINDOW}::interval, 1, statement_timestamp()
    FROM (SELECT date_bin(${REFUSAL_WINDOW}::interval, statement_timestamp(), timestamptz '2000-01-01 00:00Z')
      AS start) w
    ON CONFLICT (action, refusal_key, window_start) WHERE refusal_key IS NOT NULL
    DO UPDATE SET refusals = audit_log.refusals + 1,
      last_at = greatest(audit_log.last_at, excluded.last_at)`.execute(db);
}
