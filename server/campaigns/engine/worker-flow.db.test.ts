import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningWorker, startWorker } from '#worker/worker.ts';
import { engineSettings, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { testServices } from '#test/support/services.ts';
import { createEmailTransport } from '../../email/transport.ts';
import { createBoss, createJobQueue, ensureQueues } from '../../jobs/queue.ts';
import { pauseCampaign, resumeCampaign } from '../actions.ts';
import { runCampaignsTick } from './schedule.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Send Now → pg-boss → the worker's `campaign.send` handler → the provider, as in production. */
describe('campaign sending through pg-boss and the worker', { timeout: 60_000 }, () => {
  const t = useTestDatabase();
  let boss: PgBoss;
  let worker: RunningWorker;
  let fake: FakeResend;

  beforeAll(async () => {
    fake = await startFakeResend({ keepBodies: false });
    fake.advertiseRate(1000);
    boss = createBoss({ connectionString: t.url, max: 3, role: 'worker' });
    await boss.start();
    await ensureQueues(boss);
  }, 60_000);
  afterAll(async () => {
    await worker.stop();
    await boss.stop({ graceful: false });
    await fake.close();
  });

  async function waitForStatus(id: string, status: string) {
    for (let i = 0; i < 400; i += 1) {
      const row = await t.db
        .selectFrom('email_campaigns')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (row.status === status) return;
      await sleep(50);
    }
    throw new Error(`campaign ${id} never reached ${status}`);
  }

  it('queues one job per campaign (stately + singleton key), sends, pauses, resumes and completes', async () => {
    const services = testServices(t.db, {
      jobs: createJobQueue(boss),
      email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db),
    });
    await seedSubscribers(t.db, 400);
    await engineSettings(t.db, { batchSize: 50, delayMs: 100 });
    const campaign = await sendNow(services);
    // A second nudge while one job waits is absorbed by the policy.
    expect(
      await services.jobs.send(
        'campaign.send',
        { campaignId: campaign.id, retryMode: false },
        { singletonKey: campaign.id },
      ),
    ).toBeNull();

    worker = await startWorker(boss, services, { concurrency: 2, pollingIntervalSeconds: 0.5 });
    await expect
      .poll(() => fake.requests.length, {
        timeout: 30_000,
        interval: 20,
        message: 'two batches at the provider',
      })
      .toBeGreaterThanOrEqual(2);
    await pauseCampaign(t.db, campaign.id);
    await waitForStatus(campaign.id, 'paused');
    await sleep(400);
    const sentWhilePaused = fake.emails.length;
    expect(sentWhilePaused).toBeLessThan(400);
    await sleep(400);
    expect(fake.emails.length).toBe(sentWhilePaused);

    await resumeCampaign(services, campaign.id);
    await waitForStatus(campaign.id, 'completed');
    const recipients = fake.emails.flatMap((e) => e.to);
    expect(recipients).toHaveLength(400);
    expect(new Set(recipients).size).toBe(400);
  });

  it('an A/B test: the worker sends the test share, the winner job waits for its time, then the rest gets the winner', async () => {
    const services = testServices(t.db, {
      jobs: createJobQueue(boss),
      email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db),
    });
    await sql`TRUNCATE leads CASCADE`.execute(t.db);
    fake.reset();
    fake.advertiseRate(1000);
    await seedSubscribers(t.db, 100, 'ab');
    const campaign = await sendNow(services, {
      subject: 'Subject A',
      abTest: { subjectB: 'Subject B', testPercent: 20, waitHours: 1, metric: 'opens' },
    });
    const waiting = async () =>
      (
        await t.db
          .selectFrom('email_campaigns')
          .select('ab_winner_due_at')
          .where('id', '=', campaign.id)
          .executeTakeFirstOrThrow()
      ).ab_winner_due_at;
    for (let i = 0; i < 400 && !(await waiting()); i += 1) await sleep(50);
    const due = await waiting();
    expect(due).not.toBeNull();
    expect(fake.emails).toHaveLength(20);

    // The winner job waits in pg-boss for the due time; another one is absorbed meanwhile.
    const [job, ...others] = await boss.findJobs('campaign.ab-winner', { key: campaign.id, queued: true });
    expect(others).toEqual([]);
    expect(job?.startAfter).toEqual(due);
    expect(
      await services.jobs.send(
        'campaign.ab-winner',
        { campaignId: campaign.id },
        { singletonKey: campaign.id },
      ),
    ).toBeNull();
    await sleep(500);
    expect(fake.emails).toHaveLength(20);

    // The hour passes: the job is replaced by one due now (as the engine queues it after a Resume).
    await boss.cancel('campaign.ab-winner', job?.id ?? '');
    await sql`UPDATE email_campaigns SET ab_winner_due_at = now() WHERE id = ${campaign.id}`.execute(t.db);
    await runCampaignsTick(services);
    await waitForStatus(campaign.id, 'completed');
    const row = await t.db
      .selectFrom('email_campaigns')
      .select(['ab_winner', 'sent_count'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ ab_winner: 'A', sent_count: 100 });
    const recipients = fake.emails.flatMap((e) => e.to);
    expect(new Set(recipients).size).toBe(100);
    expect(recipients).toHaveLength(100);
    expect(fake.emails.filter((e) => e.subject === 'Subject A')).toHaveLength(90);
  });
});
