import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Requests counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (for `Retry-After`). */
  retryAfterSeconds: number;
}

/** The fixed window `now` falls in, and when it ends: the one place this arithmetic lives. */
function windowOf(rule: RateLimitRule, now: Date): { start: Date; end: Date; retryAfterSeconds: number } {
  const windowMs = rule.windowSeconds * 1000;
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const end = new Date(start.getTime() + windowMs);
  return { start, end, retryAfterSeconds: Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000)) };
}

/**
 * Fixed-window counter shared by every process through PostgreSQL: one upsert per call, atomic
 * under concurrency. `key` names what is limited, e.g. `lead-submit:ip:203.0.113.9`.
 */
export async function consumeRateLimit(
  db: DbExecutor,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: window.start, count: 1, expires_at: window.end })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: window.retryAfterSeconds,
  };
}

/** Reads a counter without consuming it (e.g. to show a lock before checking a password). */
export async function peekRateLimit(
  db: DbExecutor,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const window = windowOf(rule, now);
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', window.start)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  return {
    allowed: count < rule.limit,
    count,
    retryAfterSeconds: window.retryAfterSeconds,
  };
}

export async function resetRateLimit(db: DbExecutor, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/** Deletes expired windows; the worker's hourly 'housekeeping.prune' job runs it (server/housekeeping.ts). */
export async function pruneRateLimits(db: DbExecutor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('rate_limits').where('expires_at', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Gives back one request of the current window (never below zero), for callers that count every
 * attempt up front (atomic under concurrency) but only mean to limit the ones that fail.
 */
export async function releaseRateLimit(
  db: DbExecutor,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', windowOf(rule, now).start)
    .execute();
}
