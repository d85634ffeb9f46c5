import { spawn } from 'node:child_process';
import os from 'node:os';
import { createInterface } from 'node:readline';
import { sql } from 'kysely';
import pino from 'pino';
import { runCampaignSend } from '#server/campaigns/engine/run.ts';
import { buildAppConfig } from '#server/config/app-config.ts';
import { parseEnv, workerEnvSchema } from '#server/config/env.ts';
import { createDatabase } from '#server/db/database.ts';
import { createEmailTransport } from '#server/email/transport.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';

/**
 * `npm run bench -- transactional-first`: how long a seller waits for the sell form's
 * acknowledgement while a campaign sends, against the fake Resend enforcing (and advertising)
 * 2 requests/s, Resend's default (decision 087).
 *
 * A 20,000-recipient campaign (batch 100: 200 requests, about 102 s of the schedule) runs in
 * TF_BENCH_ENGINES child processes (3, as several workers share a campaign's batches and flows send
 * beside it) through `runCampaignSend` and the real Resend transport with the shared PostgreSQL
 * limiter. Another child plays the worker's `email.send` jobs: acknowledgements arrive (a burst of
 * TF_BENCH_BURST at once 10 s in, then one every TF_BENCH_EVERY_MS) and up to
 * WORKER_CONCURRENCY (4, the worker's default) are sent at a time with `send`, as the job
 * handler does. An acknowledgement's latency runs from its arrival to the provider's answer; the
 * worker's polling for the job (up to a second) is not in it.
 *
 * Environment: TF_BENCH_RECIPIENTS (20000), TF_BENCH_ENGINES (3), TF_BENCH_BURST (10),
 * TF_BENCH_EVERY_MS (2000).
 */

const RECIPIENTS = Number(process.env.TF_BENCH_RECIPIENTS ?? 20_000);
const BURST = Number(process.env.TF_BENCH_BURST ?? 10);
const EVERY_MS = Number(process.env.TF_BENCH_EVERY_MS ?? 2_000);
const ENGINES = Number(process.env.TF_BENCH_ENGINES ?? 3);
const BURST_AT_MS = 10_000;
const JOB_CONCURRENCY = 4;
const ENFORCED_RATE = 2;
const APP_URL = 'https://www.sterlingwatchbuyers.com.au';

interface ChildArgs {
  databaseUrl: string;
  fakeUrl: string;
  campaignId: string;
}

async function childServices(args: ChildArgs, name: string) {
  const env = parseEnv(workerEnvSchema, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_URL,
    ...REAL_SITE_IDENTITY,
    DATA_DIR: os.tmpdir(),
    APP_SECRET: 'b'.repeat(64),
    DATABASE_URL: args.databaseUrl,
    RESEND_API_KEY: 're_bench_key',
    RESEND_BASE_URL: args.fakeUrl,
  });
  const db = createDatabase({ connectionString: args.databaseUrl, max: 6, applicationName: name });
  const noJobs: JobQueue = { send: () => Promise.resolve(null) };
  return {
    db,
    services: {
      db,
      config: await buildAppConfig(env),
      email: createEmailTransport(env, db),
      jobs: noJobs,
      logger: pino({ level: 'warn' }),
    },
  };
}

/** The campaign: runs until completed, then prints its duration. */
async function engineChild(args: ChildArgs): Promise<void> {
  const { db, services } = await childServices(args, 'bench-engine');
  const started = performance.now();
  let outcome = await runCampaignSend(services, args.campaignId);
  while (outcome === 'handed-over') outcome = await runCampaignSend(services, args.campaignId);
  process.stdout.write(`${JSON.stringify({ result: { outcome, ms: performance.now() - started } })}\n`);
  await db.destroy();
}

/** The acknowledgements: arrivals on a fixed schedule, sent by JOB_CONCURRENCY job slots. */
async function acksChild(args: ChildArgs & { stopAfterMs: number }): Promise<void> {
  const { db, services } = await childServices(args, 'bench-acks');
  const started = performance.now();
  const arrivals: number[] = [];
  for (let i = 0; i < BURST; i += 1) arrivals.push(BURST_AT_MS);
  for (let at = BURST_AT_MS + EVERY_MS; at < args.stopAfterMs; at += EVERY_MS) arrivals.push(at);
  const latencies: number[] = [];
  let next = 0;
  const slot = async (): Promise<void> => {
    while (next < arrivals.length) {
      const index = next;
      next += 1;
      const arrival = started + (arrivals[index] ?? 0);
      const wait = arrival - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      // A 429 is retried at once, as the job's retry would be (the limiter already pushed the
      // whole schedule past its retry-after); it is counted in the parent's table.
      let result = await sendAck(index);
      while (!result.ok && result.error.kind === 'rate_limited') result = await sendAck(index);
      if (!result.ok) throw new Error(`acknowledgement refused: ${result.error.message}`);
      latencies.push(performance.now() - arrival);
    }
  };
  const sendAck = (index: number) =>
    services.email.send(
      {
        from: 'Sterling Watch Buyers <hello@sterlingwatchbuyers.com.au>',
        to: [`seller-${index}@example.com`],
        subject: 'We have your watch details',
        html: '<p>Thank you: a buyer will call you within one business day.</p>',
        text: 'Thank you: a buyer will call you within one business day.',
      },
      { idempotencyKey: `bench-ack-${index}` },
    );
  await Promise.all(Array.from({ length: JOB_CONCURRENCY }, slot));
  process.stdout.write(`${JSON.stringify({ result: { latencies } })}\n`);
  await db.destroy();
}

function runChild<T>(kind: 'engine' | 'acks', args: object): Promise<T> {
  const proc = spawn(process.execPath, [import.meta.filename, '--child', kind, JSON.stringify(args)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let result: T | null = null;
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith('{"result"')) result = (JSON.parse(line) as { result: T }).result;
    });
    proc.once('exit', (code) => {
      if (result && code === 0) resolve(result);
      else reject(new Error(`${kind} child exited with ${code} and no result`));
    });
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function parent(): Promise<void> {
  const { openBenchDatabase } = await import('./support/database.ts');
  const { migrateToLatest } = await import('#server/db/migrator.ts');
  const { engineSettings, seedSubscribers, sendNow } = await import('#test/support/campaign-fixtures.ts');
  const { startFakeResend } = await import('#test/support/fake-resend.ts');
  const { recordingJobQueue, testServices } = await import('#test/support/services.ts');
  const [load1, load5] = os.loadavg().map((l) => l.toFixed(2));
  console.log(
    `${os.cpus().length} CPUs, load ${load1} ${load5}; ${RECIPIENTS} recipients, batch 100, ` +
      `${ENGINES} engine processes; ` +
      `acknowledgements: ${BURST} at ${BURST_AT_MS / 1000} s, then one every ${EVERY_MS} ms`,
  );
  const bench = await openBenchDatabase('priority');
  const fake = await startFakeResend({ keepBodies: false });
  const db = createDatabase({ connectionString: bench.url, max: 2 });
  try {
    await migrateToLatest(db);
    await seedSubscribers(db, RECIPIENTS);
    await engineSettings(db, { batchSize: 100, delayMs: 0 });
    const services = testServices(db, { jobs: recordingJobQueue(), config: { appUrl: APP_URL } });
    const campaign = await sendNow(services, { name: 'Bench transactional first' });
    await sql`DELETE FROM provider_rate_limits`.execute(db);
    fake.reset();
    fake.enforceRate(ENFORCED_RATE);
    const args: ChildArgs = { databaseUrl: bench.url, fakeUrl: fake.url, campaignId: campaign.id };
    // The acknowledgements stop arriving about when the campaign would end on its own.
    const campaignMs = (RECIPIENTS / 100 / ENFORCED_RATE) * 1.02 * 1000;
    const [acks, ...engines] = await Promise.all([
      runChild<{ latencies: number[] }>('acks', { ...args, stopAfterMs: campaignMs - 5_000 }),
      ...Array.from({ length: ENGINES }, () => runChild<{ outcome: string; ms: number }>('engine', args)),
    ]);
    const engine = {
      ms: Math.max(...engines.map((e) => e.ms)),
      outcome: [...new Set(engines.map((e) => e.outcome))].join(', '),
    };
    const sorted = [...acks.latencies].sort((a, b) => a - b);
    const s = (ms: number) => Number((ms / 1000).toFixed(2));
    console.table([
      {
        acknowledgements: sorted.length,
        'p50 s': s(percentile(sorted, 50)),
        'p95 s': s(percentile(sorted, 95)),
        'max s': s(sorted.at(-1) ?? Number.NaN),
        'campaign s': s(engine.ms),
        'campaign outcome': engine.outcome,
        requests: fake.requests.length,
        '429s': fake.requests.filter((r) => r.status === 429).length,
        rateViolations: fake.rateViolations,
      },
    ]);
    console.log('goal: acknowledgement p95 < 10 s, zero 429s');
  } finally {
    await db.destroy();
    await fake.close();
    await bench.close();
  }
}

if (process.argv[2] === '--child') {
  const args = JSON.parse(process.argv[4] ?? '{}') as ChildArgs & { stopAfterMs: number };
  if (process.argv[3] === 'engine') await engineChild(args);
  else await acksChild(args);
} else {
  await parent();
}
