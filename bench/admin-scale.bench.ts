import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { createServer } from '../server/app.ts';
import { createSession, generateSessionToken } from '../server/auth/session.ts';
import { createUser, grantAdmin } from '../server/auth/users.ts';
import { contactsStats, getContact, listContacts } from '../server/contacts/contacts.ts';
import { dailyActivity, dashboardStats, recentActivity } from '../server/dashboard/dashboard.ts';
import { createDatabase, type Database } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { getSendingSettings, getSettingsTimezone } from '../server/settings/settings.ts';
import { compactStatDeltas } from '../server/stats/stat-deltas.ts';
import { listUnsubscribeLogs, unsubscribeStats } from '../server/unsubscribes/logs.ts';
import { testServices } from '../test/support/services.ts';
import { openBenchDatabase } from './support/database.ts';

// Admin screens at scale: 1,000,000 contacts, 200,000 unsubscribe logs and 500,000 campaign sends in
// a throw-away database (embedded PostgreSQL in a temp folder, or a new database on
// TEST_DATABASE_URL). Prints p50/p95 of every list, count and stat through the real domain
// functions, and the CSV export's rows/s and peak RSS growth through the real HTTP route.
// Goal: p95 < 100 ms; export >= 100,000 rows/s with RSS growth < 64 MB.

const CONTACTS = 1_000_000;
const LOGS = 200_000;
const CAMPAIGNS = 20;
const SENDS_PER_CAMPAIGN = 25_000;
const RUNS = 60;
const WARMUP = 5;
const PAGE_SIZE = 20;

const FIRST = ['olivia', 'james', 'charlotte', 'liam', 'amelia', 'noah', 'isla', 'william', 'mia', 'jack'];
const LAST = [
  'nguyen',
  'wilson',
  'smith',
  'brown',
  'jones',
  'taylor',
  'martin',
  'lee',
  'white',
  'harris',
  'clarke',
];
const DOMAINS = ['gmail.com', 'outlook.com', 'hotmail.com', 'yahoo.com.au', 'bigpond.com', 'icloud.com'];

function sqlArray(values: string[]) {
  return sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(',')}]`);
}

/** Secondary indexes are dropped for the bulk load and rebuilt from their own definitions after it. */
async function withoutSecondaryIndexes(db: Database, tables: string[], load: () => Promise<void>) {
  const { rows } = await sql<{ name: string; def: string }>`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relname IN (${sql.join(tables)})
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`.execute(db);
  for (const row of rows) await sql`DROP INDEX ${sql.raw(row.name)}`.execute(db);
  await load();
  for (const row of rows) await sql.raw(row.def).execute(db);
}

async function seed(db: Database): Promise<void> {
  await withoutSecondaryIndexes(db, ['leads', 'unsubscribe_logs', 'email_sends'], async () => {
    // Contact g joined 63 s after contact g-1 (about two years in all); 70% consent, 10% unsubscribed,
    // 1% suppressed, 30% SMS consent.
    await sql`
      INSERT INTO leads (email, full_name, email_marketing_consent, sms_marketing_consent, consent_at, consent_source,
                         email_unsubscribed_at, unsubscribe_reason, suppressed_at, suppression_reason, created_at, updated_at)
      SELECT f || '.' || l || g || '@' || d, initcap(f) || ' ' || initcap(l),
             g % 10 BETWEEN 1 AND 6, g % 10 < 3,
             CASE WHEN g % 10 < 7 THEN c END, CASE WHEN g % 10 < 7 THEN 'sell_form' END,
             CASE WHEN g % 10 = 0 THEN c + interval '30 days' END,
             CASE WHEN g % 20 = 0 THEN 'Too many e-mails' END,
             CASE WHEN g % 97 = 0 THEN c + interval '10 days' END,
             CASE WHEN g % 97 = 0 THEN 'hard_bounce' END,
             c, c
      FROM (
        SELECT g,
               (${sqlArray(FIRST)})[1 + g % ${FIRST.length}] AS f,
               (${sqlArray(LAST)})[1 + (g / ${FIRST.length}) % ${LAST.length}] AS l,
               (${sqlArray(DOMAINS)})[1 + (g * 7) % ${DOMAINS.length}] AS d,
               now() - (${CONTACTS} - g) * interval '63 seconds' AS c
        FROM generate_series(1, ${CONTACTS}) g
      ) s`.execute(db);
    // One log every 158 s over the last year: 75% e-mail unsubscribes (half one-click), 15% SMS,
    // 10% resubscribes.
    await sql`
      INSERT INTO unsubscribe_logs (email, action, method, ip_address, user_agent, created_at)
      SELECT 'person' || g || '@' || (${sqlArray(DOMAINS)})[1 + g % ${DOMAINS.length}],
             CASE WHEN g % 100 < 75 THEN 'email_unsubscribe' WHEN g % 100 < 90 THEN 'sms_unsubscribe'
                  WHEN g % 100 < 97 THEN 'email_resubscribe' ELSE 'sms_resubscribe' END,
             CASE WHEN g % 100 < 75 AND g % 2 = 0 THEN 'one_click' ELSE 'manual' END,
             CASE WHEN g % 5 = 0 THEN NULL ELSE '203.0.113.' || (g % 250) END,
             CASE WHEN g % 5 = 0 THEN NULL
                  ELSE 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148' END,
             now() - (${LOGS} - g) * interval '158 seconds'
      FROM generate_series(1, ${LOGS}) g`.execute(db);
    // Campaign k went out k x 3 days ago to 25,000 contacts; 40% opened, 8% clicked, 2% bounced.
    await sql`
      INSERT INTO email_campaigns (name, subject, status, total_recipients, sent_count, delivered_count,
                                   bounce_count, open_count, click_count, open_rate, click_rate, bounce_rate,
                                   started_at, completed_at, created_at)
      SELECT 'Campaign ' || k, 'Market update ' || k, 'completed', ${SENDS_PER_CAMPAIGN}, ${SENDS_PER_CAMPAIGN},
             ${SENDS_PER_CAMPAIGN * 0.98}, ${SENDS_PER_CAMPAIGN * 0.02}, ${SENDS_PER_CAMPAIGN * 0.4},
             ${SENDS_PER_CAMPAIGN * 0.08}, 40.8, 8.2, 2,
             now() - k * interval '3 days', now() - k * interval '3 days' + interval '2 hours',
             now() - k * interval '3 days' - interval '1 day'
      FROM generate_series(1, ${CAMPAIGNS}) k`.execute(db);
    await sql`
      INSERT INTO email_sends (campaign_id, lead_id, recipient_email, status, provider_message_id, attempts,
                               sent_at, delivered_at, opened_at, clicked_at)
      SELECT c.id, l.id, l.email, 'delivered', 'msg-' || c.id || '-' || l.id, 1,
             c.started_at + (n % 7200) * interval '1 second',
             c.started_at + (n % 7200) * interval '1 second' + interval '5 seconds',
             CASE WHEN n % 5 < 2 THEN c.started_at + (n % 7200) * interval '1 second' + (n % 40) * interval '1 hour' END,
             CASE WHEN n % 25 < 2 THEN c.started_at + (n % 7200) * interval '1 second' + (n % 40) * interval '1 hour' END
      FROM email_campaigns c
      CROSS JOIN LATERAL (
        SELECT id, email, row_number() OVER () AS n FROM leads
        WHERE email_marketing_consent AND email_unsubscribed_at IS NULL
        OFFSET (extract(day FROM c.started_at)::int * 1000) LIMIT ${SENDS_PER_CAMPAIGN}
      ) l`.execute(db);
  });
  await compactStatDeltas(db);
  // What autovacuum does to a table after a bulk load (visibility map for index-only scans, stats).
  for (const table of ['leads', 'unsubscribe_logs', 'email_sends', 'email_campaigns', 'stat_deltas'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}

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
  const leadIds = await sample('leads', RUNS + WARMUP);
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
    list({ page: 1000, anchor: { id: pick(leadIds, i), direction: i % 2 ? 'after' : 'before' } }),
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
  await add('contacts.get (detail with enquiries, sends, logs)', (i) => getContact(db, pick(leadIds, i)));
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
  await add('dashboard.recentActivity', () => recentActivity(db));
  await add('dashboard.dailyActivity (30-day chart)', () => dailyActivity(db, { timezone }));
  await add('settings (getSendingSettings)', () => getSendingSettings(db));
  await add(
    'contacts.list middle page typed in the URL (worst case)',
    (i) => list({ page: Math.floor(lastPage / 2) + (i % 10) }),
    'no anchor: 500,000 index entries skipped; not reachable by clicking',
  );
  return figures;
}

/**
 * Streams an export to curl (a separate process, as a browser would be) piped into `wc -l`, while
 * sampling this process's RSS: the figure is the server's own memory growth.
 */
async function measureExport(label: string, url: string, cookie: string) {
  const headersFile = path.join(os.tmpdir(), `bench-admin-headers-${randomBytes(4).toString('hex')}`);
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const start = performance.now();
  const child = spawn('sh', [
    '-c',
    'curl -sS -D "$1" -H "cookie: $2" "$3" | wc -lc',
    'sh',
    headersFile,
    cookie,
    url,
  ]);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const [code] = (await once(child, 'exit')) as [number | null];
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const headers = await readFile(headersFile, 'utf8');
  await rm(headersFile, { force: true });
  const [lines = 0, bytes = 0] = output.trim().split(/\s+/).map(Number);
  const rows = Number(/^x-row-count: (\d+)/im.exec(headers)?.[1] ?? Number.NaN);
  if (code !== 0 || lines !== rows + 1)
    throw new Error(`${label}: curl exit ${code}, ${lines} lines, x-row-count ${rows}`);
  return {
    export: label,
    rows,
    MB: Number((bytes / 1e6).toFixed(1)),
    seconds: Number(seconds.toFixed(2)),
    'rows/s': Math.round(rows / seconds),
    'RSS growth MB': Number(((peak - baseline) / 1e6).toFixed(1)),
  };
}

async function main(): Promise<void> {
  // A throw-away cluster: durability off to load quickly; queries run with default memory settings.
  const bench = await openBenchDatabase('admin', {
    fsync: 'off',
    synchronous_commit: 'off',
    full_page_writes: 'off',
    max_wal_size: '4GB',
  });
  const db = createDatabase({ connectionString: bench.url, max: 10 });
  let server: Awaited<ReturnType<typeof createServer>> | null = null;
  try {
    await migrateToLatest(db);
    console.log(
      `Seeding ${CONTACTS} contacts, ${LOGS} unsubscribe logs, ${CAMPAIGNS * SENDS_PER_CAMPAIGN} sends...`,
    );
    const start = performance.now();
    await seed(db);
    console.log(
      `Seeded in ${((performance.now() - start) / 1000).toFixed(0)} s. ${os.cpus().length} CPUs, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}\n`,
    );

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

    const services = testServices(db);
    server = await createServer({ services, clientDir: null, logLevel: 'warn' });
    const address = await server.start(0, '127.0.0.1');
    const user = await createUser(db, {
      email: 'bench-admin@example.com',
      password: 'bench-password-1',
      verified: true,
    });
    await grantAdmin(db, user.email);
    const token = generateSessionToken();
    await createSession(db, token, user.id, { ip: null, userAgent: null });
    const cookie = `session=${token}`;
    const contactsUrl = `${address}/api/admin/exports/contacts.csv`;
    // The first big export after start also grows V8's young generation to its maximum size, once
    // per process; the second shows what an export costs a warmed-up server.
    const exports = [
      await measureExport('contacts (all), first after start', contactsUrl, cookie),
      await measureExport('contacts (all), again', contactsUrl, cookie),
      await measureExport(
        'unsubscribe logs (all)',
        `${address}/api/admin/exports/unsubscribe-logs.csv`,
        cookie,
      ),
    ];
    console.log('\nCSV exports through GET /api/admin/exports/* (read by curl in another process):');
    console.table(exports);
    const verdict = (e: (typeof exports)[number] | undefined) =>
      e && e['rows/s'] >= 100_000 && e['RSS growth MB'] < 64 ? 'met' : 'NOT met';
    console.log(
      `Goal export >= 100,000 rows/s with RSS growth < 64 MB: ${verdict(exports[0])} by the first export, ` +
        `${verdict(exports[1])} by the second.`,
    );
  } finally {
    await server?.stop();
    await db.destroy();
    await bench.close();
  }
}

await main();
