import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowStep } from '#shared/automations/flows.ts';
import { engineSettings, seedSubscribers } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { bounce, click, newSvixId, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { callerFor, recordingJobQueue, testServices } from '#test/support/services.ts';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import { recordResendEvent } from '../email-events/apply-event.ts';
import { applyFlowEvents } from '../email-events/entry.ts';
import { eraseContact } from '../contacts/erase.ts';
import { uploadStorageFor } from '../uploads/storage.ts';
import { type RunningWorker, startWorker } from '#worker/worker.ts';
import { createUser } from '../auth/users.ts';
import { runEmailSendJob } from '../email/send-job.ts';
import { createEmailTransport } from '../email/transport.ts';
import { getEnquiry } from '../enquiries/detail.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { createBoss, createJobQueue, ensureQueues } from '../jobs/queue.ts';
import type { AppServices } from '../services.ts';
import { verifyToken } from '../unsubscribe/entry.ts';
import { enterFlow } from '../automations/enter.ts';
import { testRun } from '../automations/admin.ts';
import { advanceRun } from '../automations/engine.ts';
import { flowEffects } from './effects.ts';
import { createFlow, setFlowState } from '../automations/flows.ts';
import { listenForDueRuns } from './due-listener.ts';
import { claimFlowBatch, deliverFlowBatch } from './send.ts';
import { runAutomationsTick } from './tick.ts';

/*
 * Flow e-mail through the real Resend SDK to the fake provider (decision 065): the tick advances
 * runs and sends what they queued in batches; the clock is moved in the database (a run's due_at),
 * never slept.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const steps: FlowStep[] = [
  { id: 'hello', type: 'send', templateId: '', template: 'marketing' },
  { id: 'pause', type: 'wait', days: 2, hours: 0, minutes: 0 },
  { id: 'again', type: 'send', templateId: '', template: 'marketing' },
];

describe('sending flow e-mail', { timeout: 60_000 }, () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let services: AppServices;
  let first: string;
  let second: string;

  beforeAll(async () => {
    fake = await startFakeResend();
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(async () => {
    fake.reset();
    fake.advertiseRate(1000);
    await sql`TRUNCATE automation_flows, automation_send_batches, email_templates, leads, email_sends,
      provider_rate_limits, unsubscribe_logs CASCADE`.execute(t.db);
    await engineSettings(t.db, { batchSize: 50 });
    services = testServices(t.db, {
      email: createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db),
      jobs: recordingJobQueue(),
    });
    const template = (name: string, subject: string) =>
      t.db
        .insertInto('email_templates')
        .values({
          template_name: name,
          subject,
          preheader: 'A note from the workshop',
          html_content: '<p>Hello {{first_name}}, welcome to {{email}}.</p>',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    first = (await template('Welcome 1', 'Welcome, {{first_name}}')).id;
    second = (await template('Welcome 2', 'How to sell your watch')).id;
  });

  function definition(overrides: Partial<FlowDefinition> = {}): FlowDefinition {
    return {
      name: 'Welcome series',
      description: '',
      trigger: { type: 'consent_confirmed' },
      reentry: 'once',
      // Real time drives the tick; quiet hours have their own engine tests.
      respectQuietHours: false,
      steps: steps.map((step) =>
        step.type === 'send' ? { ...step, templateId: step.id === 'hello' ? first : second } : step,
      ),
      ...overrides,
    };
  }
  async function liveFlow(overrides: Partial<FlowDefinition> = {}) {
    const id = await t.db.transaction().execute((trx) => createFlow(trx, definition(overrides), null));
    await setFlowState(t.db, id, 'live');
    return id;
  }
  async function enterAll(flowId: string) {
    const contacts = await t.db.selectFrom('leads').select('id').orderBy('email').execute();
    const runs: string[] = [];
    for (const contact of contacts) {
      const run = await enterFlow(t.db, { flowId, contactId: contact.id, occurrence: '' });
      if (run) runs.push(run);
    }
    return runs;
  }
  const moveClock = () =>
    sql`UPDATE automation_runs SET due_at = now() - interval '1 second' WHERE state = 'waiting'`.execute(
      t.db,
    );
  const tick = () => runAutomationsTick(services, { batchDelayMs: 0, leaseMs: 2_000 });
  const to = (subjectStart: string) =>
    fake.emails.filter((e) => e.subject.startsWith(subjectStart)).flatMap((e) => e.to);

  it('sends the first e-mail at once in batches, the second after the wait, each once', async () => {
    await seedSubscribers(t.db, 120);
    const flowId = await liveFlow();
    const runs = await enterAll(flowId);
    expect(runs).toHaveLength(120);

    const result = await tick();
    expect(result).toMatchObject({ advanced: 120, batches: 3, more: false });
    expect(to('Welcome,')).toHaveLength(120);
    expect(new Set(to('Welcome,')).size).toBe(120);
    expect(to('How to sell')).toHaveLength(0);
    // Three batch requests of at most 50, each under its own key (decision 006's batching).
    const batchRequests = fake.requests.filter((r) => r.path === '/emails/batch');
    expect(batchRequests).toHaveLength(3);
    expect(new Set(batchRequests.map((r) => r.idempotencyKey)).size).toBe(3);

    // A campaign message, with a flow's unsubscribe token.
    const mail = fake.emails.find((e) => e.to[0] === 'contact-7@example.com')!;
    expect(mail.subject).toBe('Welcome, Contact7');
    expect(mail.html).toContain('A note from the workshop');
    expect(mail.html).toContain('Hello Contact7, welcome to contact-7@example.com.');
    expect(mail.text).toContain('Hello Contact7');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const token = /token=([\w-]+)/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
    const contact = await t.db
      .selectFrom('leads')
      .select('id')
      .where('email', '=', 'contact-7@example.com')
      .executeTakeFirstOrThrow();
    expect(verifyToken(services.config.appSecret, token)).toEqual({ contactId: contact.id, flowId });

    // The provider's id is on every step row.
    const sentRows = await t.db
      .selectFrom('automation_run_steps')
      .select(['send_status', 'provider_message_id'])
      .where('step_id', '=', 'hello')
      .execute();
    expect(sentRows).toHaveLength(120);
    expect(sentRows.every((r) => r.send_status === 'sent' && r.provider_message_id)).toBe(true);
    expect(new Set(fake.emails.map((e) => e.id))).toEqual(
      new Set(sentRows.map((r) => r.provider_message_id)),
    );

    // Nothing more until the wait is over; then the second e-mail, once.
    expect(await tick()).toMatchObject({ advanced: 0, batches: 0 });
    await moveClock();
    await tick();
    expect(to('How to sell')).toHaveLength(120);
    expect(new Set(to('How to sell')).size).toBe(120);
    expect(to('Welcome,')).toHaveLength(120);
    const finished = await t.db
      .selectFrom('automation_runs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('state', '=', 'finished')
      .executeTakeFirstOrThrow();
    expect(finished.n).toBe(120);
  });

  it('sends nothing to a contact who unsubscribes after the send was queued or claimed', async () => {
    await seedSubscribers(t.db, 3);
    const flowId = await liveFlow();
    const [queuedRun, claimedRun] = await enterAll(flowId);
    const effects = flowEffects(services);
    const options = { now: new Date(), timeZone: 'Australia/Sydney', weeklyMarketingCap: 3 };
    // Queued: the engine took the step, the batch sender has not claimed it yet.
    for (const run of [queuedRun!, claimedRun!]) await advanceRun(t.db, run, effects, options);
    const contactOf = async (runId: string) =>
      (
        await t.db
          .selectFrom('automation_runs')
          .select('contact_id')
          .where('id', '=', runId)
          .executeTakeFirstOrThrow()
      ).contact_id;
    const unsubscribe = (contactId: string) =>
      t.db
        .updateTable('leads')
        .set({ email_unsubscribed_at: new Date() })
        .where('id', '=', contactId)
        .execute();
    await unsubscribe(await contactOf(queuedRun!));

    // Claimed: in a batch, the request not yet sent.
    const sender = { from: 'Shop <shop@example.com>', replyTo: null };
    const batch = await claimFlowBatch(t.db, { batchSize: 50, leaseMs: 5_000, sender });
    expect(batch).not.toBeNull();
    expect(batch).not.toBe('skipped');
    await unsubscribe(await contactOf(claimedRun!));
    if (batch && batch !== 'skipped')
      expect(await deliverFlowBatch(services, batch, { batchSize: 50, leaseMs: 5_000, sender })).toBe(
        'empty',
      );
    await tick();

    expect(fake.emails.flatMap((e) => e.to)).toEqual(['contact-3@example.com']);
    const rows = await t.db
      .selectFrom('automation_run_steps')
      .select(['run_id', 'send_status', 'error'])
      .where('step_id', '=', 'hello')
      .execute();
    const byRun = new Map(rows.map((r) => [r.run_id, r]));
    expect(byRun.get(queuedRun!)).toMatchObject({
      send_status: 'skipped',
      error: 'Unsubscribed before this e-mail was sent',
    });
    expect(byRun.get(claimedRun!)).toMatchObject({
      send_status: 'skipped',
      error: 'Unsubscribed before this e-mail was sent',
    });
    // And both left the flow: nothing more is sent after the wait.
    await moveClock();
    await tick();
    expect(fake.emails.flatMap((e) => e.to)).toEqual(['contact-3@example.com', 'contact-3@example.com']);
  });

  it('holds a paused flow’s queued e-mail until it resumes', async () => {
    await seedSubscribers(t.db, 2);
    const flowId = await liveFlow();
    const runs = await enterAll(flowId);
    const effects = flowEffects(services);
    for (const run of runs)
      await advanceRun(t.db, run, effects, {
        now: new Date(),
        timeZone: 'Australia/Sydney',
        weeklyMarketingCap: 3,
      });
    await setFlowState(t.db, flowId, 'paused');
    await tick();
    expect(fake.emails).toHaveLength(0);
    await setFlowState(t.db, flowId, 'live');
    await tick();
    expect(fake.emails.flatMap((e) => e.to).sort()).toEqual([
      'contact-1@example.com',
      'contact-2@example.com',
    ]);
  });

  it('logs which flow an unsubscribe came from', async () => {
    await seedSubscribers(t.db, 1);
    const flowId = await liveFlow();
    await enterAll(flowId);
    await tick();
    const header = fake.emails[0]?.headers?.['List-Unsubscribe'] ?? '';
    const token = /token=([\w-]+)/.exec(header)?.[1] ?? '';
    await callerFor(services).preferences.update({ token, action: 'email' });
    const log = await t.db
      .selectFrom('unsubscribe_logs')
      .select(['action', 'flow_id', 'campaign_id'])
      .executeTakeFirstOrThrow();
    expect(log).toEqual({ action: 'email_unsubscribe', flow_id: flowId, campaign_id: null });
  });

  it('sends a reply template as the enquiry’s assignee onto its timeline, once', async () => {
    services = testServices(t.db, {
      email: services.email,
      jobs: recordingJobQueue(),
      config: { inboundDomain: 'in.example.com' },
    });
    const assignee = await createUser(t.db, { email: 'ava@example.com', password: 'x-password-1' });
    const reply = await t.db
      .insertInto('email_templates')
      .values({
        template_name: 'Nudge',
        template_type: 'reply',
        subject: 'Still thinking about your {{watch_brand}}?',
        preheader: 'Our offer stands',
        html_content: '<p>Hi {{first_name}}, just checking in.</p>',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contact = await t.db
      .insertInto('leads')
      .values({ email: 'sam.seller@example.com', full_name: 'Sam Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = (assigneeId: string | null) =>
      t.db
        .insertInto('enquiries')
        .values({
          lead_id: contact.id,
          watch_brand: 'Omega',
          watch_condition: 'Good',
          assignee_id: assigneeId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const assigned = await enquiry(assignee.id);
    const unassigned = await enquiry(null);
    const flowId = await liveFlow({
      name: 'Offer nudge',
      trigger: { type: 'enquiry_status', status: 'new', brands: [] },
      reentry: 'per_occurrence',
      steps: [{ id: 'nudge', type: 'send', templateId: reply.id, template: 'reply' }],
    });
    const runs = [];
    for (const e of [assigned, unassigned])
      runs.push(
        await enterFlow(t.db, { flowId, contactId: contact.id, enquiryId: e.id, occurrence: `${e.id}:new` }),
      );
    await tick();

    const messages = await t.db
      .selectFrom('enquiry_messages')
      .select(['enquiry_id', 'sent_by', 'sent_by_email', 'sent_by_flow_id', 'idempotency_key', 'subject'])
      .orderBy('sent_by_email')
      .execute();
    expect(messages).toEqual([
      {
        enquiry_id: assigned.id,
        sent_by: assignee.id,
        sent_by_email: 'ava@example.com',
        sent_by_flow_id: flowId,
        idempotency_key: `flow-step:${runs[0]}:nudge`,
        subject: 'Still thinking about your Omega?',
      },
      {
        enquiry_id: unassigned.id,
        sent_by: null,
        sent_by_email: null,
        sent_by_flow_id: flowId,
        idempotency_key: `flow-step:${runs[1]}:nudge`,
        subject: 'Still thinking about your Omega?',
      },
    ]);
    // Through the reply path: the enquiry's reply-to address, the seller's page link, the preheader.
    const queued = (services.jobs as ReturnType<typeof recordingJobQueue>).jobs;
    expect(queued.map((j) => j.name)).toEqual(['email.send', 'email.send']);
    for (const job of queued) {
      const payload = job.payload as JobPayload<'email.send'>;
      expect(payload.message.replyTo).toMatch(/^enquiry\+[\w-]+@in\.example\.com$/);
      expect(payload.message.html).toContain('Our offer stands');
      expect(payload.message.html).toContain('Open your enquiry page');
      // A retried job is the same provider request: one e-mail each.
      await runEmailSendJob(services, payload);
      await runEmailSendJob(services, payload);
    }
    expect(fake.emails.map((e) => e.idempotencyKey).sort()).toEqual(
      runs.map((run) => `flow-step:${run}:nudge`).sort(),
    );
    const step = await t.db
      .selectFrom('automation_run_steps')
      .select(['outcome', 'provider_message_id'])
      .where('run_id', '=', runs[0]!)
      .executeTakeFirstOrThrow();
    expect(step.outcome).toBe('sent_reply');
    expect(fake.emails.map((e) => e.id)).toContain(step.provider_message_id);

    const detail = await getEnquiry(t.db, assigned.id);
    expect(detail?.timeline.find((entry) => entry.kind === 'email')).toMatchObject({
      actor: 'ava@example.com',
      flow: 'Offer nudge',
    });
  });

  it('branches on human opens and clicks from the webhook; a hard bounce takes the contact out', async () => {
    await seedSubscribers(t.db, 4);
    const flowId = await liveFlow({
      steps: [
        { id: 'hello', type: 'send', templateId: first, template: 'marketing' },
        { id: 'pause', type: 'wait', days: 1, hours: 0, minutes: 0 },
        {
          id: 'opened',
          type: 'branch',
          condition: { type: 'opened_previous' },
          then: [{ id: 'again', type: 'send', templateId: second, template: 'marketing' }],
          otherwise: [{ id: 'leave', type: 'exit' }],
        },
      ],
    });
    await enterAll(flowId);
    await tick();
    const idOf = (n: number) => fake.emails.find((e) => e.to[0] === `contact-${n}@example.com`)!.id;
    const record = async (event: object) => {
      const rawBody = JSON.stringify(event);
      const parsed = parseResendEvent(JSON.parse(rawBody));
      if (!parsed.ok) throw new Error(parsed.error);
      return recordResendEvent(t.db, { providerEventId: newSvixId(), rawBody, parsed: parsed.value });
    };
    // 1 opens; 2's only open is a machine's (decision 025); 3 clicks; 4 bounces for good.
    await record(resendEmailEvent('email.opened', idOf(1)));
    await record(resendEmailEvent('email.opened', idOf(2), { data: { machine_open: true } }));
    await record(resendEmailEvent('email.clicked', idOf(3), { data: click('https://example.com/') }));
    await record(resendEmailEvent('email.bounced', idOf(4), { data: bounce('Permanent') }));

    const steps = await t.db
      .selectFrom('automation_run_steps')
      .innerJoin('automation_runs', 'automation_runs.id', 'automation_run_steps.run_id')
      .innerJoin('leads', 'leads.id', 'automation_runs.contact_id')
      .select(['leads.email', 'opened_at', 'clicked_at', 'automation_runs.state', 'leads.suppressed_at'])
      .where('step_id', '=', 'hello')
      .orderBy('leads.email')
      .execute();
    expect(steps.map((s) => [s.email, s.opened_at !== null, s.clicked_at !== null, s.state])).toEqual([
      ['contact-1@example.com', true, false, 'waiting'],
      ['contact-2@example.com', false, false, 'waiting'],
      ['contact-3@example.com', true, true, 'waiting'],
      ['contact-4@example.com', false, false, 'exited'],
    ]);
    expect(steps[3]?.suppressed_at).not.toBeNull();

    await moveClock();
    await tick();
    expect(to('How to sell').sort()).toEqual(['contact-1@example.com', 'contact-3@example.com']);
  });

  it('keeps to the weekly cap setting, counting campaign e-mail and flow e-mail together', async () => {
    await seedSubscribers(t.db, 2);
    await t.db.updateTable('settings').set({ weekly_marketing_cap: 1 }).execute();
    const campaignSentAt = new Date();
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'November', subject: 'Market update', status: 'completed' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const capped = await t.db
      .selectFrom('leads')
      .select(['id', 'email'])
      .where('email', '=', 'contact-1@example.com')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('email_sends')
      .values({
        campaign_id: campaign.id,
        lead_id: capped.id,
        recipient_email: capped.email,
        status: 'sent',
        sent_at: campaignSentAt,
        provider_message_id: 'campaign-message-1',
      })
      .execute();
    const flowId = await liveFlow();
    await enterAll(flowId);
    try {
      await tick();
    } finally {
      await t.db.updateTable('settings').set({ weekly_marketing_cap: 3 }).execute();
    }
    expect(fake.emails.flatMap((e) => e.to)).toEqual(['contact-2@example.com']);
    const held = await t.db
      .selectFrom('automation_runs')
      .select(['next_step', 'due_at'])
      .where('contact_id', '=', capped.id)
      .executeTakeFirstOrThrow();
    // Later, not never: when the campaign e-mail is a week old.
    expect(held.next_step).toBe('hello');
    expect(held.due_at.getTime()).toBeGreaterThan(campaignSentAt.getTime() + 7 * 24 * 3600_000);
  });

  it('counts towards the weekly cap only the flow e-mail that went out, not what was skipped', async () => {
    await seedSubscribers(t.db, 2);
    const [skippedContact, sentContact] = await t.db
      .selectFrom('leads')
      .select('id')
      .orderBy('email')
      .execute();
    const consent = (given: boolean) =>
      t.db
        .updateTable('leads')
        .set({ email_marketing_consent: given })
        .where('id', '=', skippedContact!.id)
        .execute();
    const effects = flowEffects(services);
    const options = { timeZone: 'Australia/Sydney', weeklyMarketingCap: 1 };
    const once = {
      steps: [{ id: 'hello', type: 'send' as const, templateId: first, template: 'marketing' as const }],
    };
    const firstRuns = await enterAll(await liveFlow({ name: 'First flow', ...once }));
    for (const run of firstRuns) await advanceRun(t.db, run, effects, { ...options, now: new Date() });
    // Consent withdrawn while the e-mail was queued: the sender skips it at its claim.
    await consent(false);
    await tick();
    await consent(true);
    expect(fake.emails.flatMap((e) => e.to)).toEqual(['contact-2@example.com']);
    const statuses = await t.db
      .selectFrom('automation_run_steps')
      .select('send_status')
      .where('run_id', 'in', firstRuns)
      .orderBy('send_status')
      .execute();
    expect(statuses.map((s) => s.send_status)).toEqual(['sent', 'skipped']);

    // The test run reads the engine's count: the skipped e-mail is not in it, the sent one is.
    await t.db.updateTable('settings').set({ weekly_marketing_cap: 1 }).execute();
    try {
      const plan = (contactId: string) =>
        testRun(
          t.db,
          {
            definition: definition({ name: 'Plan', ...once }),
            contactId,
            assumptions: { opened: false, clicked: false, enquiryStatus: null, segments: {} },
          },
          new Date(),
        );
      const skippedPlan = (await plan(skippedContact!.id))!;
      expect(skippedPlan.facts.marketingSendsThisWeek).toBe(0);
      expect(skippedPlan.lines[0]!.text).toBe('Send “Welcome 1”');
      const sentPlan = (await plan(sentContact!.id))!;
      expect(sentPlan.facts.marketingSendsThisWeek).toBe(1);
      expect(sentPlan.lines[0]!.text).toBe('Send “Welcome 1” (held: weekly cap of 1 reached)');
    } finally {
      await t.db.updateTable('settings').set({ weekly_marketing_cap: 3 }).execute();
    }

    // The engine: a second flow under a cap of 1 sends to the contact whose first e-mail was
    // skipped, and holds the one whose first e-mail went out.
    const secondRuns = await enterAll(await liveFlow({ name: 'Second flow', ...once }));
    const outcomes = [];
    for (const run of secondRuns)
      outcomes.push(await advanceRun(t.db, run, effects, { ...options, now: new Date() }));
    expect(outcomes).toEqual(['finished', 'waiting']);
  });

  it('sends nothing queued or claimed for an erased contact', async () => {
    await seedSubscribers(t.db, 3);
    const flowId = await liveFlow();
    const runs = await enterAll(flowId);
    const effects = flowEffects(services);
    for (const run of runs)
      await advanceRun(t.db, run, effects, {
        now: new Date(),
        timeZone: 'Australia/Sydney',
        weeklyMarketingCap: 3,
      });
    const sender = { from: 'Shop <shop@example.com>', replyTo: null };
    const options = { batchSize: 2, leaseMs: 5_000, sender };
    const claimed = await claimFlowBatch(t.db, options);
    // One contact of the claimed batch and the one still queued are erased before anything left.
    for (const email of ['contact-1@example.com', 'contact-3@example.com']) {
      const contact = await t.db
        .selectFrom('leads')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(
        (
          await eraseContact({ db: t.db }, uploadStorageFor(services.config), {
            id: contact.id,
            confirmation: email,
            actorEmail: 'owner@example.com',
          })
        ).status,
      ).toBe('ok');
    }
    if (claimed && claimed !== 'skipped') await deliverFlowBatch(services, claimed, options);
    await tick();
    expect(fake.emails.flatMap((e) => e.to)).toEqual(['contact-2@example.com']);
  });

  it('applies an open that arrived before the sender stored the provider’s id', async () => {
    await seedSubscribers(t.db, 1);
    const flowId = await liveFlow();
    const [run] = await enterAll(flowId);
    await advanceRun(t.db, run!, flowEffects(services), {
      now: new Date(),
      timeZone: 'Australia/Sydney',
      weeklyMarketingCap: 3,
    });
    // The provider reports the open first: stored unmatched, as no step has that id yet.
    const rawBody = JSON.stringify(resendEmailEvent('email.opened', 'early-message-id'));
    const parsed = parseResendEvent(JSON.parse(rawBody));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(
      await recordResendEvent(t.db, { providerEventId: newSvixId(), rawBody, parsed: parsed.value }),
    ).toBe('stored');
    // Then the sender confirms, applying what was stored in the same transaction.
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('automation_run_steps')
        .set({ provider_message_id: 'early-message-id', send_status: 'sent' })
        .where('run_id', '=', run!)
        .where('step_id', '=', 'hello')
        .execute();
      await applyFlowEvents(trx, ['early-message-id']);
    });
    const step = await t.db
      .selectFrom('automation_run_steps')
      .select('opened_at')
      .where('run_id', '=', run!)
      .where('step_id', '=', 'hello')
      .executeTakeFirstOrThrow();
    expect(step.opened_at).not.toBeNull();
  });

  describe('through pg-boss and a worker', () => {
    let boss: PgBoss;
    let worker: RunningWorker | null = null;
    beforeAll(async () => {
      boss = createBoss({ connectionString: t.url, max: 3, role: 'worker' });
      await boss.start();
      await ensureQueues(boss);
    });
    afterAll(async () => {
      await worker?.stop();
      await boss.stop({ graceful: false });
    });

    it('sends the first e-mail within seconds of a contact entering, woken by the run’s notification', async () => {
      services = { ...services, jobs: createJobQueue(boss) };
      worker = await startWorker(boss, services, {
        concurrency: 1,
        pollingIntervalSeconds: 0.5,
        databaseUrl: t.url,
      });
      await seedSubscribers(t.db, 1, 'seller');
      const flowId = await liveFlow();
      // Let the worker's LISTEN start (and its first nudge pass) before the contact enters.
      await sleep(1_000);
      const calls: number[] = [];
      const listener = listenForDueRuns({
        connectionString: t.url,
        logger: services.logger,
        onDue: () => Promise.resolve(calls.push(1)),
        debounceMs: 10,
      });
      await listener.ready();
      while (calls.length === 0) await sleep(20);
      const before = calls.length;
      await enterAll(flowId);
      // The trigger's notification reached a listener: the worker's (which queued the tick) and ours.
      while (calls.length === before) await sleep(20);
      await listener.close();
      while (fake.emails.length === 0) await sleep(100);
      expect(fake.emails.flatMap((e) => e.to)).toEqual(['seller-1@example.com']);
      expect(calls.length).toBeGreaterThan(before);
    });
  });
});
