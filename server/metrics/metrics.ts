import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { type Database, inTransaction, poolOf } from '../db/database.ts';

// /metrics for Prometheus (decision 086): behind a bearer token (METRICS_TOKEN), so it can share
// the one port Caddy balances and Prometheus can still scrape each replica on the compose network.
// Per-request figures are kept in memory; the database figures are read on each scrape, each
// query under a short statement timeout, so a slow database slows no scrape by more than that and
// costs nothing between scrapes.

/** How long one scrape's database queries may take together; past it, those gauges are skipped. */
export const METRICS_QUERY_TIMEOUT_MS = 2_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Compares hashes, so neither the length nor a prefix of the token leaks through timing. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer (\S+)$/.exec(header ?? '');
  return Boolean(match?.[1]) && timingSafeEqual(sha256(match?.[1] ?? ''), sha256(token));
}

interface DatabaseFigures {
  queues: Array<{ name: string; queued: number; active: number; oldest: number | null }>;
  sends: Array<{ status: string; n: number }>;
  webhookLag: { p50: number | null; max: number | null };
  runsDue: number;
}

async function readDatabaseFigures(db: Database): Promise<DatabaseFigures> {
  return inTransaction(db, async (trx) => {
    await sql`SET TRANSACTION READ ONLY`.execute(trx);
    await sql`SET LOCAL statement_timeout = ${sql.lit(METRICS_QUERY_TIMEOUT_MS)}`.execute(trx);
    const queues = await sql<{ name: string; queued: number; active: number; oldest: number | null }>`
      SELECT q.name,
             count(j.id) FILTER (WHERE j.state IN ('created', 'retry'))::int AS queued,
             count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
             extract(epoch FROM now() - min(j.created_on) FILTER (WHERE j.state IN ('created', 'retry')))::float8
               AS oldest
        FROM pgboss.queue q
        LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry', 'active')
       GROUP BY q.name`.execute(trx);
    const sends = await trx
      .selectFrom('email_sends')
      .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('status')
      .execute();
    // Events received in the last 15 minutes: how long after the provider's event each arrived.
    const lag = await sql<{ p50: number | null; max: number | null }>`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM received_at - occurred_at))::float8 AS p50,
             max(extract(epoch FROM received_at - occurred_at))::float8 AS max
        FROM email_events
       WHERE received_at > now() - interval '15 minutes' AND occurred_at IS NOT NULL`.execute(trx);
    const due = await trx
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'waiting')
      .where('due_at', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return {
      queues: queues.rows,
      sends: sends.map((s) => ({ status: String(s.status), n: Number(s.n) })),
      webhookLag: lag.rows[0] ?? { p50: null, max: null },
      runsDue: Number(due?.n ?? 0),
    };
  });
}

export interface Metrics {
  registry: Registry;
}

/**
 * Registers the request hooks and GET /metrics. Without a token there is no endpoint at all (404),
 * so an installation that never set METRICS_TOKEN exposes nothing.
 */
export function registerMetrics(app: FastifyInstance, db: Database, token: string | null): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const collectErrors = new Counter({
    name: 'metrics_collect_errors_total',
    help: 'Scrapes whose database figures could not be read in time (the gauges keep their last value).',
    registers: [registry],
  });
  const queued = new Gauge({
    name: 'jobs_queued',
    help: 'Jobs waiting to run (created or retry), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const active = new Gauge({
    name: 'jobs_active',
    help: 'Jobs running now, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'jobs_oldest_queued_age_seconds',
    help: 'Age of the oldest job waiting to run, by queue (0 when none waits).',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  const sends = new Gauge({
    name: 'email_sends',
    help: 'Campaign sends (email_sends rows), by state.',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  const webhookLag = new Gauge({
    name: 'webhook_event_lag_seconds',
    help: "Seconds between a provider event and its webhook's arrival, over events received in the last 15 minutes.",
    labelNames: ['quantile'] as const,
    registers: [registry],
  });
  const runsDue = new Gauge({
    name: 'automation_runs_due',
    help: 'Automation runs waiting whose next step is due now.',
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern ("/api/uploads/:id"), never the raw URL: one series per route, however
    // many ids and query strings arrive. A request no route matched is "unmatched".
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    requests.inc({ method, route, status: String(reply.statusCode) });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
  });

  if (!token) return { registry };

  // Read only once the endpoint exists: the pool is the one createDatabase made for this process.
  const pool = poolOf(db);
  new Gauge({
    name: 'db_pool_connections',
    help: "This process's PostgreSQL pool: total, idle and waiting (clients queued for a connection).",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });

  app.get('/metrics', async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    if (!bearerMatches(request.headers.authorization, token))
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer realm="metrics"')
        .send({ error: 'A bearer token (METRICS_TOKEN) is required.' });
    try {
      const figures = await readDatabaseFigures(db);
      queued.reset();
      active.reset();
      oldest.reset();
      for (const q of figures.queues) {
        queued.set({ queue: q.name }, q.queued);
        active.set({ queue: q.name }, q.active);
        oldest.set({ queue: q.name }, q.oldest ?? 0);
      }
      sends.reset();
      for (const s of figures.sends) sends.set({ state: s.status }, s.n);
      webhookLag.set({ quantile: '0.5' }, figures.webhookLag.p50 ?? 0);
      webhookLag.set({ quantile: '1' }, figures.webhookLag.max ?? 0);
      runsDue.set(figures.runsDue);
    } catch (error) {
      collectErrors.inc();
      request.log.warn({ err: error }, 'metrics: database figures not read');
    }
    return reply.header('content-type', registry.contentType).send(await registry.metrics());
  });
  return { registry };
}
