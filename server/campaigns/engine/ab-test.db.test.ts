import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AbTest } from '#shared/campaigns/ab-test.ts';
import { engineSettings, freshEngine, seedSubscribers, sendNow } from '#test/support/campaign-fixtures.ts';
import { parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import type { RecordingJobQueue } from '#test/support/services.ts';
import type { EmailTransport } from '../../email/types.ts';
import { openCsvExport } from '../../exports/csv-export.ts';
import type { AppServices } from '../../services.ts';
import { cancelCampaign, pauseCampaign, resumeCampaign, retryFailedSends } from '../actions.ts';
import { campaignSendsCsvExport } from '../sends-export.ts';
import { abTestReport, chooseWinner } from './ab-test.ts';
import { runCampaignSend } from './run.ts';

// The A/B subject test's phases on the real engine and a fake provider (decision 037).

const abTest: AbTest = {
  subjectB: 'Subject B for {{first_name}}',
  testPercent: 20,
  waitHours: 4,
  metric: 'opens',
};
const subjectA = 'Subject A for {{first_name}}';

describe('A/B subject test', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;

  beforeAll(async () => {
    fake = await startFakeResend({ keepBodies: false });
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    ({ jobs, services } = await freshEngine(t.db, fake, 100));
  });

  async function groups(campaignId: string) {
    const rows = await t.db
      .selectFrom('email_sends')
      .select(['status', 'variant', 'ab_remainder'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('campaign_id', '=', campaignId)
      .groupBy(['status', 'variant', 'ab_remainder'])
      .orderBy('ab_remainder')
      .orderBy('variant')
      .orderBy('status')
      .execute();
    return rows;
  }

  /** Each test send of `variant` delivered a minute ago; `readers` of them opened 5 minutes later, `machines` within 2 s. */
  async function engage(
    campaignId: string,
    variant: 'A' | 'B',
    opens: { readers: number; machines: number },
  ) {
    const sends = await t.db
      .selectFrom('email_sends')
      .select(['id', 'provider_message_id'])
      .where('campaign_id', '=', campaignId)
      .where('variant', '=', variant)
      .where('ab_remainder', '=', false)
      .orderBy('id')
      .execute();
    const delivered = new Date(Date.now() - 60 * 60_000);
    await t.db
      .updateTable('email_sends')
      .set({ status: 'delivered', delivered_at: delivered })
      .where(
        'id',
        'in',
        sends.map((s) => s.id),
      )
      .execute();
    const opened = sends.slice(0, opens.readers + opens.machines);
    for (const [i, send] of opened.entries()) {
      const at = new Date(delivered.getTime() + (i < opens.readers ? 5 * 60_000 : 2_000));
      await t.db.updateTable('email_sends').set({ opened_at: at }).where('id', '=', send.id).execute();
      await t.db
        .insertInto('email_events')
        .values({
          provider_event_id: `evt-${send.id}`,
          type: 'email.opened',
          provider_message_id: send.provider_message_id,
          send_id: send.id,
          payload: '{}',
          occurred_at: at,
        })
        .execute();
    }
  }

  async function endWait(campaignId: string) {
    await sql`UPDATE email_campaigns SET ab_winner_due_at = now() - interval '1 second' WHERE id = ${campaignId}`.execute(
      t.db,
    );
  }

  it('sends the test share A/B, waits, picks the winner by readers’ opens and sends it to the rest', async () => {
    await seedSubscribers(t.db, 1000);
    const campaign = await sendNow(services, { subject: subjectA, abTest: abTest });
    expect(campaign.total_recipients).toBe(1000);
    expect(await groups(campaign.id)).toEqual([
      { status: 'queued', variant: 'A', ab_remainder: false, n: 100 },
      { status: 'queued', variant: 'B', ab_remainder: false, n: 100 },
      { status: 'held', variant: null, ab_remainder: true, n: 800 },
    ]);

    // Phase 1: only the test share is sent, each with its variant's subject.
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    expect(fake.emails).toHaveLength(200);
    const variantOf = new Map(
      (
        await t.db
          .selectFrom('email_sends')
          .select(['recipient_email', 'variant'])
          .where('campaign_id', '=', campaign.id)
          .execute()
      ).map((r) => [r.recipient_email, r.variant]),
    );
    for (const email of fake.emails) {
      const variant = variantOf.get(email.to[0] ?? '');
      expect(email.subject).toMatch(
        variant === 'B' ? /^Subject B for Contact\d+$/ : /^Subject A for Contact\d+$/,
      );
    }
    const waiting = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(waiting.status).toBe('sending');
    expect(waiting.ab_winner).toBeNull();
    const due = waiting.ab_winner_due_at;
    expect(due).not.toBeNull();
    const winnerJob = jobs.jobs.find((j) => j.name === 'campaign.ab-winner');
    expect(winnerJob).toMatchObject({
      payload: { campaignId: campaign.id },
      options: { singletonKey: campaign.id, startAfter: due },
    });
    // The engine running again in the wait (a tick's nudge) neither sends nor moves the due time.
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    expect(fake.emails).toHaveLength(200);
    const again = await t.db
      .selectFrom('email_campaigns')
      .select('ab_winner_due_at')
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(again.ab_winner_due_at).toEqual(due);

    // Before the due time the winner job does nothing but re-queue itself.
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-due', dueAt: due });

    // A has more opens, but all of them machine opens (decision 025): B wins.
    await engage(campaign.id, 'A', { readers: 5, machines: 40 });
    await engage(campaign.id, 'B', { readers: 12, machines: 0 });
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'chosen', winner: 'B', released: 800 });
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'already-chosen' });
    expect(jobs.jobs.filter((j) => j.name === 'campaign.send').at(-1)).toMatchObject({
      payload: { campaignId: campaign.id },
    });

    const report = await abTestReport(
      t.db,
      await t.db
        .selectFrom('email_campaigns')
        .selectAll()
        .where('id', '=', campaign.id)
        .executeTakeFirstOrThrow(),
    );
    expect(report).toMatchObject({
      winner: 'B',
      held: 0,
      remainder: 800,
      variants: [
        { variant: 'A', sent: 100, delivered: 100, opened: 5, openRate: 5 },
        { variant: 'B', sent: 100, delivered: 100, opened: 12, openRate: 12 },
      ],
    });

    // Phase 2: the remainder, all with the winner's subject; everyone exactly once.
    fake.emails.length = 0;
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(800);
    for (const email of fake.emails) expect(email.subject).toMatch(/^Subject B for Contact\d+$/);
    expect(await groups(campaign.id)).toEqual([
      { status: 'delivered', variant: 'A', ab_remainder: false, n: 100 },
      { status: 'delivered', variant: 'B', ab_remainder: false, n: 100 },
      { status: 'sent', variant: 'B', ab_remainder: true, n: 800 },
    ]);
    const row = await t.db
      .selectFrom('email_campaigns')
      .select(['status', 'sent_count'])
      .where('id', '=', campaign.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'completed', sent_count: 1000 });
  });

  it('a tie (nothing opened) goes to A', async () => {
    await seedSubscribers(t.db, 50);
    const campaign = await sendNow(services, { subject: subjectA, abTest: { ...abTest, metric: 'clicks' } });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    expect(fake.emails).toHaveLength(10);
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'chosen', winner: 'A', released: 40 });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(50);
    expect(new Set(fake.emails.map((e) => e.to[0])).size).toBe(50);
    expect(fake.emails.slice(10).every((e) => e.subject.startsWith('Subject A'))).toBe(true);
  });

  it('pause during the wait: the winner job does nothing; after Resume the winner is chosen and sent', async () => {
    await seedSubscribers(t.db, 100);
    const campaign = await sendNow(services, { subject: subjectA, abTest: abTest });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    await pauseCampaign(t.db, campaign.id);
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-sending' });
    expect(await runCampaignSend(services, campaign.id)).toBe('paused');
    expect(fake.emails).toHaveLength(20);

    jobs.jobs.length = 0;
    await resumeCampaign(services, campaign.id);
    expect(jobs.jobs.map((j) => j.name)).toEqual(['campaign.send']);
    // The resumed run finds only held sends: it queues the winner job, due already.
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    expect(jobs.jobs.map((j) => j.name)).toEqual(['campaign.send', 'campaign.ab-winner']);
    expect(await chooseWinner(services, campaign.id)).toMatchObject({
      kind: 'chosen',
      winner: 'A',
      released: 80,
    });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(fake.emails).toHaveLength(100);
    expect(new Set(fake.emails.map((e) => e.to[0])).size).toBe(100);
  });

  it('cancel during the wait: the held recipients are cancelled and never e-mailed', async () => {
    await seedSubscribers(t.db, 100);
    const campaign = await sendNow(services, { subject: subjectA, abTest: abTest });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    await cancelCampaign(t.db, campaign.id);
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-sending' });
    expect(await runCampaignSend(services, campaign.id)).toBe('not-sending');
    expect(fake.emails).toHaveLength(20);
    expect(await groups(campaign.id)).toEqual([
      { status: 'sent', variant: 'A', ab_remainder: false, n: 10 },
      { status: 'sent', variant: 'B', ab_remainder: false, n: 10 },
      { status: 'cancelled', variant: null, ab_remainder: true, n: 80 },
    ]);
  });

  /** The services with a transport that calls `hook` after the n-th batch request (1-based). */
  function pausingAfter(batch: number, hook: () => Promise<unknown>): AppServices {
    let count = 0;
    const email: EmailTransport = {
      kind: services.email.kind,
      paced: services.email.paced ?? false,
      send: (message, options) => services.email.send(message, options),
      async sendBatch(messages, options) {
        const result = await services.email.sendBatch(messages, options);
        count += 1;
        if (count === batch) await hook();
        return result;
      },
    };
    return { ...services, email };
  }

  async function campaignRow(campaignId: string) {
    return t.db
      .selectFrom('email_campaigns')
      .select(['status', 'ab_winner', 'ab_winner_due_at', 'sent_count'])
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
  }

  /** Recipients at the provider, each with how many e-mails they got. */
  function deliveries(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const email of fake.emails) {
      const to = email.to[0] ?? '';
      counts.set(to, (counts.get(to) ?? 0) + 1);
    }
    return counts;
  }

  /** A 100-recipient test (20 test sends, 80 held) in batches of 5; the test phase is 4 batches. */
  async function startInBatchesOfFive() {
    await seedSubscribers(t.db, 100);
    await engineSettings(t.db, { batchSize: 5 });
    return sendNow(services, { subject: subjectA, abTest: abTest });
  }

  it('pause during the test-share send, then Resume: each test recipient once, the wait starts after', async () => {
    const campaign = await startInBatchesOfFive();
    const pausing = pausingAfter(2, () => pauseCampaign(t.db, campaign.id));
    expect(await runCampaignSend(pausing, campaign.id)).toBe('paused');
    expect(fake.emails).toHaveLength(10);
    // Paused mid-test: the wait has not started and no winner job is queued.
    expect(await campaignRow(campaign.id)).toMatchObject({ status: 'paused', ab_winner_due_at: null });
    expect(jobs.jobs.filter((j) => j.name === 'campaign.ab-winner')).toHaveLength(0);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-sending' });

    await resumeCampaign(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    const sent = deliveries();
    expect(sent.size).toBe(20);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
    expect(await groups(campaign.id)).toEqual([
      { status: 'sent', variant: 'A', ab_remainder: false, n: 10 },
      { status: 'sent', variant: 'B', ab_remainder: false, n: 10 },
      { status: 'held', variant: null, ab_remainder: true, n: 80 },
    ]);
    // The wait is counted from the last test send, not from before the pause.
    const { rows } = await sql<{ waited_full: boolean }>`
      SELECT c.ab_winner_due_at >= max(s.sent_at) + make_interval(hours => ${abTest.waitHours}) AS waited_full
      FROM email_campaigns c JOIN email_sends s ON s.campaign_id = c.id
      WHERE c.id = ${campaign.id} GROUP BY c.ab_winner_due_at`.execute(t.db);
    expect(rows).toEqual([{ waited_full: true }]);
    const due = (await campaignRow(campaign.id)).ab_winner_due_at;
    expect(jobs.jobs.filter((j) => j.name === 'campaign.ab-winner')).toMatchObject([
      { payload: { campaignId: campaign.id }, options: { startAfter: due } },
    ]);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-due', dueAt: due });
  });

  it('cancel during the test-share send: queued and held sends cancelled, no winner job sends anything', async () => {
    const campaign = await startInBatchesOfFive();
    const cancelling = pausingAfter(2, () => cancelCampaign(t.db, campaign.id));
    expect(await runCampaignSend(cancelling, campaign.id)).toBe('not-sending');
    expect(fake.emails).toHaveLength(10);
    const variants = await groups(campaign.id);
    expect(variants.filter((g) => g.status === 'sent').reduce((n, g) => n + g.n, 0)).toBe(10);
    expect(variants.filter((g) => g.status === 'cancelled').reduce((n, g) => n + g.n, 0)).toBe(90);
    expect(variants.every((g) => g.status === 'sent' || g.status === 'cancelled')).toBe(true);
    expect(variants.find((g) => g.ab_remainder)).toEqual({
      status: 'cancelled',
      variant: null,
      ab_remainder: true,
      n: 80,
    });

    // A winner job that fires anyway (queued before, or a stray retry) and the engine both stop.
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toEqual({ kind: 'not-sending' });
    expect(await runCampaignSend(services, campaign.id)).toBe('not-sending');
    expect(fake.emails).toHaveLength(10);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: 'cancelled', ab_winner: null });
  });

  /** The test phase sent and the winner (A: a tie) released to the 80 held recipients. */
  async function throughTheTest(campaignId: string) {
    expect(await runCampaignSend(services, campaignId)).toBe('waiting');
    await endWait(campaignId);
    expect(await chooseWinner(services, campaignId)).toEqual({ kind: 'chosen', winner: 'A', released: 80 });
    expect(fake.emails).toHaveLength(20);
  }

  it('pause during the remainder send, then Resume: every recipient once, the rest with the winner’s subject', async () => {
    const campaign = await startInBatchesOfFive();
    await throughTheTest(campaign.id);
    const pausing = pausingAfter(3, () => pauseCampaign(t.db, campaign.id));
    expect(await runCampaignSend(pausing, campaign.id)).toBe('paused');
    expect(fake.emails).toHaveLength(35);
    await resumeCampaign(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');

    const sent = deliveries();
    expect(sent.size).toBe(100);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
    for (const email of fake.emails.slice(20)) expect(email.subject).toMatch(/^Subject A for Contact\d+$/);
    expect(await groups(campaign.id)).toEqual([
      { status: 'sent', variant: 'A', ab_remainder: false, n: 10 },
      { status: 'sent', variant: 'B', ab_remainder: false, n: 10 },
      { status: 'sent', variant: 'A', ab_remainder: true, n: 80 },
    ]);
    expect(await campaignRow(campaign.id)).toMatchObject({
      status: 'completed',
      ab_winner: 'A',
      sent_count: 100,
    });
  });

  it('cancel during the remainder send: the rest are cancelled and never e-mailed', async () => {
    const campaign = await startInBatchesOfFive();
    await throughTheTest(campaign.id);
    const cancelling = pausingAfter(3, () => cancelCampaign(t.db, campaign.id));
    expect(await runCampaignSend(cancelling, campaign.id)).toBe('not-sending');
    expect(fake.emails).toHaveLength(35);
    expect(await runCampaignSend(services, campaign.id)).toBe('not-sending');
    expect(fake.emails).toHaveLength(35);
    expect(new Set(fake.emails.map((e) => e.to[0])).size).toBe(35);
    expect(await groups(campaign.id)).toEqual([
      { status: 'sent', variant: 'A', ab_remainder: false, n: 10 },
      { status: 'sent', variant: 'B', ab_remainder: false, n: 10 },
      { status: 'cancelled', variant: 'A', ab_remainder: true, n: 65 },
      { status: 'sent', variant: 'A', ab_remainder: true, n: 15 },
    ]);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: 'cancelled', sent_count: 35 });
  });

  it('a campaign that failed in the wait carries on with Retry failed: the winner goes to the rest', async () => {
    await seedSubscribers(t.db, 30);
    const campaign = await sendNow(services, { subject: subjectA, abTest: abTest });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    // What the send job does after its last retry fails (send-job-handler.ts).
    await sql`UPDATE email_campaigns SET status = 'failed', failure_reason = 'boom' WHERE id = ${campaign.id}`.execute(
      t.db,
    );
    await retryFailedSends(services, campaign.id);
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    await endWait(campaign.id);
    expect(await chooseWinner(services, campaign.id)).toMatchObject({ kind: 'chosen', released: 24 });
    expect(await runCampaignSend(services, campaign.id)).toBe('completed');
    expect(new Set(fake.emails.map((e) => e.to[0])).size).toBe(30);
    expect(fake.emails).toHaveLength(30);
  });

  it('the sends CSV names each recipient’s variant', async () => {
    await seedSubscribers(t.db, 20);
    const campaign = await sendNow(services, { subject: subjectA, abTest: { ...abTest, testPercent: 50 } });
    expect(await runCampaignSend(services, campaign.id)).toBe('waiting');
    const spec = campaignSendsCsvExport(campaign.id, 'UTC');
    expect(spec.header).toContain('Variant');
    const [header, ...records] = parseCsv(await text((await openCsvExport(t.db, spec)).start()));
    const variants = records.map((record) => record[header?.indexOf('Variant') ?? -1]);
    expect(variants.filter((v) => v === 'A')).toHaveLength(5);
    expect(variants.filter((v) => v === 'B')).toHaveLength(5);
    expect(variants.filter((v) => v === '')).toHaveLength(10);
  });
});
