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
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const expiresAt = new Date(windowStart.getTime() + windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, count: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limits.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= rule.limit,
    count: row.count,
    retryAfterSeconds: Math.max(1, Math.ceil((expiresAt.getTime() - now.getTime()) / 1000)),
  };
}

/** Reads a counter without consuming it (e.g. to show a lock before checking a password). */
export async function peekRateLimit(
  db: DbExecutor,
  key: string,
  rule: RateLimitRule,
  now = new Date(),
): Promise<RateLimitResult> {
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  const row = await db
    .selectFrom('rate_limits')
    .select('count')
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  const count = row?.count ?? 0;
  return {
    allowed: count < rule.limit,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000)),
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
  const windowMs = rule.windowSeconds * 1000;
  const windowStart = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  await db
    .updateTable('rate_limits')
    .set({ count: sql`greatest(count - 1, 0)` })
    .where('key', '=', key)
    .where('window_start', '=', windowStart)
    .execute();
}
