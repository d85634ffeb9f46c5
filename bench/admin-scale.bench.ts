import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import { sql } from 'kysely';
import { createServer } from '../server/app.ts';
import { createSession, generateSessionToken } from '../server/auth/session.ts';
import { createUser, grantAdmin } from '../server/auth/users.ts';
import { getContact } from '../server/contacts/contacts.ts';
import { contactsStats, listContacts } from '../server/contacts/list.ts';
import { dailyActivity, dashboardStats, recentActivity } from '../server/dashboard/dashboard.ts';
import { createDatabase, type Database } from '../server/db/database.ts';
import { getSendingSettings, getSettingsTimezone } from '../server/settings/settings.ts';
import { listUnsubscribeLogs, unsubscribeStats } from '../server/unsubscribe/logs.ts';
import { testServices } from '#test/support/services.ts';
import { stopChild } from './support/children.ts';
import { openSeededDatabase } from './support/scale-seed.ts';

// Admin screens at scale: 1,000,000 contacts, 200,000 unsubscribe logs and 500,000 campaign sends in
// a throw-away database (embedded PostgreSQL in a temp folder, or a new database on
// TEST_DATABASE_URL). Prints p50/p95 of every list, count and stat through the real domain
// functions, and the CSV exports' rows/s and peak RSS growth through the real HTTP route of a server
// in its own, fresh process (V8's figures beside them).
// Goal: p95 < 100 ms; export >= 100,000 rows/s with RSS growth < 64 MB.
//
// Options: ADMIN_BENCH_PARTS (`queries,exports`; name one to skip the other), ADMIN_BENCH_CLUSTER
// (a folder: the embedded cluster is kept there and seeded once, later runs reuse it; delete it to
// seed again), ADMIN_BENCH_SERVER_FLAGS (Node flags of the server, one configuration per `;`;
// default: none, then `--max-semi-space-size=8`), ADMIN_BENCH_IDLE_SECONDS (wait before the first
// export).

const RUNS = 60;
const WARMUP = 5;
const PAGE_SIZE = 20;

interface Figure {
  query: string;
  p50: number;
  p95: number;
  max: number;
  note: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(query: string, run: (i: number) => Promise<unknown>, note = ''): Promise<Figure> {
  for (let i = 0; i < WARMUP; i += 1) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run(i);
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const round = (n: number) => Number(n.toFixed(1));
  return {
    query,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    max: round(samples.at(-1) ?? 0),
    note,
  };
}

async function measureQueries(db: Database): Promise<Figure[]> {
  const timezone = await getSettingsTimezone(db);
  const sample = async (table: 'leads' | 'unsubscribe_logs', n: number) =>
    (
      await sql<{ id: string }>`SELECT id FROM ${sql.table(table)} TABLESAMPLE SYSTEM (1) LIMIT ${n}`.execute(
        db,
      )
    ).rows.map((r) => r.id);
  const contactIds = await sample('leads', RUNS + WARMUP);
  const logIds = await sample('unsubscribe_logs', RUNS + WARMUP);
  const pick = (ids: string[], i: number) => ids[i % ids.length] ?? '';
  const rare = ['olivia.nguyen1234', 'james.smith5678', 'mia.lee90', 'noah.white424242', 'zzz-nobody'];
  const common = ['gmail', 'nguyen', 'outlook.com', 'smith', '.com.au'];
  const contactsTotal = (await contactsStats(db)).total;
  const lastPage = Math.ceil(contactsTotal / PAGE_SIZE);
  const list = (input: Partial<Parameters<typeof listContacts>[1]>) =>
    listContacts(db, { filter: 'all', page: 1, pageSize: PAGE_SIZE, ...input });
  const logs = (input: Partial<Parameters<typeof listUnsubscribeLogs>[1]>) =>
    listUnsubscribeLogs(db, {
      search: '',
      action: 'all',
      method: 'all',
      includeResubscribes: false,
      page: 1,
      pageSize: PAGE_SIZE,
      ...input,
    });

  const figures: Figure[] = [];
  const add = async (...args: Parameters<typeof time>) => {
    const figure = await time(...args);
    figures.push(figure);
    console.log(`  ${figure.query}: p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
  };
  await add('contacts.stats (3 cards)', () => contactsStats(db));
  await add('contacts.list page 1', () => list({}));
  await add('contacts.list page 1, subscribed', () => list({ filter: 'subscribed' }));
  await add('contacts.list page 1, unsubscribed', () => list({ filter: 'unsubscribed' }));
  await add('contacts.list next/previous page (anchor), anywhere', (i) =>
    list({ page: 1000, anchor: { id: pick(contactIds, i), direction: i % 2 ? 'after' : 'before' } }),
  );
  await add('contacts.list last page (read from the oldest end)', () => list({ page: lastPage }));
  await add('contacts.list pages 2-50 by number', (i) => list({ page: 2 + (i % 49) }));
  await add('contacts.list pages last-50..last by number', (i) => list({ page: lastPage - (i % 50) }));
  await add('contacts.list search, few matches', (i) => list({ search: rare[i % rare.length] }));
  await add('contacts.list search, many matches (capped count)', (i) =>
    list({ search: common[i % common.length] }),
  );
  await add('contacts.list search, many matches, page 50', (i) =>
    list({ search: common[i % common.length], page: 50 }),
  );
  await add('contacts.list search + subscribed filter', (i) =>
    list({ search: common[i % common.length], filter: 'subscribed' }),
  );
  await add('contacts.get (detail with enquiries, sends, logs)', (i) => getContact(db, pick(contactIds, i)));
  await add('unsubscribes.stats (4 cards)', () => unsubscribeStats(db, { timezone }));
  await add('unsubscribes.list page 1', () => logs({}));
  await add('unsubscribes.list action + method filter', (i) =>
    logs({ action: i % 2 ? 'email_unsubscribe' : 'sms_unsubscribe', method: i % 3 ? 'manual' : 'one_click' }),
  );
  await add('unsubscribes.list with resubscribes', () => logs({ includeResubscribes: true }));
  await add('unsubscribes.list anchor page, anywhere', (i) =>
    logs({ page: 500, anchor: { id: pick(logIds, i), direction: 'after' } }),
  );
  await add('unsubscribes.list last page', () => logs({ page: 9000 }));
  await add('unsubscribes.list search', (i) =>
    logs({ search: ['person12', 'gmail', 'person199999'][i % 3] }),
  );
  await add('dashboard.stats (5 cards)', () => dashboardStats(db));
  await add('dashboard.recentActivity', () => recentActivity(db, { withAddresses: true }));
  await add('dashboard.dailyActivity (30-day chart)', () => dailyActivity(db, { timezone }));
  await add('settings (getSendingSettings)', () => getSendingSettings(db));
  await add(
    'contacts.list middle page typed in the URL (worst case)',
    (i) => list({ page: Math.floor(lastPage / 2) + (i % 10) }),
    'no anchor: 500,000 index entries skipped; not reachable by clicking',
  );
  return figures;
}

// ---------------------------------------------------------------- exports: the server in a child

interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
  /** V8 space sizes (committed), by space name. */
  spaces: Record<string, number>;
}

function memorySample(): MemorySample {
  const usage = process.memoryUsage();
  const spaces: Record<string, number> = {};
  for (const space of v8.getHeapSpaceStatistics()) spaces[space.space_name] = space.space_size;
  return {
    rss: usage.rss,
    heapUsed: usage.heapUsed,
    external: usage.external,
    arrayBuffers: usage.arrayBuffers,
    spaces,
  };
}

function maxSample(a: MemorySample, b: MemorySample): MemorySample {
  const spaces = { ...a.spaces };
  for (const [name, size] of Object.entries(b.spaces)) spaces[name] = Math.max(spaces[name] ?? 0, size);
  return {
    rss: Math.max(a.rss, b.rss),
    heapUsed: Math.max(a.heapUsed, b.heapUsed),
    external: Math.max(a.external, b.external),
    arrayBuffers: Math.max(a.arrayBuffers, b.arrayBuffers),
    spaces,
  };
}

type ChildMessage = { type: 'sample-start' } | { type: 'sample-stop' };
interface ChildReport {
  baseline: MemorySample;
  peak: MemorySample;
}

/** The child: the real server on the seeded database; samples its own memory when asked (IPC). */
async function serve(databaseUrl: string): Promise<void> {
  const db = createDatabase({ connectionString: databaseUrl, max: 10 });
  const server = await createServer({ services: testServices(db), clientDir: null, logLevel: 'warn' });
  const address = await server.start(0, '127.0.0.1');
  let sampling: { baseline: MemorySample; peak: MemorySample; timer: NodeJS.Timeout } | null = null;
  process.on('message', (message: ChildMessage) => {
    if (message.type === 'sample-start') {
      const baseline = memorySample();
      sampling = {
        baseline,
        peak: baseline,
        timer: setInterval(() => {
          if (sampling) sampling.peak = maxSample(sampling.peak, memorySample());
        }, 10),
      };
      process.send?.({ type: 'sampling' });
    } else if (sampling) {
      clearInterval(sampling.timer);
      const report: ChildReport = {
        baseline: sampling.baseline,
        peak: maxSample(sampling.peak, memorySample()),
      };
      sampling = null;
      process.send?.({ type: 'report', report });
    }
  });
  process.once('SIGTERM', () => {
    void server
      .stop()
      .then(() => db.destroy())
      .then(() => process.exit(0));
  });
  process.send?.({ type: 'address', address });
}

function startServerChild(
  databaseUrl: string,
  flags: readonly string[],
): Promise<{ proc: ChildProcess; address: string }> {
  const proc = spawn(process.execPath, [...flags, import.meta.filename, '--serve', databaseUrl], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`server exited early (${code})`)));
    proc.on('message', (message: { type: string; address?: string }) => {
      if (message.type === 'address' && message.address) resolve({ proc, address: message.address });
    });
  });
}

function childRequest<T>(proc: ChildProcess, message: ChildMessage, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (reply: { type: string; report?: T }) => {
      if (reply.type !== answer) return;
      proc.off('message', onMessage);
      resolve(reply.report as T);
    };
    proc.on('message', onMessage);
    proc.send(message);
  });
}

/** VmRSS and VmHWM (peak RSS, reset by writing 5 to clear_refs) of a process, in bytes. */
function rssOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

function resetPeakRss(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

const mb = (bytes: number) => Number((bytes / 1e6).toFixed(1));

/**
 * Streams an export to curl (a separate process, as a browser would be) piped into `wc -l`, while
 * the server child's RSS is followed (peak RSS from the kernel, and sampled every 20 ms): the
 * figure is the server's own memory growth. The child also reports V8's own figures.
 */
async function measureExport(
  server: { proc: ChildProcess; address: string },
  label: string,
  urlPath: string,
  cookie: string,
) {
  const pid = server.proc.pid ?? 0;
  const headersFile = path.join(os.tmpdir(), `bench-admin-headers-${randomBytes(4).toString('hex')}`);
  await childRequest(server.proc, { type: 'sample-start' }, 'sampling');
  const kernelPeak = resetPeakRss(pid);
  const baseline = rssOf(pid).rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssOf(pid).rss);
  }, 20);
  const start = performance.now();
  const child = spawn('sh', [
    '-c',
    'curl -sS -D "$1" -H "cookie: $2" "$3" | wc -lc',
    'sh',
    headersFile,
    cookie,
    `${server.address}${urlPath}`,
  ]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  const after = rssOf(pid);
  peak = Math.max(peak, after.rss, kernelPeak ? after.hwm : 0);
  const report = await childRequest<ChildReport>(server.proc, { type: 'sample-stop' }, 'report');
  const headers = await readFile(headersFile, 'utf8');
  await rm(headersFile, { force: true });
  const [lines = 0, bytes = 0] = output.trim().split(/\s+/).map(Number);
  const rows = Number(/^x-row-count: (\d+)/im.exec(headers)?.[1] ?? Number.NaN);
  if (code !== 0 || lines !== rows + 1)
    throw new Error(`${label}: curl exit ${code}, ${lines} lines, x-row-count ${rows}`);
  const growth = (key: 'heapUsed' | 'external' | 'arrayBuffers') =>
    mb(report.peak[key] - report.baseline[key]);
  const space = (name: string) => mb((report.peak.spaces[name] ?? 0) - (report.baseline.spaces[name] ?? 0));
  return {
    figures: {
      export: label,
      rows,
      MB: mb(bytes),
      seconds: Number(seconds.toFixed(2)),
      'rows/s': Math.round(rows / seconds),
      'RSS before MB': mb(baseline),
      'RSS growth MB': mb(peak - baseline),
    },
    // Peak minus start of each figure (peaks need not coincide), in MB.
    v8: {
      export: label,
      heapUsed: growth('heapUsed'),
      'new space': space('new_space'),
      'old space': space('old_space'),
      'large objects': space('large_object_space'),
      external: growth('external'),
      arrayBuffers: growth('arrayBuffers'),
    },
  };
}

/**
 * Node flags of the server children, one configuration per `;` (ADMIN_BENCH_SERVER_FLAGS): by default
 * V8's own young-generation sizing, then the 8 MB semi-space the worker is deployed with.
 */
const SERVER_FLAG_SETS = (process.env.ADMIN_BENCH_SERVER_FLAGS ?? ';--max-semi-space-size=8')
  .split(';')
  .map((set) => set.split(/\s+/).filter(Boolean));

async function measureExports(db: Database, databaseUrl: string): Promise<void> {
  const user = await createUser(db, {
    email: `bench-admin-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-1',
    verified: true,
  });
  await grantAdmin(db, user.email);
  const token = generateSessionToken();
  await createSession(db, token, user.id, { ip: null, userAgent: null });
  const cookie = `session=${token}`;
  for (const flags of SERVER_FLAG_SETS) {
    const config = flags.length > 0 ? flags.join(' ') : 'default V8 sizing';
    const server = await startServerChild(databaseUrl, flags);
    try {
      const idleSeconds = Number(process.env.ADMIN_BENCH_IDLE_SECONDS ?? 0);
      if (idleSeconds > 0) {
        console.log(`Server started; idle for ${idleSeconds} s before the first export.`);
        await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
      }
      // A fresh server process: the first export is the first big allocation it makes.
      const results = [
        await measureExport(
          server,
          'contacts (all), first after start',
          '/api/admin/exports/contacts.csv',
          cookie,
        ),
        await measureExport(server, 'contacts (all), again', '/api/admin/exports/contacts.csv', cookie),
        await measureExport(
          server,
          'unsubscribe logs (all)',
          '/api/admin/exports/unsubscribe-logs.csv',
          cookie,
        ),
      ];
      console.log(
        `\nCSV exports through GET /api/admin/exports/*, server in its own process (${config}), read by curl:`,
      );
      console.table(results.map((r) => r.figures));
      console.log('Server V8 growth during each export (peak - start, MB):');
      console.table(results.map((r) => r.v8));
      const verdict = (e: (typeof results)[number] | undefined) =>
        e && e.figures['rows/s'] >= 100_000 && e.figures['RSS growth MB'] < 64 ? 'met' : 'NOT met';
      console.log(
        `Goal export >= 100,000 rows/s with RSS growth < 64 MB (${config}): ${verdict(results[0])} by the ` +
          `first export, ${verdict(results[1])} by the second, ${verdict(results[2])} by the unsubscribe logs.`,
      );
    } finally {
      await stopChild(server.proc);
    }
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const parts = new Set((process.env.ADMIN_BENCH_PARTS ?? 'queries,exports').split(',').map((p) => p.trim()));
  const database = await openSeededDatabase();
  const { db } = database;
  try {
    console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}\n`);
    if (parts.has('queries')) {
      console.log(`Queries (${WARMUP} warm-up + ${RUNS} timed runs each):`);
      const figures = await measureQueries(db);
      console.log('');
      console.table(figures);
      const slow = figures.filter((f) => f.p95 >= 100 && !f.note);
      console.log(
        slow.length === 0
          ? 'Goal p95 < 100 ms: met by every list, count and stat reachable from the UI.'
          : `Goal p95 < 100 ms NOT met by: ${slow.map((f) => f.query).join('; ')}`,
      );
    }
    if (parts.has('exports')) await measureExports(db, database.url);
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } finally {
    await database.close();
  }
}

if (process.argv[2] === '--serve') await serve(process.argv[3] ?? '');
else await main();
