import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import pg from 'pg';
import pino from 'pino';
import { type CampaignContent, campaignMessage } from '#server/campaigns/engine/messages.ts';
import { runCampaignSend } from '#server/campaigns/engine/run.ts';
import { campaignSender } from '#server/email/from-address.ts';
import { buildAppConfig } from '#server/config/app-config.ts';
import { parseEnv, workerEnvSchema } from '#server/config/env.ts';
import { createDatabase } from '#server/db/database.ts';
import { createEmailTransport } from '#server/email/transport.ts';
import type { JobQueue } from '#server/jobs/queue.ts';
import type { AppServices } from '#server/services.ts';
import { REAL_SITE_IDENTITY } from '#test/support/site-identity.ts';

// The two child processes of bench/campaign-send.bench.ts, parts 1 and 2: the engine (configured
// as a worker is) and the bare loop, each sending one campaign and printing its figures. They import
// only what a worker needs, so the engine's peak RSS is not inflated by the parent's set-up code.

export const BATCH_SIZE = 100;
export const APP_URL = 'https://www.sterlingwatchbuyers.com.au';

export type Kind = 'engine' | 'bare';

export interface ChildArgs {
  databaseUrl: string;
  fakeUrl: string;
  campaignId: string;
}

export interface ChildResult {
  outcome: string;
  ms: number;
  /** Peak resident set of the child, MB (getrusage maxrss). */
  peakRssMb: number;
  /** Resident set after start-up, before sending, MB. */
  startRssMb: number;
  /** Largest young and old generations and off-heap Buffers seen by a 50 ms sampler, MB. */
  peakYoungMb: number;
  peakOldMb: number;
  peakExternalMb: number;
  requests: number;
}

export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/**
 * Samples V8's spaces while a run goes on, to tell what the RSS is made of: the young generation
 * (V8 grows it, up to 2 x 64 MB semi-spaces on this machine, when much is allocated), the old
 * generation (what stays) and off-heap Buffers.
 */
export function memorySampler() {
  let young = 0;
  let old = 0;
  let external = 0;
  const sample = () => {
    for (const space of v8.getHeapSpaceStatistics()) {
      if (space.space_name === 'new_space') young = Math.max(young, space.space_size);
      if (space.space_name === 'old_space') old = Math.max(old, space.space_size);
    }
    external = Math.max(external, process.memoryUsage().external);
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { peakYoungMb: mb(young), peakOldMb: mb(old), peakExternalMb: mb(external) };
    },
  };
}

// ---------------------------------------------------------------- child: the engine

/** The engine has no use for pg-boss here: a hand-over (run budget) would only enqueue a job. */
export const noJobs: JobQueue = { send: () => Promise.resolve(null) };

/** Configured exactly as a worker process is, from its environment. */
export async function workerSetup(args: ChildArgs, dataDir: string) {
  const env = parseEnv(workerEnvSchema, {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    APP_URL,
    ...REAL_SITE_IDENTITY,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    DATABASE_URL: args.databaseUrl,
    RESEND_API_KEY: 're_bench_key',
    RESEND_BASE_URL: args.fakeUrl,
  });
  return { env, config: await buildAppConfig(env) };
}

export async function runEngine(args: ChildArgs): Promise<ChildResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-campaign-'));
  const { env, config } = await workerSetup(args, dataDir);
  const db = createDatabase({
    connectionString: args.databaseUrl,
    max: env.DB_POOL_MAX,
    applicationName: 'bench-engine',
  });
  const services: AppServices = {
    db,
    config,
    email: createEmailTransport(env, db),
    jobs: noJobs,
    logger: pino({ level: 'warn' }),
  };
  let requests = 0;
  const counted: AppServices = {
    ...services,
    email: {
      ...services.email,
      kind: services.email.kind,
      send: (message, options) => services.email.send(message, options),
      sendBatch(messages, options) {
        requests += 1;
        return services.email.sendBatch(messages, options);
      },
    },
  };
  try {
    const startRssMb = mb(process.memoryUsage.rss());
    const sampler = memorySampler();
    const started = performance.now();
    let outcome = await runCampaignSend(counted, args.campaignId);
    while (outcome === 'handed-over') outcome = await runCampaignSend(counted, args.campaignId);
    const ms = performance.now() - started;
    return {
      ...sampler.stop(),
      outcome,
      ms,
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      startRssMb,
      requests,
    };
  } finally {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- child: the bare loop

export interface ClaimedRow {
  id: string;
  recipient_email: string;
}

/**
 * claim → POST → mark, nothing else: no consent re-check, no batch rows, no counters, no limiter,
 * no notifications, one message body rendered once for everyone.
 */
export async function runBare(args: ChildArgs): Promise<ChildResult> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-campaign-'));
  const { config } = await workerSetup(args, dataDir);
  const client = new pg.Client({ connectionString: args.databaseUrl, application_name: 'bench-bare' });
  await client.connect();
  try {
    const campaign = await client.query<{
      subject: string;
      html_content: string;
      variables: Record<string, string>;
    }>('SELECT subject, html_content, variables FROM email_campaigns WHERE id = $1', [args.campaignId]);
    const row = campaign.rows[0];
    if (!row) throw new Error('bare loop: campaign not found');
    // One message like the engine's (footer, List-Unsubscribe headers, tags), rendered once.
    const db = createDatabase({ connectionString: args.databaseUrl, max: 1 });
    const sender = await campaignSender(db, config);
    await db.destroy();
    const content: CampaignContent = {
      id: args.campaignId,
      subject: row.subject,
      html: row.html_content,
      variables: row.variables,
    };
    const template = campaignMessage(
      config,
      content,
      { from: sender.from, replyTo: sender.replyTo ?? null },
      {
        sendId: randomUUID(),
        contactId: randomUUID(),
        email: 'template@example.com',
        name: 'Contact Surname',
      },
    );

    const startRssMb = mb(process.memoryUsage.rss());
    const sampler = memorySampler();
    const started = performance.now();
    let requests = 0;
    for (;;) {
      const batchId = randomUUID();
      const claimed = await client.query<ClaimedRow>(
        `UPDATE email_sends
         SET status = 'sending', batch_id = $2, claimed_at = now(), attempts = attempts + 1, updated_at = now()
         WHERE id IN (
           SELECT id FROM email_sends WHERE campaign_id = $1 AND status = 'queued'
           LIMIT ${BATCH_SIZE} FOR UPDATE SKIP LOCKED)
         RETURNING id, recipient_email`,
        [args.campaignId, batchId],
      );
      if (claimed.rows.length === 0) break;
      const messages = claimed.rows.map((r) => ({
        ...template,
        to: [r.recipient_email],
        tags: [
          { name: 'campaign_id', value: args.campaignId },
          { name: 'send_id', value: r.id },
        ],
      }));
      const response = await fetch(`${args.fakeUrl}/emails/batch`, {
        method: 'POST',
        headers: {
          authorization: 'Bearer re_bench_key',
          'content-type': 'application/json',
          'idempotency-key': `bare-${batchId}`,
        },
        body: JSON.stringify(messages),
      });
      requests += 1;
      if (!response.ok) throw new Error(`bare loop: HTTP ${response.status}`);
      const body = (await response.json()) as { data: Array<{ id: string }> };
      await client.query(
        `UPDATE email_sends s
         SET status = 'sent', provider_message_id = a.provider_id, sent_at = now(), updated_at = now()
         FROM unnest($1::uuid[], $2::text[]) AS a(send_id, provider_id)
         WHERE s.id = a.send_id`,
        [claimed.rows.map((r) => r.id), body.data.map((d) => d.id)],
      );
    }
    const ms = performance.now() - started;
    return {
      ...sampler.stop(),
      outcome: 'completed',
      ms,
      peakRssMb: mb(process.resourceUsage().maxRSS * 1024),
      startRssMb,
      requests,
    };
  } finally {
    await client.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function child(kind: Kind, args: ChildArgs): Promise<void> {
  const result = kind === 'engine' ? await runEngine(args) : await runBare(args);
  process.stdout.write(`${JSON.stringify({ result })}\n`);
}
