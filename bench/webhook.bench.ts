import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { Webhook } from 'svix';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { RESEND_WEBHOOK_PATH } from '#server/email-events/resend-route.ts';
import { stopChild } from './support/children.ts';
import { serveRealServer, serveUntilTerminated, startServerChild } from './support/server.ts';
import { clusterCpuMs, cpuMsOf, postmasterPidOf } from './support/cpu.ts';
import { openBenchDatabase } from './support/database.ts';

/**
 * `npm run bench -- webhook`: Resend webhook events per second through the real server (Svix
 * signature check, JSON and zod parsing, the store-then-apply statement updating the send and its
 * campaign's counters, the live-update notification) at 50 connections, with latency percentiles.
 * Every request is a distinct event signed with the `svix` library, as Resend sends them, for sends
 * of one campaign (the worst case: every event updates the same counters row). Beside it, in the
 * same run, a bare Fastify route that stores the same events with one insert each and nothing else
 * (no signature check, no validation, no apply), the baseline of the goal. Each server runs in a
 * child process so autocannon does not share its event loop.
 */

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const SENDS = 25_000;
const ORIGIN = 'http://localhost:3000';
const SECRET = `whsec_${randomBytes(24).toString('base64')}`;

// ---------------------------------------------------------------- child: the bare route

interface BareEvent {
  type: string;
  created_at: string;
  data: { email_id: string };
}

async function serveBare(databaseUrl: string): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  // The event insert the real route makes, one statement per request: no verification, no zod,
  // no micro-batch, no send update or counters.
  app.post<{ Body: BareEvent }>('/bare', async (req) => {
    const event = req.body;
    await pool.query(
      `INSERT INTO email_events (provider_event_id, type, provider_message_id, send_id, payload, occurred_at)
       SELECT $1, $2, $3, (SELECT id FROM email_sends WHERE provider_message_id = $3), $4::jsonb, $5
       ON CONFLICT (provider_event_id) DO NOTHING`,
      [req.headers['svix-id'], event.type, event.data.email_id, JSON.stringify(event), event.created_at],
    );
    return { received: true };
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ address }));
  return async () => {
    await app.close();
    await pool.end();
  };
}

// ---------------------------------------------------------------- parent: data, events, load

/** One campaign sent to SENDS contacts, every send marked sent with a provider id. */
async function seed(client: pg.Client): Promise<string[]> {
  const campaign = await client.query<{ id: string }>(
    `INSERT INTO email_campaigns (name, subject, status, sent_count, total_recipients, started_at)
     VALUES ('Bench campaign', 'Market update', 'sending', $1, $1, now()) RETURNING id`,
    [SENDS],
  );
  const campaignId = campaign.rows[0]?.id;
  await client.query(
    `INSERT INTO leads (email, email_marketing_consent, consent_at, consent_source)
     SELECT 'reader-' || i || '@bench.example', true, now(), 'bench' FROM generate_series(1, $1) i`,
    [SENDS],
  );
  const sends = await client.query<{ provider_message_id: string }>(
    `INSERT INTO email_sends (campaign_id, lead_id, recipient_email, status, provider_message_id, sent_at)
     SELECT $1, id, email, 'sent', gen_random_uuid()::text, now() FROM leads WHERE consent_source = 'bench'
     RETURNING provider_message_id`,
    [campaignId],
  );
  await client.query('VACUUM ANALYZE');
  return sends.rows.map((r) => r.provider_message_id);
}

interface PreparedEvent {
  headers: Record<string, string>;
  body: string;
}

/**
 * A campaign's event stream as Resend produces it: every send delivered, most opened (some twice),
 * some clicked, a few bounced. Shuffled, so concurrent requests touch different sends.
 */
function events(messageIds: string[]): PreparedEvent[] {
  const webhook = new Webhook(SECRET);
  const now = new Date();
  const out: PreparedEvent[] = [];
  const add = (type: string, emailId: string, extra: Record<string, unknown> = {}) => {
    const body = JSON.stringify({
      type,
      created_at: new Date().toISOString(),
      data: {
        created_at: '2026-11-21 09:30:12.894719+00',
        email_id: emailId,
        from: 'Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>',
        to: [`reader-${out.length}@bench.example`],
        subject: 'The watch market this month',
        tags: { category: 'campaign' },
        ...extra,
      },
    });
    const id = `msg_${randomBytes(14).toString('base64url')}`;
    out.push({
      body,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Svix-Webhooks/1.76',
        'svix-id': id,
        'svix-timestamp': String(Math.floor(now.getTime() / 1000)),
        'svix-signature': webhook.sign(id, now, body),
      },
    });
  };
  messageIds.forEach((id, i) => {
    if (i % 50 === 0) {
      add('email.bounced', id, {
        bounce: {
          message: 'Mailbox does not exist',
          subType: 'General',
          type: i % 100 === 0 ? 'Permanent' : 'Transient',
        },
      });
      return;
    }
    add('email.delivered', id);
    if (i % 3 !== 0) add('email.opened', id);
    if (i % 7 === 0) add('email.opened', id);
    if (i % 5 === 0)
      add('email.clicked', id, {
        click: {
          ipAddress: '122.115.53.11',
          link: 'https://sterlingwatchbuyers.com.au/sell-rolex-watch',
          timestamp: new Date().toISOString(),
          userAgent: 'Mozilla/5.0',
        },
      });
  });
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j] as PreparedEvent, out[i] as PreparedEvent];
  }
  return out;
}

async function load(url: string, seconds: number, queue: PreparedEvent[]): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    requests: [
      {
        setupRequest: (request) => {
          const next = queue.pop();
          if (!next) throw new Error('out of prepared events: raise SENDS');
          return { ...request, headers: next.headers, body: next.body };
        },
      },
    ],
  });
}

interface Measured {
  label: string;
  result: autocannon.Result;
  cpu: { server: string; postgres: string };
}

/** One server in its own process: warm-up, then the measured run, with CPU time per event. */
async function measure(
  kind: 'app' | 'bare',
  databaseUrl: string,
  postmasterPid: number | null,
  queue: PreparedEvent[],
): Promise<Measured> {
  const label = kind === 'app' ? 'real server' : 'bare Fastify, 1 insert';
  const started = await startServerChild([import.meta.filename, `--serve-${kind}`, databaseUrl, SECRET], {
    label,
  });
  const proc: ChildProcess = started.proc;
  try {
    const url = `${started.address}${kind === 'app' ? RESEND_WEBHOOK_PATH : '/bare'}`;
    await load(url, WARMUP_SECONDS, queue);
    const before = { server: cpuMsOf(proc.pid ?? 0), postgres: clusterCpuMs(postmasterPid) };
    const result = await load(url, MEASURE_SECONDS, queue);
    const perEvent = (ms: number | null) =>
      ms === null ? 'n/a' : (ms / Math.max(1, result.requests.total)).toFixed(3);
    return {
      label,
      result,
      cpu: {
        server: perEvent(cpuMsOf(proc.pid ?? 0) - before.server),
        postgres: perEvent(
          before.postgres === null ? null : (clusterCpuMs(postmasterPid) ?? 0) - before.postgres,
        ),
      },
    };
  } finally {
    await stopChild(proc);
  }
}

async function parent(): Promise<void> {
  const bench = await openBenchDatabase('webhook', { max_connections: '200' });
  const databaseUrl = bench.url;
  const postmasterPid = postmasterPidOf(bench.clusterDir);
  try {
    const db = createDatabase({ connectionString: databaseUrl, max: 2 });
    await migrateToLatest(db);
    await db.destroy();
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const messageIds = await seed(client);
    const queue = events(messageIds);
    const prepared = queue.length;

    console.log(
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s, ${os.cpus().length} CPUs, ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}, ` +
        `PostgreSQL ${process.env.TEST_DATABASE_URL ? '(TEST_DATABASE_URL)' : '(embedded, durable)'}; ` +
        `${prepared} signed events prepared for ${SENDS} sends of one campaign\n`,
    );
    const bare = await measure('bare', databaseUrl, postmasterPid, events(messageIds));
    // The bare route's events are not the real run's: the recount below checks the real route alone.
    await client.query('TRUNCATE email_events');
    const app = await measure('app', databaseUrl, postmasterPid, queue);
    console.table(
      [bare, app].map((f) => ({
        route: f.label,
        'events/s': Math.round(f.result.requests.average),
        'p50 ms': f.result.latency.p50,
        'p90 ms': f.result.latency.p90,
        'p99 ms': f.result.latency.p99,
        'max ms': f.result.latency.max,
        requests: f.result.requests.total,
        errors: f.result.errors,
        'non-2xx': f.result.non2xx,
        'server CPU ms/event': f.cpu.server,
        'PostgreSQL CPU ms/event': f.cpu.postgres,
      })),
    );
    console.log(
      `rate ratio (real / bare): ${(app.result.requests.average / bare.result.requests.average).toFixed(2)}`,
    );

    // Every counter must equal a recount of the sends: concurrent events lost no update.
    const check = await client.query<{ stored: number; counters: string; recount: string }>(
      `SELECT (SELECT count(*)::int FROM email_events) AS stored,
              (SELECT concat_ws('/', delivered_count, open_count, click_count, bounce_count) FROM email_campaigns) AS counters,
              (SELECT concat_ws('/', count(delivered_at), count(opened_at), count(clicked_at), count(bounced_at))
                 FROM email_sends) AS recount`,
    );
    const row = check.rows[0];
    await client.end();
    console.log(
      `stored ${row?.stored ?? 0} events (warm-up included); campaign delivered/opened/clicked/bounced ` +
        `${row?.counters ?? '?'}, recounted from the sends ${row?.recount ?? '?'}: ` +
        `${row?.counters === row?.recount ? 'consistent' : 'MISMATCH'}; load average after ` +
        os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' '),
    );
  } finally {
    await bench.close();
  }
}

if (process.argv[2] === '--serve-bare') {
  await serveUntilTerminated(() => serveBare(process.argv[3] ?? ''));
} else if (process.argv[2] === '--serve-app') {
  await serveUntilTerminated(() =>
    serveRealServer(process.argv[3] ?? '', {
      origin: ORIGIN,
      env: { RESEND_WEBHOOK_SECRET: process.argv[4] ?? '' },
      // The webhook enqueues nothing; a queue that refuses proves it.
      refuseJobs: true,
    }),
  );
} else {
  await parent();
}
