import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Database } from '#server/db/database.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import {
  APP_URL,
  BATCH_SIZE,
  type ChildArgs,
  type ChildResult,
  child,
  type Kind,
} from './support/campaign-send-child.ts';

/**
 * `npm run bench -- campaign-send`: the sending engine against the fake Resend server (zero latency,
 * batch endpoint), on an embedded PostgreSQL with durable commits.
 *
 * 1. A 50,000-recipient campaign, batch size 100, no delay, through `runCampaignSend` with the real
 *    Resend transport and the shared PostgreSQL rate limiter (the fake advertises a rate high enough
 *    that the limiter never waits): e-mails/s and the engine process's peak RSS.
 * 2. The same work by a bare loop on the same database (another 50,000-row campaign): claim 100 rows
 *    with FOR UPDATE SKIP LOCKED, POST the messages (rendered once) with plain fetch, mark them sent
 *    with the returned ids in one UPDATE. The time ratio engine / bare is the engine's overhead.
 * 3. The production worker: `npm run build`'s bundle started with docker-compose.yml's command
 *    line, running the `campaign.send` job that Send Now queues through pg-boss, on another
 *    50,000-recipient campaign: e-mails/s and the worker process's peak RSS (VmHWM).
 * 4. A campaign against a fake that enforces (and advertises) 2 requests/s: the share of the
 *    200 e-mails/s ceiling reached and the number of 429s.
 *
 * The engine and the bare loop each run in their own child process, so neither shares an event
 * loop with the fake provider (which runs here, in the parent); they alternate for several rounds,
 * each on a fresh 50,000-row campaign in an emptied email_sends, and the median round is reported.
 * The children import only what a worker needs (the parent's set-up code is imported on demand),
 * so the engine's peak RSS is not inflated by the tRPC router or the test fixtures; they run from
 * the TypeScript sources (type stripping), so part 3 is the figure for a deployed worker.
 *
 * Environment: CAMPAIGN_BENCH_RECIPIENTS (50000), CAMPAIGN_BENCH_ROUNDS (3),
 * CAMPAIGN_BENCH_RATE_RECIPIENTS (6000; 0 skips part 4), CAMPAIGN_BENCH_NODE_FLAGS (Node flags for
 * the two children of parts 1-2, e.g. `--max-semi-space-size=8`), CAMPAIGN_BENCH_SIDES
 * (`bare,engine,worker`; leave some out while profiling), CAMPAIGN_BENCH_CPU_PROF (a folder for the children's V8 CPU profiles).
 */

const RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RECIPIENTS ?? 50_000);
const RATE_RECIPIENTS = Number(process.env.CAMPAIGN_BENCH_RATE_RECIPIENTS ?? 6_000);
const CPU_PROF_DIR = process.env.CAMPAIGN_BENCH_CPU_PROF;
/** Rounds of bare loop + engine, alternating (the median is reported). */
const ROUNDS = Number(process.env.CAMPAIGN_BENCH_ROUNDS ?? 3);
/** Node/V8 flags for both children, e.g. `--max-semi-space-size=8` (young generation, see README). */
const CHILD_FLAGS = (process.env.CAMPAIGN_BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean);
/** Which runs: `bare`, `engine` (parts 1-2), `worker` (part 3); all by default. */
const SIDES = (process.env.CAMPAIGN_BENCH_SIDES ?? 'bare,engine,worker').split(',');
/** High enough that the shared limiter's spacing (1.02 / rate) never holds a request back. */
const HIGH_ADVERTISED_RATE = 100_000;
const ENFORCED_RATE = 2;

// ---------------------------------------------------------------- parent: database, fake, report

function runChild(kind: Kind, args: ChildArgs, label: string): Promise<ChildResult> {
  const flags = [
    ...CHILD_FLAGS,
    ...(CPU_PROF_DIR
      ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF_DIR}`, `--cpu-prof-name=${label}.cpuprofile`]
      : []),
  ];
  const proc: ChildProcess = spawn(
    process.execPath,
    [...flags, import.meta.filename, '--child', kind, JSON.stringify(args)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    let result: ChildResult | null = null;
    const stdout = proc.stdout;
    if (!stdout) return reject(new Error('no stdout'));
    createInterface({ input: stdout }).on('line', (line) => {
      if (line.startsWith('{"result"')) result = (JSON.parse(line) as { result: ChildResult }).result;
    });
    proc.once('exit', (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`${kind} child exited with ${code} and no result`));
    });
  });
}

interface SendCheck {
  status: string;
  sent: number;
  sentRows: number;
  withoutProviderId: number;
}

async function checkCampaign(db: Database, campaignId: string): Promise<SendCheck> {
  const { rows } = await sql<SendCheck>`
    SELECT c.status, c.sent_count AS sent,
      (SELECT count(*)::int FROM email_sends WHERE campaign_id = c.id AND status = 'sent') AS "sentRows",
      (SELECT count(*)::int FROM email_sends
        WHERE campaign_id = c.id AND status = 'sent' AND provider_message_id IS NULL) AS "withoutProviderId"
    FROM email_campaigns c WHERE c.id = ${campaignId}`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('campaign vanished');
  return row;
}

async function vacuum(databaseUrl: string): Promise<void> {
  // Each measured run starts from a vacuumed, analysed table, as autovacuum would leave it.
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM (ANALYZE) email_sends, email_send_batches, email_campaigns, leads');
  await client.query('CHECKPOINT');
  await client.end();
}

/**
 * Part 3: Send Now enqueues `campaign.send` through pg-boss, as the admin screen does, and the
 * worker started with docker-compose.yml's command line (after a fresh `bundleWorker`) runs it.
 */
async function runProductionWorker(
  databaseUrl: string,
  fakeUrl: string,
  freshCampaign: (name: string, jobs: JobQueue) => Promise<{ id: string }>,
) {
  const { bundleWorker } = await import('#server/cli/worker-bundle.ts');
  const { createBoss, createJobQueue, ensureQueues } = await import('#server/jobs/queue.ts');
  const { startProductionWorker } = await import('./support/production-worker.ts');
  const root = path.resolve(import.meta.dirname, '..');
  await bundleWorker(root);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-worker-'));
  const boss = createBoss({ connectionString: databaseUrl, max: 2, role: 'server' });
  await boss.start();
  await ensureQueues(boss);
  const db = createDatabase({ connectionString: databaseUrl, max: 1 });
  // The job waits in the queue until the worker has started and fetches it.
  const campaign = await freshCampaign('Bench production worker', createJobQueue(boss));
  const worker = await startProductionWorker({ root, databaseUrl, fakeUrl, appUrl: APP_URL, dataDir });
  try {
    const startRssMb = await worker.rssMb();
    let status = '';
    for (;;) {
      status = (await checkCampaign(db, campaign.id)).status;
      if (status !== 'sending') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const peakRssMb = await worker.peakRssMb();
    const { rows } = await sql<{ ms: number }>`
      SELECT extract(epoch FROM (c.completed_at - min(b.first_claimed_at))) * 1000 AS ms
      FROM email_campaigns c JOIN email_send_batches b ON b.campaign_id = c.id
      WHERE c.id = ${campaign.id} GROUP BY c.completed_at`.execute(db);
    return { args: worker.args, status, startRssMb, peakRssMb, ms: Number(rows[0]?.ms ?? NaN) };
  } finally {
    await worker.stop();
    await boss.stop({ graceful: false });
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-AU');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function parent(): Promise<void> {
  const { openBenchDatabase } = await import('./support/database.ts');
  const { migrateToLatest } = await import('#server/db/migrator.ts');
  const { engineSettings, seedSubscribers, sendNow } = await import('#test/support/campaign-fixtures.ts');
  const { startFakeResend } = await import('#test/support/fake-resend.ts');
  const { recordingJobQueue, testServices } = await import('#test/support/services.ts');
  const [load1, load5, load15] = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `${os.cpus().length} CPUs, load average ${load1} ${load5} ${load15} (1/5/15 min) at start; ` +
      `${fmt(RECIPIENTS)} recipients, batch ${BATCH_SIZE}, delay 0; PostgreSQL ` +
      `${process.env.TEST_DATABASE_URL ? '(TEST_DATABASE_URL)' : '(embedded, durable commits)'}`,
  );
  const bench = await openBenchDatabase('campaign', { max_connections: '100' });
  const databaseUrl = bench.url;
  const fake = await startFakeResend({ keepBodies: false });
  const db = createDatabase({ connectionString: databaseUrl, max: 2 });
  try {
    await migrateToLatest(db);
    await seedSubscribers(db, RECIPIENTS);
    await engineSettings(db, { batchSize: BATCH_SIZE, delayMs: 0 });
    // Send Now as the admin screen does it (audience snapshot, counters); the job queue is not
    // part of what is measured, so jobs are only recorded.
    const services = testServices(db, { jobs: recordingJobQueue(), config: { appUrl: APP_URL } });
    /**
     * Each run starts from the same table: the previous run's sends are removed and the new
     * campaign's 50,000 rows are snapshotted into an empty, vacuumed email_sends. With both
     * campaigns side by side, whichever sat second in the heap would pay for scanning past the
     * other's rows on every claim.
     */
    const freshCampaign = async (name: string, jobs?: JobQueue) => {
      await sql`TRUNCATE email_sends, email_send_batches CASCADE`.execute(db);
      const campaign = await sendNow(jobs ? { ...services, jobs } : services, { name });
      await vacuum(databaseUrl);
      return campaign;
    };
    fake.advertiseRate(HIGH_ADVERTISED_RATE);

    // ---- 1-2. the engine and the bare loop, alternating: the machine's load drifts, so each
    // round's ratio compares two runs made seconds apart, and the median round is the figure.
    const table: Array<{ round: number; run: string; result: ChildResult; accepted: number }> = [];
    const ratios: number[] = [];
    const runBareRound = async (round: number): Promise<ChildResult> => {
      const bareCampaign = await freshCampaign('Bench bare loop');
      const before = fake.emails.length;
      const bare = await runChild(
        'bare',
        { databaseUrl, fakeUrl: fake.url, campaignId: bareCampaign.id },
        `bare-${round}`,
      );
      const accepted = fake.emails.length - before;
      table.push({ round, run: 'bare loop (claim → POST → mark)', result: bare, accepted });
      return bare;
    };
    const runEngineRound = async (round: number): Promise<ChildResult> => {
      const engineCampaign = await freshCampaign('Bench engine');
      const before = fake.emails.length;
      const engine = await runChild(
        'engine',
        { databaseUrl, fakeUrl: fake.url, campaignId: engineCampaign.id },
        `engine-${round}`,
      );
      const emails = fake.emails.slice(before);
      table.push({ round, run: 'engine (runCampaignSend)', result: engine, accepted: emails.length });
      const check = await checkCampaign(db, engineCampaign.id);
      const withHeaders = emails.filter(
        (e) =>
          e.headers?.['List-Unsubscribe']?.startsWith(`<${APP_URL}/api/unsubscribe/one-click?token=`) &&
          e.headers['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click',
      ).length;
      console.log(
        `round ${round} engine campaign: status ${check.status}, sent_count ${fmt(check.sent)}, ` +
          `${fmt(check.sentRows)} rows sent, ${check.withoutProviderId} without provider id; ` +
          `provider accepted ${fmt(emails.length)} e-mails to ${fmt(new Set(emails.flatMap((e) => e.to)).size)} ` +
          `distinct recipients, ${fmt(withHeaders)} with both List-Unsubscribe headers`,
      );
      return engine;
    };
    for (let round = 1; round <= ROUNDS; round += 1) {
      // Odd rounds start with the bare loop, even rounds with the engine: neither always runs second.
      const engineFirst = round % 2 === 0;
      let bare: ChildResult | null = null;
      let engine: ChildResult | null = null;
      if (engineFirst && SIDES.includes('engine')) engine = await runEngineRound(round);
      if (SIDES.includes('bare')) bare = await runBareRound(round);
      if (!engineFirst && SIDES.includes('engine')) engine = await runEngineRound(round);
      if (bare && engine) ratios.push(engine.ms / bare.ms);
      // The fake keeps only what the checks above need.
      fake.emails.length = 0;
      fake.requests.length = 0;
    }

    if (table.length > 0) {
      console.log(
        `\n1-2. ${fmt(RECIPIENTS)}-recipient campaign, batch ${BATCH_SIZE}, delay 0, fake with zero latency, ` +
          `${ROUNDS} round(s)${CHILD_FLAGS.length ? `, children run with ${CHILD_FLAGS.join(' ')}` : ''}`,
      );
      console.table(
        table.map(({ round, run, result, accepted }) => ({
          round,
          run,
          'e-mails': accepted,
          requests: result.requests,
          seconds: Number((result.ms / 1000).toFixed(2)),
          'e-mails/s': Math.round((accepted / result.ms) * 1000),
          'peak RSS MB': result.peakRssMb,
          'RSS at start MB': result.startRssMb,
          'young gen MB': result.peakYoungMb,
          'old gen MB': result.peakOldMb,
          'external MB': result.peakExternalMb,
        })),
      );
      const engineRuns = table.filter((r) => r.run.startsWith('engine')).map((r) => r.result);
      if (engineRuns.length > 0) {
        const rates = engineRuns.map((r) => (RECIPIENTS / r.ms) * 1000);
        const peak = Math.max(...engineRuns.map((r) => r.peakRssMb));
        console.log(
          `engine median ${fmt(median(rates))} e-mails/s (goal >= 4,000); time ratio engine / bare per round ` +
            `${ratios.map((r) => r.toFixed(2)).join(', ') || 'n/a'}, median ` +
            `${ratios.length ? median(ratios).toFixed(2) : 'n/a'} (goal <= 1.5); engine child peak RSS ${peak} MB (from the TypeScript sources; the production worker is part 3)`,
        );
      }
    }

    // ---- 3. the production worker: the bundle, flags and pg-boss job of docker-compose.yml
    if (SIDES.includes('worker')) {
      const worker = await runProductionWorker(databaseUrl, fake.url, freshCampaign);
      const accepted = fake.emails.length;
      const distinct = new Set(fake.emails.flatMap((e) => e.to)).size;
      fake.emails.length = 0;
      fake.requests.length = 0;
      console.log(
        `\n3. The production worker (\`node ${worker.args.join(' ')}\` from docker-compose.yml, campaign.send ` +
          `job through pg-boss), ${fmt(RECIPIENTS)}-recipient campaign, status ${worker.status}`,
      );
      console.table([
        {
          'e-mails': accepted,
          'distinct recipients': distinct,
          'seconds (first claim → completed)': Number((worker.ms / 1000).toFixed(2)),
          'e-mails/s': Math.round((accepted / worker.ms) * 1000),
          'RSS after start MB': worker.startRssMb,
          'peak RSS MB': worker.peakRssMb,
        },
      ]);
      console.log(`worker peak RSS ${worker.peakRssMb} MB (goal <= 200)`);
    }

    // ---- 4. against the provider's real limit: 2 requests/s, enforced
    if (RATE_RECIPIENTS > 0) {
      await sql`
        UPDATE leads SET email_marketing_consent = false
        WHERE split_part(split_part(email, '@', 1), '-', 2)::int > ${RATE_RECIPIENTS}`.execute(db);
      // A fresh limiter starts from Resend's documented 2 requests/s and learns from the headers.
      await sql`DELETE FROM provider_rate_limits`.execute(db);
      const rateCampaign = await freshCampaign('Bench rate limit');
      fake.reset();
      fake.enforceRate(ENFORCED_RATE);
      const limited = await runChild(
        'engine',
        { databaseUrl, fakeUrl: fake.url, campaignId: rateCampaign.id },
        'rate',
      );
      const check = await checkCampaign(db, rateCampaign.id);
      const statuses = fake.requests.map((r) => r.status);
      const tooMany = statuses.filter((s) => s === 429).length;
      // Each 429 with the arrival gaps (ms) of the requests before it: a late first request (cold
      // connection) or a stall shows up as one short gap followed by on-time ones.
      const gapsBefore = (index: number) =>
        fake.requests
          .slice(Math.max(0, index - 3), index + 1)
          .map((r, i, all) => (i ? r.at - (all[i - 1]?.at ?? 0) : 0))
          .slice(1)
          .join(', ');
      fake.requests.forEach((r, index) => {
        if (r.status === 429)
          console.log(`429 at request ${index + 1}; arrival gaps before it: ${gapsBefore(index)} ms`);
      });
      const accepted = fake.requests.filter((r) => r.status === 200);
      const first = accepted[0]?.at ?? 0;
      const last = accepted.at(-1)?.at ?? 0;
      const ceiling = ENFORCED_RATE * BATCH_SIZE;
      const wallRate = (fake.emails.length / limited.ms) * 1000;
      // Steady state: between the first and the last accepted request, N - 1 intervals of requests.
      const steadyRate = last > first ? ((accepted.length - 1) * BATCH_SIZE * 1000) / (last - first) : 0;
      console.log(
        `\n4. ${fmt(check.sentRows)}-recipient campaign against a fake enforcing ${ENFORCED_RATE} requests/s ` +
          `(ceiling ${ceiling} e-mails/s)`,
      );
      console.table([
        {
          seconds: Number((limited.ms / 1000).toFixed(2)),
          'e-mails': fake.emails.length,
          requests: fake.requests.length,
          '429s': tooMany,
          rateViolations: fake.rateViolations,
          'e-mails/s (run)': Number(wallRate.toFixed(1)),
          'share of ceiling': `${((wallRate / ceiling) * 100).toFixed(1)}%`,
          'e-mails/s (first→last request)': Number(steadyRate.toFixed(1)),
          'share (first→last)': `${((steadyRate / ceiling) * 100).toFixed(1)}%`,
        },
      ]);
      console.log(
        `status ${check.status}, ${fmt(check.sentRows)} sent; goal >= 97% of the ceiling with zero 429 storms`,
      );
    }
    const [l1, l5, l15] = os.loadavg().map((l) => l.toFixed(2));
    console.log(`\nload average at the end: ${l1} ${l5} ${l15}`);
  } finally {
    await db.destroy();
    await fake.close();
    await bench.close();
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] as Kind, JSON.parse(process.argv[4] ?? '{}') as ChildArgs);
} else {
  await parent();
}
