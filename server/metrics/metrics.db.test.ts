import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { createBoss } from '../jobs/queue.ts';

// Decision 086: /metrics behind METRICS_TOKEN, every metric the README lists present.

const TOKEN = 'metrics-test-token-0123456789abcdefghijkl';
/** The metrics the README promises operators, written out here rather than read from the code. */
const LISTED = [
  'http_requests_total',
  'http_request_duration_seconds',
  'jobs_queued',
  'jobs_active',
  'jobs_oldest_queued_age_seconds',
  'email_sends',
  'webhook_event_lag_seconds',
  'automation_runs_due',
  'db_pool_connections',
  'metrics_collect_errors_total',
];

/** The value of one sample line, e.g. `name{a="b"} 3`, or null when absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

describe('/metrics', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let open: AppServer;

  beforeAll(async () => {
    server = await createServer({
      services: testServices(t.db),
      clientDir: null,
      logLevel: 'silent',
      metricsToken: TOKEN,
    });
    open = await createServer({ services: testServices(t.db), clientDir: null, logLevel: 'silent' });
    const boss = createBoss({ connectionString: t.url, max: 1, role: 'server' });
    await boss.start();
    await boss.send('email.send', { waiting: true });
    await boss.stop({ graceful: false });
    // A delivery event that arrived 40 s after the provider recorded it.
    await t.db
      .insertInto('email_events')
      .values({
        provider_event_id: 'evt_metrics_1',
        type: 'email.delivered',
        payload: '{}',
        occurred_at: sql<Date>`now() - interval '40 seconds'`,
      })
      .execute();
  });

  afterAll(async () => {
    await server.stop();
    await open.stop();
  });

  const scrape = (authorization?: string) =>
    server.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`, TOKEN]) {
      const res = await scrape(authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer/);
      expect(res.body).not.toContain('http_requests_total');
    }
  });

  it('does not exist when no METRICS_TOKEN is set', async () => {
    const res = await open.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(404);
  });

  it('exports every metric the README lists, and the README lists every one exported', async () => {
    await server.app.inject({ method: 'GET', url: '/healthz' });
    const res = await scrape(`Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const exported = [...res.body.matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]);
    for (const name of LISTED) expect(exported, name).toContain(name);

    const readme = readFileSync('README.md', 'utf8');
    const start = readme.indexOf('### Metrics');
    expect(start).toBeGreaterThan(0);
    const section = readme.slice(start, readme.indexOf('\n## ', start));
    const documented = [...section.matchAll(/^\| `([a-z_]+)`/gm)].map((m) => m[1]);
    expect(documented.sort()).toEqual([...LISTED].sort());
  });

  it('has a Grafana dashboard panel for every listed metric', () => {
    const dashboard = JSON.parse(readFileSync('deploy/grafana-dashboard.json', 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((target) => target.expr));
    for (const name of LISTED)
      expect(
        exprs.some((expr) => expr.includes(name)),
        name,
      ).toBe(true);
  });

  it('reads the queue, the webhook lag and the pool from the database on each scrape', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(body, 'jobs_queued{queue="email.send"}')).toBe(1);
    expect(sample(body, 'jobs_oldest_queued_age_seconds{queue="email.send"}')).toBeGreaterThanOrEqual(0);
    const lag = sample(body, 'webhook_event_lag_seconds{quantile="1"}');
    expect(lag).toBeGreaterThanOrEqual(40);
    expect(lag).toBeLessThan(120);
    expect(sample(body, 'automation_runs_due')).toBe(0);
    expect(sample(body, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(sample(body, 'metrics_collect_errors_total')).toBe(0);
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    const series = 'http_requests_total{method="GET",route="/healthz",status="200"}';
    const before = sample((await scrape(`Bearer ${TOKEN}`)).body, series) ?? 0;
    for (let i = 0; i < 3; i += 1) await server.app.inject({ method: 'GET', url: '/healthz' });
    await server.app.inject({ method: 'GET', url: '/trpc/system.health' });
    await server.app.inject({ method: 'GET', url: '/no-such-page-4f1c' });
    const body = (await scrape(`Bearer ${TOKEN}`)).body;
    expect(sample(body, series)).toBe(before + 3);
    expect(body).not.toContain('system.health');
    expect(body).not.toContain('no-such-page-4f1c');
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/trpc\/:path",status="200"\} 1/);
    expect(body).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz"\} \d+/);
  });
});
