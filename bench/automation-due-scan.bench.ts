import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type KyselyPlugin, sql } from 'kysely';
import pg from 'pg';
import { dueRunIds } from '../server/automations/engine.ts';
import { scanSegmentEntries } from '../server/automations/trigger-scans.ts';
import { createDatabase, type Database } from '../server/db/database.ts';
import { migrateToLatest } from '../server/db/migrator.ts';
import { openBenchDatabase } from './support/database.ts';

// The automation due scan (decisions 061, 064): 1,000,000 waiting runs over 20 flows (one of them
// paused) from 50,000 contacts, due times spread over the next 30 days with the first 0.5% already
// due, so each tick finds a full batch. p50/p95 of `dueRunIds(db, now, 500)` over 200 ticks, the
// clock moving a minute a tick, then EXPLAIN (ANALYZE, BUFFERS) of the same statement after a
// VACUUM, which sets the visibility map an index-only scan needs. Goal: p95 < 200 ms per tick.
// Then 100,000 new contacts entering a segment-triggered flow at once: one scan, timed.

const CONTACTS = 50_000;
const FLOWS = 20;
const TICKS = Number(process.env.DUE_SCAN_BENCH_TICKS ?? 200);
const WARMUP = 10;
const BATCH = 500;
const DUE_FRACTION = 0.005;
const SPREAD_MS = 30 * 86_400_000;

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function seed(db: Database, now: Date): Promise<void> {
  await sql`SELECT setseed(0.61)`.execute(db);
  await sql`
    INSERT INTO leads (email, full_name, email_marketing_consent)
    SELECT 'collector' || i || '@example.com', 'Collector ' || i, true
      FROM generate_series(1, ${CONTACTS}::int) i`.execute(db);
  await sql`
    INSERT INTO automation_flows (name, state)
    SELECT 'Flow ' || i, CASE WHEN i = ${FLOWS}::int THEN 'paused' ELSE 'live' END
      FROM generate_series(1, ${FLOWS}::int) i`.execute(db);
  await sql`
    INSERT INTO automation_flow_versions (flow_id, version, definition)
    SELECT id, 1, '{}'::jsonb FROM automation_flows`.execute(db);
  // Set-based: every contact in every flow, one statement. Due times are uniform over 30 days
  // starting DUE_FRACTION of the spread before `now`.
  await sql`
    INSERT INTO automation_runs (flow_id, version, contact_id, next_step, due_at, entered_at)
    SELECT f.id, 1, l.id, 'wait',
           ${now}::timestamptz + (random() - ${DUE_FRACTION}::float8) * ${SPREAD_MS}::float8 * interval '1 millisecond',
           ${now}::timestamptz - interval '1 day'
      FROM automation_flows f CROSS JOIN leads l`.execute(db);
  // Finished runs beside the waiting ones, as a live install has: not in the partial index.
  await sql`
    UPDATE automation_runs SET state = 'finished', finished_at = ${now}::timestamptz, next_step = NULL
     WHERE ctid IN (SELECT ctid FROM automation_runs TABLESAMPLE SYSTEM (2))`.execute(db);
}

/** The statement `dueRunIds` sends, compiled as Kysely compiles it, captured by a plugin. */
async function dueScanStatement(
  db: Database,
  now: Date,
): Promise<{ sql: string; parameters: readonly unknown[] }> {
  let captured: { sql: string; parameters: readonly unknown[] } | null = null;
  const capture: KyselyPlugin = {
    transformQuery(args) {
      captured ??= db.getExecutor().compileQuery(args.node, args.queryId);
      return args.node;
    },
    transformResult: (args) => Promise.resolve(args.result),
  };
  await dueRunIds(db.withPlugin(capture), now, BATCH);
  if (!captured) throw new Error('dueRunIds sent no statement');
  return captured;
}

const JOINERS = 100_000;

/** 100,000 contacts starting to match a segment-triggered flow's segment, entered by one scan. */
async function segmentEntry(db: Database, now: Date): Promise<void> {
  const segment = await db
    .insertInto('segments')
    .values({
      name: 'Joiners',
      match: 'all',
      conditions: JSON.stringify([{ kind: 'email_domain', domain: 'joiners.example' }]),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const definition = {
    name: 'Joiners welcome',
    description: '',
    trigger: { type: 'segment_entered', segmentId: segment.id },
    reentry: 'per_occurrence',
    respectQuietHours: true,
    steps: [{ id: 'first', type: 'send', templateId: segment.id, template: 'marketing' }],
  };
  const flow = await db
    .insertInto('automation_flows')
    .values({ name: 'Joiners welcome', state: 'live' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('automation_flow_versions')
    .values({ flow_id: flow.id, version: 1, definition: JSON.stringify(definition) })
    .execute();
  // The first scan takes the baseline (nobody in the segment yet).
  await scanSegmentEntries(db, now, 'Australia/Sydney');
  await sql`
    INSERT INTO leads (email, full_name, email_marketing_consent)
    SELECT 'joiner' || i || '@joiners.example', 'Joiner ' || i, true
      FROM generate_series(1, ${JOINERS}::int) i`.execute(db);
  await sql`ANALYZE leads`.execute(db);
  const start = performance.now();
  const entered = await scanSegmentEntries(db, new Date(now.getTime() + 600_000), 'Australia/Sydney');
  console.log(
    `\nSegment entry: ${entered} of ${JOINERS} new members entered by one scan in ` +
      `${((performance.now() - start) / 1000).toFixed(2)} s.`,
  );
}

async function main(): Promise<void> {
  const database = await openBenchDatabase('automation', { fsync: 'off', full_page_writes: 'off' });
  const db = createDatabase({ connectionString: database.url, max: 2 });
  const now = new Date('2026-11-27T00:00:00Z');
  try {
    await migrateToLatest(db);
    let start = performance.now();
    await seed(db, now);
    console.log(
      `Seeded ${FLOWS} flows x ${CONTACTS} contacts in ${((performance.now() - start) / 1000).toFixed(0)} s.`,
    );
    start = performance.now();
    await sql`VACUUM ANALYZE automation_runs`.execute(db);
    await sql`VACUUM ANALYZE automation_flows`.execute(db);
    console.log(`VACUUM ANALYZE in ${((performance.now() - start) / 1000).toFixed(1)} s.`);
    const counts = await sql<{ waiting: number; due: number; paused_due: number }>`
      SELECT count(*) FILTER (WHERE r.state = 'waiting')::int AS waiting,
             count(*) FILTER (WHERE r.state = 'waiting' AND r.due_at <= ${now})::int AS due,
             count(*) FILTER (WHERE r.state = 'waiting' AND r.due_at <= ${now} AND f.state = 'paused')::int AS paused_due
        FROM automation_runs r JOIN automation_flows f ON f.id = r.flow_id`.execute(db);
    console.log(counts.rows[0]);
    console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}\n`);

    const samples: number[] = [];
    let found = 0;
    for (let tick = 0; tick < WARMUP + TICKS; tick += 1) {
      const at = new Date(now.getTime() + tick * 60_000);
      const began = performance.now();
      const ids = await dueRunIds(db, at, BATCH);
      const took = performance.now() - began;
      if (tick >= WARMUP) {
        samples.push(took);
        found += ids.length;
      }
    }
    samples.sort((a, b) => a - b);
    const at = (p: number) =>
      samples[Math.min(samples.length - 1, Math.ceil((p / 100) * samples.length) - 1)] ?? 0;
    const p95 = at(95);
    console.log(
      `dueRunIds(db, now, ${BATCH}) over ${TICKS} ticks (after ${WARMUP} warm-up): p50 ${at(50).toFixed(2)} ms, ` +
        `p95 ${p95.toFixed(2)} ms, max ${(samples.at(-1) ?? 0).toFixed(2)} ms; ${(found / TICKS).toFixed(0)} ids a tick`,
    );
    console.log(p95 < 200 ? 'Goal p95 < 200 ms: met.' : 'Goal p95 < 200 ms: NOT met.');

    const statement = await dueScanStatement(db, now);
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`,
        [...statement.parameters],
      );
      const lines = plan.rows.map((row) => row['QUERY PLAN']);
      console.log(`\n${statement.sql}\n\n${lines.join('\n')}`);
      const indexOnly = lines.some((line) => line.includes('Index Only Scan using automation_runs_due'));
      console.log(`\nIndex-only scan of automation_runs_due: ${indexOnly ? 'yes' : 'NO'}`);
    } finally {
      await client.end();
    }
    await segmentEntry(db, now);
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } finally {
    await db.destroy();
    await database.close();
  }
}

await main();
