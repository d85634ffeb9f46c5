import { sql } from 'kysely';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import {
  LATENESS_ALLOWANCE_MS,
  ProviderRateLimiter,
  rateLimitedTransport,
  type SendLane,
} from './rate-limiter.ts';
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

  it('a transactional send queued behind campaign batches goes at the next slot (decision 087)', async () => {
    const limiter = new ProviderRateLimiter(t.db);
    await limiter.acquire(undefined, 'bulk');
    // Slots 300 ms apart: wide enough that the order below cannot come from timer jitter.
    const intervalMs = 300;
    await sql`UPDATE provider_rate_limits SET interval_ms = ${intervalMs}`.execute(t.db);
    // The queued batches' limiter counts its answered statements, to know when both have asked.
    let answered = 0;
    const counting = new ProviderRateLimiter(
      t.db.withPlugin({
        transformQuery: (args) => args.node,
        transformResult: (args) => {
          answered += 1;
          return Promise.resolve(args.result);
        },
      }),
    );
    const order: string[] = [];
    const slots = new Map<string, number>();
    const take = (name: string, lane: SendLane, via: ProviderRateLimiter) =>
      via.acquire(undefined, lane).then((slotAt) => {
        order.push(name);
        slots.set(name, slotAt);
      });
    await take('batch 1', 'bulk', limiter);
    const queued = [take('batch 2', 'bulk', counting), take('batch 3', 'bulk', counting)];
    // The row's INSERT, then each batch's UPDATE and SELECT: both are waiting for a slot.
    await expect.poll(() => answered).toBeGreaterThanOrEqual(5);
    const ack = take('acknowledgement', 'transactional', limiter);
    await Promise.all([...queued, ack]);
    expect(order[0]).toBe('batch 1');
    expect(order[1]).toBe('acknowledgement');
    expect(order.slice(2).sort()).toEqual(['batch 2', 'batch 3']);
    // The next slot, not a later one: one interval after batch 1's (a timer's lateness aside).
    const gap = (slots.get('acknowledgement') ?? 0) - (slots.get('batch 1') ?? 0);
    expect(gap).toBeLessThan(2 * intervalMs);
  });

  it('a 429 holds the transactional lane back as it holds the bulk lane', async () => {
    const limiter = new ProviderRateLimiter(t.db);
    await limiter.acquire(undefined, 'bulk');
    const interval =
      (await sql<{ interval_ms: number }>`SELECT interval_ms FROM provider_rate_limits`.execute(t.db)).rows[0]
        ?.interval_ms ?? 0;
    await limiter.block(30);
    const blockedAt = await nextAt();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal, 'transactional');
    // The transactional request's slot is the first one after the block, not one before it.
    await expect.poll(() => nextAt()).toBeCloseTo(blockedAt + interval, 1);
    controller.abort();
    await waiting;
  });
});
