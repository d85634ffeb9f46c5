import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import {
  consumeRateLimit,
  peekRateLimit,
  pruneRateLimits,
  releaseRateLimit,
  resetRateLimit,
} from './rate-limit.ts';

describe('PostgreSQL rate limiter', () => {
  const t = useTestDatabase();
  const rule = { limit: 3, windowSeconds: 60 };
  const at = new Date('2026-11-21T10:00:05Z');

  it('allows up to the limit in a window, then refuses with the seconds left', async () => {
    const results = [];
    for (let i = 0; i < 4; i += 1) results.push(await consumeRateLimit(t.db, 'k:a', rule, at));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]).toMatchObject({ count: 4, retryAfterSeconds: 55 });
    expect(await peekRateLimit(t.db, 'k:a', rule, at)).toMatchObject({ allowed: false, count: 4 });
  });

  it('starts a new window and keeps keys apart', async () => {
    const next = new Date('2026-11-21T10:01:00Z');
    expect((await consumeRateLimit(t.db, 'k:a', rule, next)).allowed).toBe(true);
    expect((await consumeRateLimit(t.db, 'k:b', rule, at)).count).toBe(1);
  });

  it('counts concurrent calls exactly once each', async () => {
    const concurrent = await Promise.all(
      Array.from({ length: 20 }, () =>
        consumeRateLimit(t.db, 'k:burst', { limit: 5, windowSeconds: 60 }, at),
      ),
    );
    expect(concurrent.filter((r) => r.allowed)).toHaveLength(5);
    expect(new Set(concurrent.map((r) => r.count)).size).toBe(20);
  });

  it('resets a key and prunes expired windows', async () => {
    await resetRateLimit(t.db, 'k:burst');
    expect((await peekRateLimit(t.db, 'k:burst', rule, at)).count).toBe(0);
    const pruned = await pruneRateLimits(t.db, new Date('2026-11-22T00:00:00Z'));
    expect(pruned).toBeGreaterThan(0);
    const { count } = await t.db
      .selectFrom('rate_limits')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(count).toBe(0);
  });

  it('gives back one request of the current window, never below zero', async () => {
    await consumeRateLimit(t.db, 'k:release', rule, at);
    await consumeRateLimit(t.db, 'k:release', rule, at);
    await releaseRateLimit(t.db, 'k:release', rule, at);
    expect((await peekRateLimit(t.db, 'k:release', rule, at)).count).toBe(1);
    await releaseRateLimit(t.db, 'k:release', rule, at);
    await releaseRateLimit(t.db, 'k:release', rule, at);
    expect((await peekRateLimit(t.db, 'k:release', rule, at)).count).toBe(0);
    // Another window is untouched.
    await releaseRateLimit(t.db, 'k:release', rule, new Date('2026-11-21T10:05:00Z'));
    await releaseRateLimit(t.db, 'k:none', rule, at);
  });
});
