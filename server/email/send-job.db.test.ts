import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type RunningWorker } from '../../worker/worker.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { testServices } from '#test/support/services.ts';
import { createBoss, createJobQueue, ensureQueues } from '../jobs/queue.ts';
import type { AppServices } from '../services.ts';
import { createResendTransport } from './resend-transport.ts';
import { enqueueEmail, runEmailSendJob } from './send-job.ts';
import type { EmailMessage } from './types.ts';

const message = (to: string, subject = 'We received your enquiry'): EmailMessage => ({
  from: 'Shop <shop@example.com>',
  to: [to],
  subject,
  html: '<p>Thanks</p>',
});

async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('email.send job (real pg-boss worker)', () => {
  const t = useTestDatabase();
  let boss: PgBoss;
  let services: AppServices;
  let worker: RunningWorker;
  let fake: FakeResend;

  beforeAll(async () => {
    fake = await startFakeResend();
    boss = createBoss({ connectionString: t.url, max: 3, role: 'worker' });
    await boss.start();
    await ensureQueues(boss);
    services = testServices(t.db, { jobs: createJobQueue(boss) });
    worker = await startWorker(boss, services, { concurrency: 2, pollingIntervalSeconds: 0.5 });
  });
  afterAll(async () => {
    await worker.stop();
    await boss.stop({ graceful: true, timeout: 5000 });
    await fake.close();
  });

  const outboxCount = async (subject: string) =>
    (
      await t.db
        .selectFrom('outbox_emails')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('subject', '=', subject)
        .executeTakeFirstOrThrow()
    ).n;

  it('delivers a queued e-mail to the outbox when no provider key is configured', async () => {
    await enqueueEmail(services, message('seller@example.com', 'Committed'), 'enquiry-1-seller');
    expect(
      await waitFor(
        () => outboxCount('Committed'),
        (n) => n === 1,
      ),
    ).toBe(1);
  });

  it('gives every queued e-mail a text part: made from its HTML, or its own kept as written', async () => {
    const html =
      '<h1>Your enquiry</h1><p>Thanks. <a href="https://shop.example.com/sell">Sell another</a></p>';
    await enqueueEmail(services, { ...message('a@example.com', 'Derived text'), html }, 'text-1');
    await enqueueEmail(
      services,
      { ...message('b@example.com', 'Own text'), html, text: 'Written by hand' },
      'text-2',
    );
    await waitFor(
      async () => (await outboxCount('Derived text')) + (await outboxCount('Own text')),
      (n) => n === 2,
    );
    const rows = await t.db
      .selectFrom('outbox_emails')
      .select(['subject', 'text_body'])
      .where('subject', 'in', ['Derived text', 'Own text'])
      .orderBy('subject')
      .execute();
    expect(rows).toEqual([
      {
        subject: 'Derived text',
        text_body: 'Your enquiry\n\nThanks. Sell another [https://shop.example.com/sell]',
      },
      { subject: 'Own text', text_body: 'Written by hand' },
    ]);
  });

  it('enqueues inside a transaction: a rolled-back write leaves no e-mail behind', async () => {
    await expect(
      t.db.transaction().execute(async (trx) => {
        await enqueueEmail(services, message('seller@example.com', 'Rolled back'), 'enquiry-2-seller', {
          trx,
        });
        await sql`SELECT 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    await t.db.transaction().execute(async (trx) => {
      await enqueueEmail(services, message('seller@example.com', 'After commit'), 'enquiry-3-seller', {
        trx,
      });
    });
    expect(
      await waitFor(
        () => outboxCount('After commit'),
        (n) => n === 1,
      ),
    ).toBe(1);
    expect(await outboxCount('Rolled back')).toBe(0);
    const jobs = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'email.send' AND data->>'idempotencyKey' = 'enquiry-2-seller'`.execute(
      t.db,
    );
    expect(jobs.rows[0]?.n).toBe(0);
  });

  it('sends once per idempotency key, however often the e-mail is enqueued', async () => {
    await enqueueEmail(services, message('twice@example.com', 'Twice'), 'enquiry-4-seller');
    await enqueueEmail(services, message('twice@example.com', 'Twice'), 'enquiry-4-seller');
    await waitFor(
      () => outboxCount('Twice'),
      (n) => n >= 1,
    );
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await outboxCount('Twice')).toBe(1);
  });

  it('refuses a malformed payload at the producer', async () => {
    await expect(
      services.jobs.send('email.send', {
        message: { ...message('x@example.com'), to: ['not-an-email'] },
        idempotencyKey: 'bad',
      }),
    ).rejects.toThrow();
  });

  it('retries a rate-limited send through the provider with the same idempotency key', async () => {
    const resendServices = {
      ...services,
      email: createResendTransport({ apiKey: 're_test', baseUrl: fake.url }),
    };
    fake.failNext({ kind: 'rate_limit', retryAfterSeconds: 1 });
    // The handler, called as the worker calls it on each attempt of one job.
    const payload = { message: message('limited@example.com', 'Limited'), idempotencyKey: 'limited-1' };
    await expect(runEmailSendJob(resendServices, payload)).rejects.toThrow(/rate_limit_exceeded/);
    const delivered = await runEmailSendJob(resendServices, payload);
    expect(delivered.id).toBe(fake.emails[0]?.id);
    await expect(runEmailSendJob(resendServices, payload)).resolves.toEqual(delivered);
    expect(fake.requests.map((r) => [r.status, r.idempotencyKey])).toEqual([
      [429, 'limited-1'],
      [200, 'limited-1'],
      [200, 'limited-1'],
    ]);
    expect(fake.emails).toHaveLength(1);
  });
});
