import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

/**
 * The sending domain's complaint rate over a rolling window (decision 074): complaints per
 * delivered e-mail, campaigns and flows together, as Gmail's Postmaster Tools measure a sender's
 * spam rate. Read from the provider's events by the time they happened (the time they arrived
 * when the provider gave none), through the partial index on those two types.
 */
interface ComplaintRate {
  delivered: number;
  complained: number;
  /** Percent; null before anything was delivered in the window. */
  rate: number | null;
}

export const COMPLAINT_WINDOW_DAYS = 7;

export async function rollingComplaintRate(
  db: DbExecutor,
  now: Date,
  days = COMPLAINT_WINDOW_DAYS,
): Promise<ComplaintRate> {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const { rows } = await sql<{ delivered: number; complained: number }>`
    SELECT count(*) FILTER (WHERE type = 'email.delivered')::int AS delivered,
      count(*) FILTER (WHERE type = 'email.complained')::int AS complained
    FROM email_events
    WHERE type IN ('email.delivered', 'email.complained')
      AND coalesce(occurred_at, received_at) > ${since}
      AND coalesce(occurred_at, received_at) <= ${now}`.execute(db);
  const delivered = rows[0]?.delivered ?? 0;
  const complained = rows[0]?.complained ?? 0;
  return { delivered, complained, rate: delivered > 0 ? (100 * complained) / delivered : null };
}
