import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { EnquiriesListInput } from '#shared/enquiries/schemas.ts';
import { createDatabase, type Database } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { getEnquiry } from '../server/enquiries/detail.ts';
import { awaitingReply, enquiryBrands, listEnquiries } from '../server/enquiries/inbox.ts';
import { openBenchDatabase } from './support/database.ts';

// The enquiry inbox at 200,000 enquiries from 80,000 sellers (decision 026):
// p50/p95 of 60 runs (after 5 warm-up runs) of every list, filter, search, count and detail the
// admin reaches, through the real domain functions, on a throw-away database (embedded PostgreSQL
// in a temp folder, or a new database on TEST_DATABASE_URL). Goal: p95 < 100 ms.

const ENQUIRIES = 200_000;
const SELLERS = 80_000;
const RUNS = 60;
const WARMUP = 5;

async function seed(db: Database): Promise<void> {
  await sql`SELECT setseed(0.22)`.execute(db);
  await sql`
    INSERT INTO users (email, password_hash)
    SELECT 'buyer' || i || '@example.com', 'x' FROM generate_series(1, 4) i`.execute(db);
  await sql`INSERT INTO user_roles (user_id, role) SELECT id, 'buyer' FROM users`.execute(db);
  await sql`
    INSERT INTO leads (email, full_name, phone, created_at)
    SELECT
      (ARRAY['olivia','james','charlotte','liam','amelia','noah','isla','william','mia','jack'])[1 + i % 10]
        || '.' || (ARRAY['nguyen','wilson','smith','brown','jones','taylor','martin','lee','white','harris'])[1 + (i / 10) % 10]
        || i || '@' || (ARRAY['gmail.com','outlook.com','bigpond.com.au','icloud.com'])[1 + i % 4],
      initcap((ARRAY['olivia','james','charlotte','liam','amelia','noah','isla','william','mia','jack'])[1 + i % 10])
        || ' ' || initcap((ARRAY['nguyen','wilson','smith','brown','jones','taylor','martin','lee','white','harris'])[1 + (i / 10) % 10]),
      '04' || lpad((i * 7919 % 100000000)::text, 8, '0'),
      now() - make_interval(secs => (${SELLERS} - i) * 300)
    FROM generate_series(1, ${SELLERS}) i`.execute(db);
  // Two and a half enquiries per seller on average, one every 2 minutes over the last ~9 months;
  // most are closed or further on, about 1% still New (the awaiting-reply queue).
  await sql`
    WITH sellers AS (SELECT id, full_name, phone, row_number() OVER (ORDER BY created_at) AS n FROM leads),
         admins AS (SELECT array_agg(id) AS ids FROM users)
    INSERT INTO enquiries (lead_id, contact_name, contact_phone, watch_brand, watch_model, watch_year,
                           watch_condition, has_box, has_papers, additional_details, source, utm_source,
                           utm_medium, utm_campaign, meta_event_id, status, assignee_id, created_at)
    SELECT s.id, s.full_name, s.phone,
      (ARRAY['Rolex','Omega','Patek Philippe','Audemars Piguet','Cartier','Tudor','Breitling','TAG Heuer','IWC','Other'])[1 + (i * 31) % 10],
      (ARRAY['Submariner 126610LN','Daytona 116500LN','Speedmaster 310.30','Nautilus 5711','Royal Oak 15500','Santos WSSA0018','Black Bay 58','Navitimer B01','Carrera','Portugieser'])[1 + (i * 17) % 10],
      1990 + i % 35,
      (ARRAY['Excellent - Like new','Very Good - Minor wear','Good - Visible wear','Fair - Needs service'])[1 + i % 4],
      i % 2 = 0, i % 3 = 0, 'Serviced ' || (2015 + i % 10),
      'website', (ARRAY['google','facebook',NULL,'instagram'])[1 + i % 4], 'cpc', 'brand',
      'evt_' || i,
      (CASE WHEN i > ${ENQUIRIES} - 2000 AND i % 2 = 0 THEN 'new'
            ELSE (ARRAY['contacted','offer_made','accepted','purchased','declined','lost','spam','contacted'])[1 + (i * 7) % 8] END),
      CASE WHEN i % 3 = 0 THEN (SELECT ids[1 + i % 4] FROM admins) END,
      now() - make_interval(secs => (${ENQUIRIES} - i) * 120)
    FROM generate_series(1, ${ENQUIRIES}) i
    JOIN sellers s ON s.n = 1 + (i * 2654435761::bigint) % ${SELLERS}`.execute(db);
  // Photos on one enquiry in three, three each.
  await sql`
    INSERT INTO uploads (driver, storage_key, content_type, bytes, sha256, enquiry_id, created_at)
    SELECT 'local', gen_random_uuid() || '.jpg', 'image/jpeg', 200000, 'x', e.id, e.created_at
    FROM (SELECT id, created_at, row_number() OVER () AS n FROM enquiries) e, generate_series(1, 3)
    WHERE e.n % 3 = 0`.execute(db);
  for (const table of ['leads', 'enquiries', 'uploads', 'users'])
    await sql`VACUUM ANALYZE ${sql.table(table)}`.execute(db);
}

interface Figure {
  query: string;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(query: string, run: (i: number) => Promise<unknown>): Promise<Figure> {
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
  };
}

async function measure(db: Database): Promise<Figure[]> {
  const list = (input: Partial<EnquiriesListInput>) =>
    listEnquiries(db, { search: '', awaitingReply: false, page: 1, ...input });
  const admin = await db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  const ids = (
    await sql<{ id: string }>`SELECT id FROM enquiries TABLESAMPLE SYSTEM (1) LIMIT ${RUNS + WARMUP}`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  const total = (await list({})).totalPages;
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  // One figure per term: how broad a term is decides its plan (decision 026).
  const terms = [
    'olivia.nguyen1234',
    '0400007919',
    'zzz-nobody',
    'Nautilus 5711',
    'charlotte wilson',
    'gmail',
    'smith',
    'olivia',
    '0412',
  ];

  const figures: Figure[] = [];
  const add = async (query: string, run: (i: number) => Promise<unknown>) => {
    const figure = await time(query, run);
    figures.push(figure);
    console.log(`  ${figure.query}: p50 ${figure.p50} ms, p95 ${figure.p95} ms`);
  };
  await add('inbox page 1', () => list({}));
  await add('inbox page 2', () => list({ page: 2 }));
  await add(`inbox last page (${total})`, () => list({ page: total }));
  await add('inbox page 500 (typed)', () => list({ page: 500 }));
  await add('status = lost', () => list({ status: 'lost' }));
  await add('awaiting reply', () => list({ awaitingReply: true }));
  await add('brand = Patek Philippe', () => list({ brand: 'Patek Philippe' }));
  await add('assignee', () => list({ assignee: admin.id }));
  await add('unassigned, page 3', () => list({ assignee: 'unassigned', page: 3 }));
  await add('last 30 days', () => list({ from: monthAgo, to: today }));
  await add('brand + status + assignee', () =>
    list({ brand: 'Rolex', status: 'offer_made', assignee: admin.id }),
  );
  for (const term of terms) await add(`search "${term}"`, () => list({ search: term }));
  await add('search "smith" + awaiting reply', () => list({ search: 'smith', awaitingReply: true }));
  await add('awaitingReply (badge, card)', () => awaitingReply(db));
  await add('brands (filter options)', () => enquiryBrands(db));
  await add('enquiry page (detail, timeline)', (i) => getEnquiry(db, ids[i % ids.length] ?? ''));
  return figures;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const database = await openBenchDatabase('enquiries');
  const db = createDatabase({ connectionString: database.url, max: 4 });
  try {
    await migrateToLatest(db);
    console.log(`Seeding ${ENQUIRIES} enquiries from ${SELLERS} sellers...`);
    const start = performance.now();
    await seed(db);
    console.log(`Seeded in ${((performance.now() - start) / 1000).toFixed(0)} s.`);
    console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}\n`);
    console.log(`Queries (${WARMUP} warm-up + ${RUNS} timed runs each):`);
    const figures = await measure(db);
    console.log('');
    console.table(figures);
    const slow = figures.filter((f) => f.p95 >= 100);
    console.log(
      slow.length === 0
        ? 'Goal p95 < 100 ms: met by every inbox query.'
        : `Goal p95 < 100 ms NOT met by: ${slow.map((f) => f.query).join('; ')}`,
    );
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } finally {
    await db.destroy();
    await database.close();
  }
}

await main();
