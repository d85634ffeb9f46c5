import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import type { BatchSendResult, EmailTransport, RateLimitInfo, SendOptions, SendResult } from './types.ts';
import { sleep } from '../sleep.ts';

/** Resend's documented default when it does not tell us otherwise (decision 019). */
export const DEFAULT_REQUESTS_PER_SECOND = 2;
/**
 * Requests are spaced a little wider than the advertised rate: a request that leaves a few
 * milliseconds late must not land inside the provider's window with the next one. 2% keeps 98% of
 * the ceiling.
 */
export const SPACING_MARGIN = 1.02;

export function spacingFor(requestsPerSecond: number): number {
  return (1000 / requestsPerSecond) * SPACING_MARGIN;
}

/**
 * How late a request may reach the provider after its slot without crowding the provider's
 * one-second window: the margin above, whatever the rate (N slots span 1.02 s, not 1 s).
 */
export const LATENESS_ALLOWANCE_MS = 1000 * (SPACING_MARGIN - 1);
/**
 * A transport that has not finished a request for this long may have lost its connection (undici
 * keeps idle ones 4 s): its next request may open a new one (TCP, TLS, the client's first-use
 * set-up) and reach the provider well after its slot, while the requests after it are on time.
 */
export const WARM_CONNECTION_MS = 4_000;

/**
 * Which share of the schedule a request draws on (decision 087): single transactional e-mails
 * (acknowledgements, seller-page mail, team notices, sign-in mail) go first; campaign and flow
 * batches take the slots left over.
 */
export type SendLane = 'transactional' | 'bulk';
/**
 * How far ahead a bulk request may reserve its slot: enough to absorb a database round trip and a
 * timer firing late, so the bulk lane keeps its rate when no transactional e-mail waits, and the
 * most a transactional request can find reserved ahead of it besides the slot under way.
 */
export const BULK_LOOKAHEAD_MS = 50;

/**
 * One request rate shared by every worker and server process (decision 019): the schedule lives in a
 * PostgreSQL row. Each request reserves the next free slot (slots are `interval_ms` apart, like a
 * GCRA without burst) in one UPDATE, then waits for it; a 429 pushes the whole schedule past the
 * provider's `retry-after`. Idle time earns no burst, so the rate holds in every window.
 */
export class ProviderRateLimiter {
  readonly #db: Database;
  readonly #key: string;
  #knownRate: number | null = null;
  #ready: Promise<void> | null = null;

  constructor(db: Database, key = 'resend') {
    this.#db = db;
    this.#key = key;
  }

  #ensureRow(): Promise<void> {
    this.#ready ??= sql`
      INSERT INTO provider_rate_limits (key, interval_ms)
      VALUES (${this.#key}, ${spacingFor(DEFAULT_REQUESTS_PER_SECOND)})
      ON CONFLICT (key) DO NOTHING`
      .execute(this.#db)
      .then(() => undefined)
      .catch((error: unknown) => {
        this.#ready = null;
        throw error;
      });
    return this.#ready;
  }

  /**
   * Resolves when this caller may make one request, with the slot's time (performance.now()).
   * `transactional` (the default) reserves the next free slot at once, however far ahead;
   * `bulk` reserves only a slot that starts within BULK_LOOKAHEAD_MS and otherwise waits and
   * asks again, so bulk requests never hold the schedule's future and a transactional request
   * queued behind them goes at the next slot (decision 087).
   */
  async acquire(signal?: AbortSignal, lane: SendLane = 'transactional'): Promise<number> {
    await this.#ensureRow();
    for (;;) {
      // The database's clock decides, so processes on machines with skewed clocks still agree.
      // The WHERE is checked again on the newest row when another process updated it meanwhile
      // (READ COMMITTED), so two bulk callers never take the same slot.
      const { rows } = await sql<{ wait_ms: number }>`
        UPDATE provider_rate_limits
        SET next_at = greatest(next_at, clock_timestamp(), blocked_until) + interval_ms * interval '1 millisecond'
        WHERE key = ${this.#key}
          AND (${lane === 'transactional'}
               OR greatest(next_at, clock_timestamp(), blocked_until) <= clock_timestamp() + ${BULK_LOOKAHEAD_MS} * interval '1 millisecond')
        RETURNING (extract(epoch FROM (next_at - interval_ms * interval '1 millisecond' - clock_timestamp())) * 1000)::float8 AS wait_ms`.execute(
        this.#db,
      );
      const reserved = rows[0];
      if (reserved) {
        const slotAt = performance.now() + Math.max(0, reserved.wait_ms);
        await sleep(reserved.wait_ms, signal);
        return slotAt;
      }
      // Bulk, and the next free slot is further away: ask again when it comes within reach.
      const { rows: free } = await sql<{ wait_ms: number }>`
        SELECT (extract(epoch FROM (greatest(next_at, clock_timestamp(), blocked_until) - clock_timestamp())) * 1000)::float8 - ${BULK_LOOKAHEAD_MS} AS wait_ms
        FROM provider_rate_limits WHERE key = ${this.#key}`.execute(this.#db);
      await sleep(Math.max(1, free[0]?.wait_ms ?? 1), signal);
    }
  }

  /**
   * A request reached the provider up to `lateMs` after its slot: the schedule moves on by what
   * exceeds the allowance, so the requests after it keep their spacing from when it arrived.
   * Requests already waiting for their slots keep them; a 429 still covers the rare overlap.
   */
  async late(lateMs: number): Promise<void> {
    const shiftMs = lateMs - LATENESS_ALLOWANCE_MS;
    if (shiftMs <= 0) return;
    await this.#ensureRow();
    await sql`
      UPDATE provider_rate_limits
      SET next_at = next_at + ${shiftMs} * interval '1 millisecond', updated_at = now()
      WHERE key = ${this.#key}`.execute(this.#db);
  }

  /** Learns the provider's rate from its `ratelimit-*` headers (written only when it changes). */
  async observe(info: RateLimitInfo): Promise<void> {
    const limit = info.limit;
    if (limit === null || limit <= 0 || limit === this.#knownRate) return;
    this.#knownRate = limit;
    await this.#ensureRow();
    await sql`
      UPDATE provider_rate_limits SET interval_ms = ${spacingFor(limit)}, updated_at = now()
      WHERE key = ${this.#key}`.execute(this.#db);
  }

  /** A 429: nobody sends again before `retry-after` has passed. */
  async block(seconds: number): Promise<void> {
    await this.#ensureRow();
    await sql`
      UPDATE provider_rate_limits
      SET blocked_until = greatest(blocked_until, clock_timestamp() + ${seconds} * interval '1 second'),
          next_at = greatest(next_at, clock_timestamp() + ${seconds} * interval '1 second'),
          updated_at = now()
      WHERE key = ${this.#key}`.execute(this.#db);
  }
}

/**
 * Every request to the provider goes through the shared limiter: campaign batches, notification
 * e-mails and test sends all count against the same team limit. A single `send` is transactional
 * and a `sendBatch` (campaigns, flows) is bulk, which waits for what transactional mail leaves
 * (decision 087).
 */
export function rateLimitedTransport(
  transport: EmailTransport,
  limiter: ProviderRateLimiter,
): EmailTransport {
  let lastDoneAt = Number.NEGATIVE_INFINITY;
  async function paced<R extends SendResult | BatchSendResult>(
    signal: AbortSignal | undefined,
    lane: SendLane,
    request: () => Promise<R>,
  ): Promise<R> {
    const slotAt = await limiter.acquire(signal, lane);
    const startedAt = performance.now();
    const cold = slotAt - lastDoneAt > WARM_CONNECTION_MS;
    const result = await request();
    lastDoneAt = performance.now();
    await limiter.observe(result.rateLimit);
    if (!result.ok && result.error.kind === 'rate_limited')
      await limiter.block(result.error.retryAfterSeconds ?? 1);
    // How late the provider may have seen it: a request on a warm connection arrives about as
    // late as the ones around it, so only a late departure (a stalled event loop) counts; one that
    // may have opened a connection may have arrived as late as its answer came back. Without
    // this, the first request of a worker arrives late, the next two on time, and the provider
    // answers 429 (a second lost to retry-after).
    await limiter.late(cold ? lastDoneAt - slotAt : startedAt - slotAt);
    return result;
  }
  return {
    kind: transport.kind,
    paced: true,
    send: (message, options: SendOptions = {}) =>
      paced(options.signal, 'transactional', () => transport.send(message, options)),
    sendBatch: (messages, options: SendOptions = {}) =>
      paced(options.signal, 'bulk', () => transport.sendBatch(messages, options)),
  };
}
