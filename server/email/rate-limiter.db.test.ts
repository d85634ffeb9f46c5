import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { LATENESS_ALLOWANCE_MS, ProviderRateLimiter, rateLimitedTransport } from './rate-limiter.ts';
import { type BatchSendResult, type EmailTransport, noRateLimitInfo } from './types.ts';

describe('shared provider rate limiter', () => {
  const t = useTestDatabase();

  beforeEach(async () => {
    await sql`TRUNCATE provider_rate_limits`.execute(t.db);
  });

  async function nextAt(): Promise<number> {
    const { rows } = await sql<{ ms: number }>`
      SELECT (extract(epoch FROM next_at) * 1000)::float8 AS ms FROM provider_rate_limits WHERE key = 'resend'`.execute(
      t.db,
    );
    return rows[0]?.ms ?? Number.NaN;
  }

  it('moves the schedule on by what a late request exceeded the allowance by, and not for less', async () => {
    const limiter = new ProviderRateLimiter(t.db);
    await limiter.acquire();
    const before = await nextAt();
    await limiter.late(LATENESS_ALLOWANCE_MS);
    expect(await nextAt()).toBe(before);
    await limiter.late(LATENESS_ALLOWANCE_MS + 250);
    expect((await nextAt()) - before).toBeCloseTo(250, 3);
  });

  it('after a request on a possibly cold connection, the next slots count from its answer', async () => {
    const limiter = new ProviderRateLimiter(t.db);
    const answerAfterMs = 80;
    const slow: EmailTransport = {
      kind: 'resend',
      send: () => Promise.reject(new Error('unused')),
      sendBatch: () =>
        new Promise<BatchSendResult>((resolve) =>
          setTimeout(() => resolve({ ok: true, ids: ['id-1'], rateLimit: noRateLimitInfo }), answerAfterMs),
        ),
    };
    const paced = rateLimitedTransport(slow, limiter);
    const message = { from: 'a@example.com', to: ['b@example.com'], subject: 's', html: 'h' };
    // The first request of a transport is cold: its whole answer time may have been spent before
    // the provider saw it, so the schedule moves by at least that, less the allowance.
    await limiter.acquire();
    const reservedUpTo = await nextAt();
    await paced.sendBatch([message]);
    const afterCold = await nextAt();
    const interval =
      (await sql<{ interval_ms: number }>`SELECT interval_ms FROM provider_rate_limits`.execute(t.db)).rows[0]
        ?.interval_ms ?? 0;
    expect(afterCold - reservedUpTo).toBeGreaterThanOrEqual(
      interval + answerAfterMs - LATENESS_ALLOWANCE_MS - 5,
    );
  });
});
