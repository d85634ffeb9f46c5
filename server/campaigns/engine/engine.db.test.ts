import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeResend, type FakeResend } from '#test/support/fake-resend.ts';
import { freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type RecordingJobQueue, testServices } from '#test/support/services.ts';
import type { EmailTransport } from '../../email/types.ts';
import type { AppServices } from '../../services.ts';
import { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedSends } from '../actions.ts';
import { verifyToken } from '../../unsubscribe/signed-token.ts';
import { claimBatch } from './batches.ts';
import { runCampaignSend } from './run.ts';
import { runCampaignsTick, startDueCampaign } from './schedule.ts';

const fastRetries = { backoffBaseMs: 5, backoffMaxMs: 20 };

describe('campaign sending engine', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;

  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(async () => {
    await fake.close();
  });

  beforeEach(async () => {
    ({ jobs, services } = await freshEngine(t.db, fake, 100));
  });

  function servicesWith(email: EmailTransport): AppServices {
    return testServices(t.db, { email, jobs });
  }

  /** Calls `hook` after the n-th provider request (1-based), then carries on. */
  function afterRequests(
    email: EmailTransport,
    hooks: Record<number, () => Promise<unknown>>,
  ): EmailTransport {
    let count = 0;
    return {
      kind: email.kind,
      paced: email.paced ?? false,
      send: (message, options) => email.send(message, options),
      async sendBatch(messages, options) {
        const result = await email.sendBatch(messages, options);
        count += 1;
        await hooks[count]?.();
        return result;
      },
    };
  }

  async function sendStatuses(campaignId: string) {
    const rows = await t.db
      .selectFrom('email_sends')
      .select(['status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .groupBy('status')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.status, r.n]));
  }

  /** The sends the engine skipped, with why, by address. */
  async function skippedSends(campaignId: string) {
    return t.db
      .selectFrom('email_sends')
      .select(['recipient_email', 'error'])
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'skipped')
      .orderBy('recipient_email')
      .execute();
  }

  function recipientsAtProvider(): string[] {
    return fake.emails.flatMap((e) => e.to);
  }

  it("fills every custom tag with the campaign's values: no message at the provider keeps a tag", async () => {
    await seedSubscribers(t.db, 120);
    const html = `<html><body><p>{{first_name}}, your {{watch_brand}} could be worth more.</p>
      <p><a href="{{valuation_url}}">Get your valuation</a></p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>`;
    const campaign = await sendNow(services, {
      html,
      subject: 'What your {{watch_brand}} is worth',
      variables: { watch_brand: 'Rolex', valuation_url: 'https://watches.example.com/sell?utm_source=email' },
    });
    expect(campaign.variables).toEqual({
      watch_brand: 'Rolex',
      valuation_url: 'https://watches.example.com/sell?utm_source=email',
    });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(120);
    const unresolved = fake.emails.filter(
      (email) => `${email.subject}${email.html}`.includes('{{') || email.html?.includes('href=""'),
    );
    expect(unresolved).toHaveLength(0);
    for (const email of fake.emails) {
      expect(email.subject).toBe('What your Rolex is worth');
      expect(email.html).toMatch(/<p>Contact\d+, your Rolex could be worth more\.<\/p>/);
      expect(email.html).toContain('<a href="https://watches.example.com/sell?utm_source=email">');
      // The text/plain part (decision 024): the same values, links as `text [url]`.
      expect(email.text).toMatch(/^Contact\d+, your Rolex could be worth more\./);
      expect(email.text).toContain('Get your valuation [https://watches.example.com/sell?utm_source=email]');
      expect(email.text).toMatch(/Unsubscribe\s+\[http:\/\/localhost:3999\/unsubscribe\?token=[\w-]+\]/);
      expect(email.text).not.toContain('{{');
    }
  });

  it('refuses Send Now while a custom tag has no value, naming each tag', async () => {
    await seedSubscribers(t.db, 3);
    const html = `<html><body><p>{{first_name}}, your {{watch_brand}} could be worth more.</p>
      <p><a href="{{valuation_url}}">Get your valuation</a></p><a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>`;
    await expect(sendNow(services, { html, variables: { watch_brand: 'Rolex' } })).rejects.toThrow(
      'Merge tag {{valuation_url}} has no value',
    );
    await expect(sendNow(services, { html })).rejects.toThrow(
      'Merge tag {{watch_brand}} has no value: enter one under Merge values. Merge tag {{valuation_url}} has no value',
    );
    const campaigns = await t.db.selectFrom('email_campaigns').select('id').execute();
    expect(campaigns).toHaveLength(0);
    expect(jobs.jobs).toHaveLength(0);
  });

  it('sends a 1,000-recipient campaign to each recipient exactly once, with headers, footer and merge values', async () => {
    await seedSubscribers(t.db, 1000);
    const campaign = await sendNow(services);
    expect(campaign.status).toBe('sending');
    expect(campaign.total_recipients).toBe(1000);
    expect(jobs.jobs).toHaveLength(1);
    expect(jobs.jobs[0]).toMatchObject({
      name: 'campaign.send',
      payload: { campaignId: campaign.id, retryMode: false },
      options: { singletonKey: campaign.id },
    });

    expect(await runCampaignSend(services, campaign.id)).toBe('completed');

    const recipients = recipientsAtProvider();
    expect(recipients).toHaveLength(1000);
    expect(new Set(recipients).size).toBe(1000);
    // Batch endpoint, batches of the settings' size.
    expect(fake.requests.filter((r) => r.path === '/emails/batch')).toHaveLength(10);
    for (const email of fake.emails) {
      const [address] = email.to;
      const n = /^contact-(\d+)@/.exec(address ?? '')?.[1];
      expect(email.subject).toBe(`Watch market update for Contact${n}`);
      expect(email.html).toContain(`Hello Contact${n},`);
      expect(email.html).toContain(`update for ${address}.`);
      // No unsubscribe link in the HTML: the compliance footer with the business identity is added.
      expect(email.html).toContain('>Unsubscribe</a>');
      expect(email.html).toContain(services.config.site.abn);
      // The footer reaches the text part too, with this recipient's own links.
      expect(email.text).toContain(`Hello Contact${n},`);
      expect(email.text).toContain(services.config.site.abn);
      expect(email.text).toMatch(/\nUnsubscribe:\nhttp:\/\/localhost:3999\/unsubscribe\?token=[\w-]+\n/);
      const header = email.headers?.['List-Unsubscribe'] ?? '';
      expect(header).toMatch(/^<http:\/\/localhost:3999\/api\/unsubscribe\/one-click\?token=[\w-]+>$/);
      expect(email.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const token = /token=([\w-]+)/.exec(header)?.[1] ?? '';
      expect(verifyToken(services.config.appSecret, token)).toMatchObject({ campaignId: campaign.id });
      expect(email.tags?.map((tag) => tag.name)).toEqual(['campaign_id', 'send_id']);
      expect(email.tags?.[0]?.value).toBe(campaign.id);
      expect(email.idempotencyKey).toMatch(new RegExp(`^campaign-${campaign.id}-batch-`));
    }

    const done = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(done).toMatchObject({ status: 'completed', sent_count: 1000, failed_count: 0, skipped_count: 0 });
    expect(done.completed_at).toBeInstanceOf(Date);
    expect(await sendStatuses(campaign.id)).toEqual({ sent: 1000 });
    const withoutId = await t.db
      .selectFrom('email_sends')
      .select('id')
      .where('campaign_id', '=', campaign.id)
      .where('provider_message_id', 'is', null)
      .execute();
    expect(withoutId).toEqual([]);
  });

  it('skips a contact who unsubscribes or is suppressed after the snapshot', async () => {
    await seedSubscribers(t.db, 150);
    const campaign = await sendNow(services);
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('email', '=', 'contact-7@example.com')
      .execute();
    await t.db
      .updateTable('leads')
      .set({ suppressed_at: new Date(), suppression_reason: 'hard_bounce' })
      .where('email', '=', 'contact-120@example.com')
      .execute();

    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    const recipients = recipientsAtProvider();
    expect(recipients).toHaveLength(148);
    expect(recipients).not.toContain('contact-7@example.com');
    expect(recipients).not.toContain('contact-120@example.com');
    expect(await skippedSends(campaign.id)).toEqual([
      { recipient_email: 'contact-120@example.com', error: 'Suppressed: hard_bounce' },
      { recipient_email: 'contact-7@example.com', error: 'Unsubscribed before this e-mail was sent' },
    ]);
    const row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', sent_count: 148, skipped_count: 2 });
  });

  it('pauses after the current batch and resumes with the rest, each recipient once', async () => {
    await seedSubscribers(t.db, 500);
    const campaign = await sendNow(services);
    const pausing = servicesWith(
      afterRequests(services.email, { 2: () => pauseCampaign(t.db, campaign.id) }),
    );

    expect(await runCampaignSend(pausing, campaign.id)).toBe('paused');
    expect(recipientsAtProvider()).toHaveLength(200);
    expect(await sendStatuses(campaign.id)).toEqual({ sent: 200, queued: 300 });

    await resumeCampaign(services, campaign.id);
    expect(jobs.jobs.at(-1)).toMatchObject({
      name: 'campaign.send',
      payload: { campaignId: campaign.id, retryMode: true },
    });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    const recipients = recipientsAtProvider();
    expect(recipients).toHaveLength(500);
    expect(new Set(recipients).size).toBe(500);
  });

  it('cancel stops sending: the rest is cancelled and never e-mailed', async () => {
    await seedSubscribers(t.db, 500);
    const campaign = await sendNow(services);
    const cancelling = servicesWith(
      afterRequests(services.email, { 2: () => cancelCampaign(t.db, campaign.id) }),
    );

    expect(await runCampaignSend(cancelling, campaign.id)).toBe('not-sending');
    expect(recipientsAtProvider()).toHaveLength(200);
    expect(await sendStatuses(campaign.id)).toEqual({ sent: 200, cancelled: 300 });
    // A later run (a queued job, the minute tick) changes nothing.
    expect(await runCampaignSend(services, campaign.id)).toBe('not-sending');
    expect(recipientsAtProvider()).toHaveLength(200);
    const row = await t.db
      .selectFrom('email_campaigns')
      .select('status')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('cancelled');
  });

  it('test mode sends only to the test addresses', async () => {
    await seedSubscribers(t.db, 50);
    const campaign = await sendNow(services, {
      isTestMode: true,
      testEmails: ['contact-3@example.com', 'owner@sterling.example', 'not an address'],
    });
    expect(campaign.total_recipients).toBe(2);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(recipientsAtProvider().sort()).toEqual(['contact-3@example.com', 'owner@sterling.example']);
    const contactCopy = fake.emails.find((e) => e.to[0] === 'contact-3@example.com');
    expect(contactCopy?.html).toContain('Hello Contact3,');
  });

  it('test mode skips addresses on the suppression list, listed or erased, and counts them', async () => {
    await seedSubscribers(t.db, 5);
    // A non-contact listed by hand, and an erased person kept only as a hash (decision 034).
    await sql`
      INSERT INTO email_suppressions (email, email_hash, reason)
      VALUES ('listed.tester@example.org', email_hash('listed.tester@example.org'), 'manual'),
             (NULL, email_hash('erased.tester@example.org'), 'erased')`.execute(t.db);
    const campaign = await sendNow(services, {
      isTestMode: true,
      testEmails: ['contact-2@example.com', 'Listed.Tester@example.org', 'erased.tester@example.org'],
    });
    expect(campaign.total_recipients).toBe(3);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(recipientsAtProvider()).toEqual(['contact-2@example.com']);
    expect(await skippedSends(campaign.id)).toEqual([
      { recipient_email: 'Listed.Tester@example.org', error: 'Suppressed: manual' },
      { recipient_email: 'erased.tester@example.org', error: 'Suppressed: erased' },
    ]);
    const row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', sent_count: 1, skipped_count: 2 });
  });

  it('starts a scheduled campaign when it falls due, through the minute tick', async () => {
    await seedSubscribers(t.db, 20);
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({
        name: 'Scheduled',
        subject: 'Hello {{first_name}}',
        html_content: '<p>Scheduled update for {{first_name}} with enough text to pass the minimum.</p>',
        status: 'scheduled',
        scheduled_at: new Date(Date.now() + 30_000),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const later = await t.db
      .insertInto('email_campaigns')
      .values({
        name: 'Later',
        subject: 's',
        html_content: 'x',
        status: 'scheduled',
        scheduled_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    expect(await runCampaignsTick(services)).toEqual({ planned: 1, nudged: 0 });
    expect(jobs.jobs).toEqual([
      {
        name: 'campaign.start',
        payload: { campaignId: campaign.id },
        options: { startAfter: campaign.scheduled_at },
      },
    ]);
    // Not due yet: the job (if it ran early) does nothing.
    expect(await startDueCampaign(services, campaign.id)).toBe(false);
    expect(await startDueCampaign(services, later.id)).toBe(false);

    await t.db
      .updateTable('email_campaigns')
      .set({ scheduled_at: new Date(Date.now() - 1000) })
      .where('id', '=', campaign.id)
      .execute();
    expect(await startDueCampaign(services, campaign.id)).toBe(true);
    expect(await startDueCampaign(services, campaign.id)).toBe(false);
    const started = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(started).toMatchObject({ status: 'sending', total_recipients: 20 });
    expect(started.started_at).toBeInstanceOf(Date);
    expect(jobs.jobs.at(-1)).toMatchObject({ name: 'campaign.send', payload: { campaignId: campaign.id } });

    // A sending campaign is nudged by every tick (absorbed by the singleton key while its job runs).
    expect(await runCampaignsTick(services)).toEqual({ planned: 0, nudged: 1 });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(recipientsAtProvider()).toHaveLength(20);
  });

  it('pauses itself when the bounce rate passes 5% after 200 sends, and says why', async () => {
    await seedSubscribers(t.db, 600);
    const campaign = await sendNow(services);
    // The webhook would record these bounces; 13 of 300 sends is 4.3%, then 17 of 300 is 5.7%.
    const bounces = (n: number) => () =>
      t.db.updateTable('email_campaigns').set({ bounce_count: n }).where('id', '=', campaign.id).execute();
    const bouncing = servicesWith(afterRequests(services.email, { 3: bounces(13), 4: bounces(23) }));

    expect(await runCampaignSend(bouncing, campaign.id)).toBe('auto-paused');
    const row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'paused', is_paused: true, sent_count: 400 });
    expect(row.pause_reason).toBe(
      'Paused automatically: 5.8% of the last 400 e-mails bounced, above the 5% limit. Check the bounced addresses, then resume.',
    );

    // Resuming judges only the sends after it: the campaign finishes.
    await resumeCampaign(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(new Set(recipientsAtProvider()).size).toBe(600);
  });

  it('re-sends a batch whose worker died after the provider accepted it under the same key: no duplicate', async () => {
    await seedSubscribers(t.db, 250);
    const campaign = await sendNow(services);
    // A worker claims a batch, sends it, and dies before recording the result.
    const claim = await claimBatch(t.db, {
      campaignId: campaign.id,
      isTestMode: false,
      batchSize: 100,
      leaseMs: 1,
      sender: { from: 'Sterling <a@example.com>', replyTo: null },
    });
    if (claim.kind !== 'batch') throw new Error('expected a batch');
    const { campaignMessage } = await import('./messages.ts');
    const content = {
      id: campaign.id,
      subject: campaign.subject,
      html: campaign.html_content,
      variables: campaign.variables,
    };
    const first = await services.email.sendBatch(
      claim.batch.recipients.map((r) => campaignMessage(services.config, content, claim.batch, r)),
      { idempotencyKey: claim.batch.idempotencyKey },
    );
    expect(first.ok).toBe(true);
    expect(fake.emails).toHaveLength(100);

    expect(await runCampaignSend(services, campaign.id, { leaseMs: 1_000 })).toBe('completed');
    // The orphan was taken over and re-sent with its key: the provider answered with the first ids.
    const retried = fake.requests.filter((r) => r.idempotencyKey === claim.batch.idempotencyKey);
    expect(retried).toHaveLength(2);
    expect(recipientsAtProvider()).toHaveLength(250);
    expect(new Set(recipientsAtProvider()).size).toBe(250);
    const batch = await t.db
      .selectFrom('email_send_batches')
      .selectAll()
      .where('id', '=', claim.batch.id)
      .executeTakeFirstOrThrow();
    expect(batch.attempts).toBe(2);
    expect(batch.completed_at).toBeInstanceOf(Date);
  });

  it('fails, never re-sends, a batch left unconfirmed past the idempotency window', async () => {
    await seedSubscribers(t.db, 30);
    const campaign = await sendNow(services);
    const claim = await claimBatch(t.db, {
      campaignId: campaign.id,
      isTestMode: false,
      batchSize: 10,
      leaseMs: 1,
      sender: { from: 'Sterling <a@example.com>', replyTo: null },
    });
    if (claim.kind !== 'batch') throw new Error('expected a batch');
    await sql`UPDATE email_send_batches SET first_claimed_at = now() - interval '25 hours' WHERE id = ${claim.batch.id}`.execute(
      t.db,
    );

    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(recipientsAtProvider()).toHaveLength(20);
    const failed = await t.db
      .selectFrom('email_sends')
      .select(['status', 'error'])
      .where('batch_id', '=', claim.batch.id)
      .execute();
    expect(failed).toHaveLength(10);
    for (const row of failed) {
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/could not be confirmed within the provider’s 24-hour idempotency window/);
    }
    const row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', sent_count: 20, failed_count: 10 });
  });

  it('retries 5xx with backoff under the same key, then fails the batch; Retry failed repeats that exact request', async () => {
    await seedSubscribers(t.db, 150);
    const campaign = await sendNow(services);
    fake.failNext({ kind: 'server_error' }, 3);
    expect(await runCampaignSend(services, campaign.id, { ...fastRetries, maxAttempts: 3 })).toBe(
      'completed',
    );
    // Three 500s for the first batch: its 100 sends failed; the next batch went through.
    let row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', sent_count: 50, failed_count: 100 });
    const failedKey = fake.requests[0]?.idempotencyKey;
    expect(fake.requests.slice(0, 3).map((r) => [r.status, r.idempotencyKey])).toEqual([
      [500, failedKey],
      [500, failedKey],
      [500, failedKey],
    ]);
    const errors = await t.db
      .selectFrom('email_sends')
      .select('error')
      .where('status', '=', 'failed')
      .execute();
    expect(errors[0]?.error).toBe('An unexpected error occurred. (internal_server_error, HTTP 500)');

    await retryFailedSends(services, campaign.id);
    expect(jobs.jobs.at(-1)).toMatchObject({ name: 'campaign.send', payload: { retryMode: true } });
    expect(await runCampaignSend(services, campaign.id, fastRetries)).toBe('completed');
    // 5xx leaves the outcome unknown: the retry repeats the batch under its key.
    expect(fake.requests.at(-1)?.idempotencyKey).toBe(failedKey);
    row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'completed', sent_count: 150, failed_count: 0 });
    expect(new Set(recipientsAtProvider()).size).toBe(150);
    expect(recipientsAtProvider()).toHaveLength(150);
  });

  it('waits out a 429 (retry-after) for every sender and retries the same batch', async () => {
    await seedSubscribers(t.db, 200);
    const campaign = await sendNow(services);
    fake.failNext({ kind: 'rate_limit', retryAfterSeconds: 1 }, 1);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.requests.map((r) => r.status)).toEqual([429, 200, 200]);
    expect(fake.requests[0]?.idempotencyKey).toBe(fake.requests[1]?.idempotencyKey);
    // The limiter held the retry back for the whole retry-after.
    const gap = (fake.requests[1]?.at ?? 0) - (fake.requests[0]?.at ?? 0);
    expect(gap).toBeGreaterThanOrEqual(950);
    expect(recipientsAtProvider()).toHaveLength(200);
  });

  it('delivers through the outbox (no provider key) on the same code path, once per recipient', async () => {
    await seedSubscribers(t.db, 120);
    const outboxServices = testServices(t.db, { jobs });
    const campaign = await sendNow(outboxServices);
    expect(await runCampaignSend(outboxServices, campaign.id)).toBe('completed');
    const stored = await t.db
      .selectFrom('outbox_emails')
      .select(['to_addresses', 'idempotency_key', 'headers'])
      .execute();
    expect(stored).toHaveLength(120);
    expect(new Set(stored.map((s) => s.to_addresses[0])).size).toBe(120);
    for (const row of stored) {
      expect(row.idempotency_key).toMatch(new RegExp(`^campaign-${campaign.id}-send-`));
      expect(row.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    }
  });

  it('a job that keeps crashing is retried, and after its last retry the campaign is marked failed with the reason', async () => {
    await seedSubscribers(t.db, 10);
    const campaign = await sendNow(services);
    const crashing = servicesWith({
      kind: 'resend',
      send: () => Promise.reject(new Error('unused')),
      sendBatch: () => Promise.reject(new Error('socket hang up in the SDK')),
    });
    const { runCampaignSendJob } = await import('../send-job-handler.ts');
    const { jobDefinitions } = await import('../../jobs/definitions.ts');
    const payload = { campaignId: campaign.id, retryMode: false };
    const signal = new AbortController().signal;

    await expect(runCampaignSendJob(crashing, payload, { retryCount: 0, signal })).rejects.toThrow(
      'socket hang up',
    );
    let row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('sending');

    const last = jobDefinitions['campaign.send'].queue.retryLimit;
    await expect(runCampaignSendJob(crashing, payload, { retryCount: last, signal })).rejects.toThrow();
    row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('failed');
    expect(row.failure_reason).toBe('Sending stopped after repeated errors: socket hang up in the SDK');

    // Nothing was lost: Retry failed takes the campaign up again and sends to everyone once.
    await retryFailedSends(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id, { leaseMs: 200 })).toBe('completed');
    expect(new Set(recipientsAtProvider()).size).toBe(10);
    expect(recipientsAtProvider()).toHaveLength(10);
  });

  it('applies a provider event that arrived before the engine recorded the send (the webhook raced the confirmation)', async () => {
    await seedSubscribers(t.db, 3);
    const campaign = await sendNow(services);
    const { recordResendEvent } = await import('../../email-events/apply-event.ts');
    const { parseResendEvent } = await import('#shared/webhooks/resend-events.ts');
    const { resendEmailEvent, newSvixId } = await import('#test/support/resend-webhooks.ts');
    // The provider accepted the batch and its "delivered" webhook is stored before the engine marks
    // the rows sent: at that moment no send carries the provider id.
    const racing: EmailTransport = {
      ...services.email,
      async sendBatch(messages, options) {
        const result = await services.email.sendBatch(messages, options);
        if (result.ok) {
          const body = resendEmailEvent('email.delivered', result.ids[0] ?? '');
          const parsed = parseResendEvent(body);
          if (!parsed.ok) throw new Error(parsed.error);
          const outcome = await recordResendEvent(t.db, {
            providerEventId: newSvixId(),
            rawBody: JSON.stringify(body),
            parsed: parsed.value,
          });
          expect(outcome).toBeDefined();
        }
        return result;
      },
    };
    expect(await runCampaignSend(servicesWith(racing), campaign.id)).toBe('completed');
    const row = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sent_count: 3, delivered_count: 1 });
    const delivered = await t.db
      .selectFrom('email_sends')
      .select(['status', 'delivered_at'])
      .where('campaign_id', '=', campaign.id)
      .where('status', '=', 'delivered')
      .execute();
    expect(delivered).toHaveLength(1);
    const event = await t.db.selectFrom('email_events').select('send_id').executeTakeFirstOrThrow();
    expect(event.send_id).not.toBeNull();
  });
});
