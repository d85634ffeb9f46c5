import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database, type DbExecutor } from '#server/db/database.ts';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import { compactStatDeltas } from '#server/stats/stat-deltas.ts';
import { openBenchDatabase } from './database.ts';

// The scale benchmarks' data set (admin-scale, segments): 1,000,000 contacts, 200,000 unsubscribe
// logs and 20 campaigns with 500,000 sends, seeded once per run or kept in a folder.

export const CONTACTS = 1_000_000;
export const LOGS = 200_000;
export const CAMPAIGNS = 20;
export const SENDS_PER_CAMPAIGN = 25_000;

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
export const DOMAINS = [
  'gmail.com',
  'outlook.com',
  'hotmail.com',
  'yahoo.com.au',
  'bigpond.com',
  'icloud.com',
];

function sqlArray(values: string[]) {
  return sql.raw(`ARRAY[${values.map((v) => `'${v}'`).join(',')}]`);
}

/** Secondary indexes are dropped for the bulk load and rebuilt from their own definitions after it. */
export async function withoutSecondaryIndexes(db: DbExecutor, tables: string[], load: () => Promise<void>) {
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

// A throw-away cluster: durability off to load quickly; queries run with default memory settings.
const CLUSTER_SETTINGS = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  max_wal_size: '4GB',
};
const KEPT_DATABASE = 'admin_bench';

/**
 * The seeded database. With ADMIN_BENCH_CLUSTER=<folder> the embedded cluster is kept there and
 * seeded once (the database is renamed into place only when the seed is complete): later runs
 * reuse it. Otherwise a throw-away database, seeded every run.
 */
export async function openSeededDatabase(
  keptDir = process.env.ADMIN_BENCH_CLUSTER,
): Promise<{ url: string; db: Database; close(): Promise<void> }> {
  if (!keptDir) {
    const bench = await openBenchDatabase('admin', CLUSTER_SETTINGS);
    const db = createDatabase({ connectionString: bench.url, max: 10 });
    await migrateToLatest(db);
    await seedTimed(db);
    return { url: bench.url, db, close: async () => (await db.destroy(), await bench.close()) };
  }
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.resolve(keptDir),
    persistent: true,
    settings: CLUSTER_SETTINGS,
  });
  const admin = new pg.Client({ connectionString: embedded.url('postgres') });
  await admin.connect();
  const exists = async (name: string) =>
    (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!(await exists(KEPT_DATABASE))) {
    const loading = `${KEPT_DATABASE}_loading`;
    await admin.query(`DROP DATABASE IF EXISTS ${loading} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${loading}`);
    const loadingDb = createDatabase({ connectionString: embedded.url(loading), max: 10 });
    await migrateToLatest(loadingDb);
    await seedTimed(loadingDb);
    await loadingDb.destroy();
    await admin.query(`ALTER DATABASE ${loading} RENAME TO ${KEPT_DATABASE}`);
  } else {
    console.log(`Reusing the seeded database in ${keptDir} (delete the folder to seed again).\n`);
  }
  await admin.end();
  const url = embedded.url(KEPT_DATABASE);
  const db = createDatabase({ connectionString: url, max: 10 });
  await migrateToLatest(db);
  return { url, db, close: async () => (await db.destroy(), await embedded.stop()) };
}

async function seedTimed(db: Database): Promise<void> {
  console.log(
    `Seeding ${CONTACTS} contacts, ${LOGS} unsubscribe logs, ${CAMPAIGNS * SENDS_PER_CAMPAIGN} sends...`,
  );
  const start = performance.now();
  await seed(db);
  console.log(`Seeded in ${((performance.now() - start) / 1000).toFixed(0)} s.\n`);
}
