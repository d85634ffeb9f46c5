import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { FUNNEL_DIMENSIONS } from '#shared/insight/schemas.ts';
import type { SessionUser } from '../server/auth/session.ts';
import { createUser, grantAdmin } from '../server/auth/users.ts';
import type { Database } from '../server/db/database.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { ENQUIRIES, insightSeeded, PURCHASES, seedInsight } from './support/insight-seed.ts';
import { CONTACTS, openSeededDatabase } from './support/scale-seed.ts';

// The owner's reports at scale (decision 096, 101): 1,000,000 contacts and 20 campaigns with
// 500,000 sends (bench/support/scale-seed.ts), 200,000 enquiries over 400 days with their status
// history, offers, visits and attributions, and 20,000 purchases in the register
// (bench/support/insight-seed.ts). Every report procedure is called through the real tRPC caller
// (permission check, zod input, the procedure) 30 times after 3 warm-up calls, with the period
// and the breakdown varied from call to call; prints p50/p95 per report and the load average.
// Goal: every report p95 < 300 ms.
//
// Option: INSIGHT_BENCH_CLUSTER=<folder> keeps the embedded cluster there, seeded once (the
// contacts as ADMIN_BENCH_CLUSTER does, then the enquiries); later runs migrate it and reuse it.

const RUNS = 30;
const WARMUP = 3;
const GOAL_MS = 300;

interface Figure {
  report: string;
  p50: number;
  p95: number;
  max: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (n: number) => Number(n.toFixed(1));

function figureOf(report: string, samples: number[]): Figure {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    report,
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    max: round(sorted.at(-1) ?? 0),
  };
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The periods the pages offer or a person types: a week to a year, ending today or months ago. */
const PERIODS: { name: string; days: number; endsDaysAgo: number }[] = [
  { name: 'last 7 days', days: 7, endsDaysAgo: 0 },
  { name: 'last 30 days', days: 30, endsDaysAgo: 0 },
  { name: 'a month, 4 months ago', days: 30, endsDaysAgo: 120 },
  { name: 'last 90 days', days: 90, endsDaysAgo: 0 },
  { name: 'last 365 days', days: 365, endsDaysAgo: 0 },
];

/** Call i's period: the i-th kind, moved back a day every round so no two calls are the same. */
function periodFor(i: number): { kind: string; from: string; to: string } {
  const kind = PERIODS[i % PERIODS.length] ?? PERIODS[0]!;
  const end = Date.now() - (kind.endsDaysAgo + Math.floor(i / PERIODS.length)) * DAY_MS;
  return { kind: kind.name, from: dayOf(end - (kind.days - 1) * DAY_MS), to: dayOf(end) };
}

async function members(db: Database): Promise<{ owner: SessionUser; buyer: SessionUser }> {
  const user = await createUser(db, {
    email: `bench-owner-${randomBytes(4).toString('hex')}@example.com`,
    password: 'bench-password-1',
    verified: true,
  });
  await grantAdmin(db, user.email);
  const buyer = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', '=', 'buyer1@example.com')
    .executeTakeFirstOrThrow();
  return {
    owner: { id: user.id, email: user.email, role: 'owner' },
    buyer: { id: buyer.id, email: buyer.email, role: 'buyer' },
  };
}

async function measure(db: Database): Promise<{ figures: Figure[]; byPeriod: Figure[] }> {
  const { owner, buyer } = await members(db);
  const services = testServices(db);
  const asOwner = callerFor(services, owner).admin.insight;
  const asBuyer = callerFor(services, buyer).admin.insight;
  const campaigns = (await db.selectFrom('email_campaigns').select('id').execute()).map((r) => r.id);
  const flows = (await db.selectFrom('automation_flows').select('id').execute()).map((r) => r.id);
  const pick = (ids: string[], i: number) => ids[i % ids.length] ?? '';

  const figures: Figure[] = [];
  const periodSamples = new Map<string, number[]>();
  const add = async (
    report: string,
    run: (i: number) => Promise<unknown>,
    periodKind?: (i: number) => string,
  ) => {
    for (let i = 0; i < WARMUP; i += 1) await run(RUNS + i);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      await run(i);
      const ms = performance.now() - start;
      samples.push(ms);
      if (periodKind) {
        // The funnel's four breakdowns together; each other report apart.
        const key = `${report.startsWith('funnel') ? 'funnel' : report}, ${periodKind(i)}`;
        periodSamples.set(key, [...(periodSamples.get(key) ?? []), ms]);
      }
    }
    const figure = figureOf(report, samples);
    figures.push(figure);
    console.log(`  ${figure.report}: p50 ${figure.p50} ms, p95 ${figure.p95} ms (load ${loadAverage()})`);
  };
  const kindOf = (i: number) => periodFor(i).kind;
  for (const by of FUNNEL_DIMENSIONS)
    await add(
      `funnel, by ${by}`,
      (i) => {
        const { from, to } = periodFor(i);
        return asOwner.funnel({ from, to, by });
      },
      kindOf,
    );
  await add(
    "desk, everyone's (Owner)",
    (i) => {
      const { from, to } = periodFor(i);
      return asOwner.desk({ from, to });
    },
    kindOf,
  );
  await add(
    "desk, a Buyer's own row",
    (i) => {
      const { from, to } = periodFor(i);
      return asBuyer.desk({ from, to });
    },
    kindOf,
  );
  await add('campaignAttribution (campaign report money)', (i) =>
    asOwner.campaignAttribution({ id: pick(campaigns, i) }),
  );
  await add('flowAttribution (flow insight money)', (i) => asOwner.flowAttribution({ id: pick(flows, i) }));
  const byPeriod = [...periodSamples].map(([key, samples]) => figureOf(key, samples));
  return { figures, byPeriod };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main(): Promise<void> {
  const keptDir = process.env.INSIGHT_BENCH_CLUSTER;
  const database = await openSeededDatabase(keptDir);
  const { db } = database;
  try {
    if (!(await insightSeeded(db))) {
      console.log(`Seeding ${ENQUIRIES} enquiries (${PURCHASES} purchased) over ${CONTACTS} contacts...`);
      const start = performance.now();
      await seedInsight(db);
      console.log(`Seeded in ${((performance.now() - start) / 1000).toFixed(0)} s.\n`);
    }
    const { rows } = await sql<{ enquiries: number; purchases: number; attributed: number; events: number }>`
      SELECT (SELECT count(*) FROM enquiries)::int AS enquiries,
             (SELECT count(*) FROM purchase_records)::int AS purchases,
             (SELECT count(*) FROM enquiry_attributions)::int AS attributed,
             (SELECT count(*) FROM enquiry_events)::int AS events`.execute(db);
    console.log('Data:', rows[0]);
    console.log(`${os.cpus().length} CPUs, load average ${loadAverage()}\n`);
    console.log(`Reports (${WARMUP} warm-up + ${RUNS} timed calls each, periods and breakdowns varied):`);
    const { figures, byPeriod } = await measure(db);
    console.log('');
    console.table(figures);
    console.log('The same calls by period:');
    console.table(byPeriod);
    const slow = figures.filter((f) => f.p95 >= GOAL_MS);
    console.log(
      slow.length === 0
        ? `Goal p95 < ${GOAL_MS} ms: met by every report.`
        : `Goal p95 < ${GOAL_MS} ms NOT met by: ${slow.map((f) => f.report).join('; ')}`,
    );
    console.log(`\nLoad average at the end: ${loadAverage()}`);
  } finally {
    await database.close();
  }
}

await main();
