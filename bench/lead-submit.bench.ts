import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { stopChild } from './support/children.ts';
import { serveRealServer, serveUntilTerminated, startServerChild } from './support/server.ts';
import { clusterCpuMs, cpuMsOf, postmasterPidOf } from './support/cpu.ts';
import { openBenchDatabase } from './support/database.ts';

/**
 * `npm run bench -- lead-submit`: throughput and latency of `lead.submit` through the real server
 * (tRPC, zod, the batch writer's prepared statement that stores the contact, the enquiry, its photos
 * and the `enquiry.notify` job) beside a bare Fastify route running only the two inserts in a
 * transaction per request, on the same database. Each server runs in its own child process so
 * autocannon does not share its event loop.
 */

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const MEASURE_SECONDS = 10;
const ORIGIN = 'http://localhost:3000';

type Kind = 'app' | 'bare';

// ---------------------------------------------------------------- child: one server per process

interface BareBody {
  fullName: string;
  email: string;
  phone: string;
  watchBrand: string;
  watchCondition: string;
  meta_event_id: string;
}

async function serveBare(databaseUrl: string): Promise<() => Promise<void>> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const app = Fastify({ logger: false });
  // The same two statements lead.submit runs, nothing else: no validation, no tRPC, no jobs.
  app.post<{ Body: BareBody }>('/bare', async (req) => {
    const body = req.body;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      const contact = await client.query<{ id: string }>(
        `INSERT INTO leads (email, full_name, phone) VALUES ($1, $2, $3)
         ON CONFLICT (lower(email)) DO UPDATE SET full_name = EXCLUDED.full_name, phone = EXCLUDED.phone,
           updated_at = now()
         RETURNING id`,
        [body.email, body.fullName, body.phone],
      );
      const enquiry = await client.query<{ id: string }>(
        `INSERT INTO enquiries (lead_id, watch_brand, watch_condition, meta_event_id, ip, user_agent)
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (meta_event_id) DO NOTHING RETURNING id`,
        [contact.rows[0]?.id, body.watchBrand, body.watchCondition, body.meta_event_id, req.ip, null],
      );
      await client.query('COMMIT');
      return { success: true, enquiryId: enquiry.rows[0]?.id };
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ address }));
  return async () => {
    await app.close();
    await pool.end();
  };
}

// ---------------------------------------------------------------- parent: database, load, report

/** LEAD_BENCH_CPU_PROF: a folder for the server children's V8 CPU profiles. */
const CPU_PROF_DIR = process.env.LEAD_BENCH_CPU_PROF;
/** LEAD_BENCH_NODE_FLAGS: Node/V8 flags for both server children. */
const NODE_FLAGS = (process.env.LEAD_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);

function startChild(kind: Kind, databaseUrl: string): Promise<{ proc: ChildProcess; address: string }> {
  const profile = CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`, `--cpu-prof-name=${kind}.cpuprofile`]
    : [];
  return startServerChild([import.meta.filename, '--serve', kind, databaseUrl], {
    label: `${kind} server`,
    flags: [...NODE_FLAGS, ...profile],
  });
}

let counter = 0;
/** A new seller and a new event id on every request, so each one stores a new contact and enquiry. */
function nextSubmission(): string {
  counter += 1;
  const id = `${process.pid}-${counter}-${randomBytes(4).toString('hex')}`;
  return JSON.stringify({
    fullName: 'Bench Seller',
    email: `seller-${id}@bench.example`,
    phone: '0412 345 678',
    watchBrand: 'Rolex',
    watchModel: 'Submariner',
    watchYear: '2019',
    watchCondition: 'Very Good - Minor wear',
    hasBox: true,
    hasPapers: false,
    additionalDetails: 'Serviced in 2023.',
    utm_source: 'bench',
    meta_event_id: `bench_${id}`,
    photo_upload_ids: [],
  });
}

interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  mean: number;
  total: number;
  errors: number;
  non2xx: number;
  /** CPU time per request (ms) of the server process, the PostgreSQL cluster and autocannon. */
  cpu: { server: number; postgres: number | null; client: number };
}

async function load(url: string, seconds: number): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-csrf-protection': '1' },
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: nextSubmission() }),
      },
    ],
  });
}

async function measure(kind: Kind, databaseUrl: string, postmasterPid: number | null): Promise<Figures> {
  const { proc, address } = await startChild(kind, databaseUrl);
  try {
    const url = kind === 'app' ? `${address}/trpc/lead.submit` : `${address}/bare`;
    await load(url, WARMUP_SECONDS);
    const before = {
      server: cpuMsOf(proc.pid ?? 0),
      postgres: clusterCpuMs(postmasterPid),
      client: process.cpuUsage(),
    };
    const result = await load(url, MEASURE_SECONDS);
    const perRequest = (ms: number) => Number((ms / Math.max(1, result.requests.total)).toFixed(3));
    const client = process.cpuUsage(before.client);
    const postgresAfter = clusterCpuMs(postmasterPid);
    const cpu = {
      server: perRequest(cpuMsOf(proc.pid ?? 0) - before.server),
      postgres:
        before.postgres === null || postgresAfter === null
          ? null
          : perRequest(postgresAfter - before.postgres),
      client: perRequest((client.user + client.system) / 1000),
    };
    return {
      cpu,
      label: kind === 'app' ? 'lead.submit (real server)' : 'bare Fastify, 2 inserts',
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      mean: result.latency.mean,
      total: result.requests.total,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await stopChild(proc);
  }
}

async function parent(): Promise<void> {
  const bench = await openBenchDatabase('lead', {
    max_connections: '200',
    // LEAD_BENCH_SYNCHRONOUS_COMMIT=off: commits answer before their WAL is flushed (a crash of
    // the machine can lose the last moments); the default flushes every commit, as production does.
    synchronous_commit: process.env.LEAD_BENCH_SYNCHRONOUS_COMMIT ?? 'on',
  });
  const databaseUrl = bench.url;
  const postmasterPid = postmasterPidOf(bench.clusterDir);
  try {
    const db = createDatabase({ connectionString: databaseUrl, max: 2 });
    await migrateToLatest(db);
    await db.destroy();

    console.log(
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up then ${MEASURE_SECONDS} s per server, ` +
        `${os.cpus().length} CPUs, load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')}, PostgreSQL ` +
        `${process.env.TEST_DATABASE_URL ? '(TEST_DATABASE_URL)' : `(embedded, synchronous_commit ${process.env.LEAD_BENCH_SYNCHRONOUS_COMMIT ?? 'on'})`}\n`,
    );
    const bare = await measure('bare', databaseUrl, postmasterPid);
    const app = await measure('app', databaseUrl, postmasterPid);

    const rows = [bare, app].map((f) => ({
      server: f.label,
      'req/s': Math.round(f.rps),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'mean ms': Number(f.mean.toFixed(2)),
      requests: f.total,
      errors: f.errors,
      'non-2xx': f.non2xx,
      'CPU ms/req server': f.cpu.server,
      'CPU ms/req PostgreSQL': f.cpu.postgres ?? 'n/a',
      'CPU ms/req autocannon': f.cpu.client,
    }));
    console.table(rows);

    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const counts = await client.query<{ enquiries: number; jobs: number }>(
      `SELECT (SELECT count(*) FROM enquiries)::int AS enquiries,
              (SELECT count(*) FROM pgboss.job WHERE name = 'enquiry.notify')::int AS jobs`,
    );
    await client.end();
    console.log(
      `time ratio (mean latency, real / bare): ${(app.mean / bare.mean).toFixed(2)}; ` +
        `throughput ratio (bare / real): ${(bare.rps / app.rps).toFixed(2)}; ` +
        `p99 of lead.submit: ${app.p99} ms; errors: ${app.errors + app.non2xx}`,
    );
    console.log(
      `stored: ${counts.rows[0]?.enquiries ?? 0} enquiries (both servers, warm-up included), ` +
        `${counts.rows[0]?.jobs ?? 0} notification jobs (one per lead.submit)`,
    );
  } finally {
    await bench.close();
  }
}

if (process.argv[2] === '--serve') {
  const databaseUrl = process.argv[4] ?? '';
  await serveUntilTerminated(() =>
    process.argv[3] === 'app'
      ? // The per-IP limit is switched off through configuration, exactly as an operator would.
        serveRealServer(databaseUrl, { origin: ORIGIN, env: { LEAD_SUBMIT_RATE_LIMIT: 'off' } })
      : serveBare(databaseUrl),
  );
} else {
  await parent();
}
