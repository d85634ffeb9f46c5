import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { type SegmentDefinition, segmentDefinitionSchema } from '#shared/segments/schema.ts';
import { snapshotAudience } from '#server/campaigns/engine/snapshot.ts';
import type { Database } from '#server/db/database.ts';
import { segmentAtStart } from '#server/campaigns/campaign-segment.ts';
import { compileSegment } from '#server/segments/compile.ts';
import { countSegmentAudience, previewSegment } from '#server/segments/segments.ts';
import { getSettingsTimezone } from '#server/settings/settings.ts';
import { openSeededDatabase } from './support/scale-seed.ts';

// Segments at scale (decision 032): the admin-scale data set (1,000,000 contacts, 500,000 sends
// over 20 campaigns, 40% opened) plus 150,000 enquiries. Prints p50/p95 of segment counts and of
// the editor's preview through the real domain functions, then the Send Now snapshot of a segment
// of about 500,000 recipients (segmentAtStart + snapshotAudience, as beginSending runs them).
// Goal: count with three conditions, one of them engagement, p95 < 300 ms; snapshot < 10 s.
//
// Options: SEGMENTS_BENCH_CLUSTER (a folder: the seeded cluster is kept there and reused, like
// ADMIN_BENCH_CLUSTER), SEGMENTS_BENCH_RUNS (timed runs per query, default 30),
// SEGMENTS_BENCH_SNAPSHOTS (default 3).

const RUNS = Number(process.env.SEGMENTS_BENCH_RUNS ?? 30);
const WARMUP = 3;
const SNAPSHOTS = Number(process.env.SEGMENTS_BENCH_SNAPSHOTS ?? 3);
const ENQUIRIES = 150_000;
const BRANDS = ['Rolex', 'Omega', 'Patek Philippe', 'Audemars Piguet', 'Cartier', 'Tudor'];
const UTM_SOURCES = ['google', 'facebook', 'instagram', 'newsletter', null];

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** 150,000 enquiries from 1 contact in 7 (a few with two), once per database. */
async function seedEnquiries(db: Database): Promise<void> {
  const existing = await sql<{ n: number }>`SELECT count(*)::int AS n FROM enquiries`.execute(db);
  if ((existing.rows[0]?.n ?? 0) >= ENQUIRIES) return;
  const start = performance.now();
  await sql`
    INSERT INTO enquiries (lead_id, watch_brand, watch_condition, source, utm_source, utm_medium, utm_campaign, created_at)
    SELECT l.id,
           (${sql.raw(`ARRAY[${BRANDS.map((b) => `'${b}'`).join(',')}]`)})[1 + n % ${BRANDS.length}],
           'Very Good - Minor wear', 'website',
           (${sql.raw(`ARRAY[${UTM_SOURCES.map((u) => (u ? `'${u}'` : 'NULL')).join(',')}]::text[]`)})[1 + n % ${UTM_SOURCES.length}],
           CASE WHEN n % 3 = 0 THEN 'cpc' ELSE 'social' END,
           'campaign-' || (n % 40),
           l.created_at + interval '1 hour'
    FROM (SELECT id, created_at, row_number() OVER () AS n FROM leads WHERE abs(hashtext(id::text)) % 7 = 0) l
    LIMIT ${ENQUIRIES}`.execute(db);
  await sql`VACUUM ANALYZE enquiries`.execute(db);
  console.log(`Seeded ${ENQUIRIES} enquiries in ${((performance.now() - start) / 1000).toFixed(0)} s.\n`);
}

interface Figure {
  query: string;
  result: number;
  p50: number;
  p95: number;
  max: number;
}

async function time(query: string, run: () => Promise<number>): Promise<Figure> {
  let result = 0;
  for (let i = 0; i < WARMUP; i += 1) result = await run();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (p: number) =>
    samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0;
  const round = (n: number) => Number(n.toFixed(1));
  return { query, result, p50: round(at(50)), p95: round(at(95)), max: round(samples.at(-1) ?? 0) };
}

const define = (match: 'all' | 'any', conditions: unknown[]): SegmentDefinition =>
  segmentDefinitionSchema.parse({ match, conditions });

/** A calendar day `days` before today, as the editor's date fields send it. */
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

// The issue's case first: three conditions, one of them engagement.
const SEGMENTS: Array<[string, SegmentDefinition]> = [
  [
    'all: gmail.com, created over a year ago, opened any campaign in 30 days',
    define('all', [
      { kind: 'email_domain', domain: 'gmail.com' },
      { kind: 'created', to: dayAgo(365) },
      { kind: 'engagement', action: 'opened', withinDays: 30 },
    ]),
  ],
  [
    'all: Rolex enquiry, UTM source google, clicked any campaign in 60 days',
    define('all', [
      { kind: 'enquiry', brand: 'Rolex' },
      { kind: 'enquiry_source', field: 'utm_source', op: 'is', value: 'google' },
      { kind: 'engagement', action: 'clicked', withinDays: 60 },
    ]),
  ],
  [
    'any: icloud.com, UTM campaign contains "campaign-1", received any in 7 days',
    define('any', [
      { kind: 'email_domain', domain: 'icloud.com' },
      { kind: 'enquiry_source', field: 'utm_campaign', op: 'contains', value: 'campaign-1' },
      { kind: 'engagement', action: 'received', withinDays: 7 },
    ]),
  ],
  ['never opened', define('all', [{ kind: 'never_opened' }])],
  ['consent subscribed (the whole audience)', define('all', [{ kind: 'consent', state: 'subscribed' }])],
];

async function explain(db: Database, definition: SegmentDefinition, timezone: string): Promise<void> {
  const { rows } = await sql<{ 'QUERY PLAN': string }>`
    EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF)
    SELECT count(*) FROM leads l
    WHERE l.email_marketing_consent AND l.email_unsubscribed_at IS NULL AND l.suppressed_at IS NULL
      AND ${compileSegment(definition, timezone)}`.execute(db);
  console.log(rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n'));
}

async function measureCounts(db: Database): Promise<void> {
  const timezone = await getSettingsTimezone(db);
  const figures: Figure[] = [];
  for (const [name, definition] of SEGMENTS) {
    figures.push(await time(`count ${name}`, () => countSegmentAudience(db, definition, timezone)));
  }
  const [first] = SEGMENTS;
  if (first) {
    figures.push(
      await time(`editor preview (both counts + first 20) ${first[0]}`, async () => {
        const preview = await previewSegment(db, first[1]);
        return preview.audience;
      }),
    );
    console.log(`Plan of the first count:`);
    await explain(db, first[1], timezone);
  }
  console.log('');
  console.table(figures);
  const issueCase = figures[0];
  if (issueCase)
    console.log(
      `Goal p95 < 300 ms for three conditions including engagement: ${issueCase.p95 < 300 ? 'met' : 'NOT met'} (${issueCase.p95} ms).`,
    );
}

/** The newest ~500,000 contacts who may receive marketing: created on or after a day found here. */
async function halfMillionSegment(db: Database): Promise<string> {
  const { rows } = await sql<{ day: string }>`
    SELECT to_char(created_at AT TIME ZONE 'Australia/Sydney', 'YYYY-MM-DD') AS day FROM leads
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL AND suppressed_at IS NULL
    ORDER BY created_at DESC OFFSET 500000 LIMIT 1`.execute(db);
  const from = rows[0]?.day ?? dayAgo(700);
  const definition = define('all', [
    { kind: 'created', from },
    { kind: 'consent', state: 'subscribed' },
  ]);
  const row = await db
    .insertInto('segments')
    .values({
      name: `Bench half million ${Date.now()}`,
      match: definition.match,
      conditions: JSON.stringify(definition.conditions),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * The settings a snapshot's time depends on. The seed's cluster runs without fsync and full-page
 * writes (scale-seed.ts); production does not, so those figures would flatter the snapshot.
 */
async function reportServerSettings(db: Database): Promise<void> {
  const { rows } = await sql<{ name: string; setting: string }>`
    SELECT name, current_setting(name) AS setting FROM pg_settings
    WHERE name IN ('fsync', 'full_page_writes', 'shared_buffers', 'max_wal_size', 'wal_buffers')
    ORDER BY name`.execute(db);
  console.log(`Server: ${rows.map((r) => `${r.name}=${r.setting}`).join(', ')}; synchronous_commit=on.`);
  if (rows.some((r) => (r.name === 'fsync' || r.name === 'full_page_writes') && r.setting === 'off'))
    console.log(
      'Warning: fsync or full_page_writes is off (the seed settings): restart the kept cluster with the ' +
        'application settings for figures that hold in production (bench/README.md, segments).',
    );
}

async function measureSnapshot(db: Database): Promise<void> {
  await reportServerSettings(db);
  const segmentId = await halfMillionSegment(db);
  const results: Array<{ run: number; recipients: number; seconds: number }> = [];
  for (let run = 1; run <= SNAPSHOTS; run += 1) {
    const campaign = await db
      .insertInto('email_campaigns')
      .values({ name: `Snapshot bench ${run}`, subject: 'Bench', status: 'sending', segment_id: segmentId })
      .returning(['id', 'is_test_mode', 'test_emails'])
      .executeTakeFirstOrThrow();
    const start = performance.now();
    const recipients = await db.transaction().execute(async (trx) => {
      await sql`SET LOCAL synchronous_commit = on`.execute(trx);
      const segment = await segmentAtStart(trx, segmentId);
      const total = await snapshotAudience(trx, campaign, segment.audience);
      await trx
        .updateTable('email_campaigns')
        .set({ total_recipients: total, segment_snapshot: JSON.stringify(segment.snapshot) })
        .where('id', '=', campaign.id)
        .execute();
      return total;
    });
    const seconds = Number(((performance.now() - start) / 1000).toFixed(2));
    results.push({ run, recipients, seconds });
    await db.deleteFrom('email_campaigns').where('id', '=', campaign.id).execute();
    await sql`VACUUM email_sends`.execute(db);
  }
  console.log('\nSend Now snapshot of a segment (one transaction: read the segment, insert the sends):');
  console.table(results);
  const worst = Math.max(...results.map((r) => r.seconds));
  console.log(`Goal < 10 s for 500,000 recipients: ${worst < 10 ? 'met' : 'NOT met'} (worst ${worst} s).`);
}

async function main(): Promise<void> {
  const database = await openSeededDatabase(process.env.SEGMENTS_BENCH_CLUSTER);
  const { db } = database;
  try {
    await seedEnquiries(db);
    console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}\n`);
    await measureCounts(db);
    await measureSnapshot(db);
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } finally {
    await database.close();
  }
}

await main();
