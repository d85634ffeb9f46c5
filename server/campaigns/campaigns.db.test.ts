import { sql } from 'kysely';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CampaignSaveDraftInput } from '#shared/campaigns/schemas.ts';
import type { SessionUser } from '../auth/session.ts';
import type { CampaignStatus } from '../db/types.ts';
import { createBoss, createJobQueue, ensureQueues, type JobQueue } from '../jobs/queue.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, recordingJobQueue, testServices, codeOf } from '#test/support/services.ts';
import { owaspSamples } from '#test/support/xss-samples.ts';

const html = `<html><body><p>Hello {{first_name}}, here is this month's watch market update for you.</p>
<p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`;

const draft: CampaignSaveDraftInput = {
  name: 'April market update',
  subject: 'Rolex prices this month',
  htmlContent: html,
  isTestMode: false,
  testEmails: [],
};

const missingId = '00000000-0000-4000-8000-000000000000';

describe('admin.campaigns', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  let jobs: ReturnType<typeof recordingJobQueue>;
  const api = (queue: JobQueue = jobs) =>
    callerFor(testServices(t.db, { jobs: queue }), admin).admin.campaigns;

  async function insertCampaign(status: CampaignStatus, values: Record<string, unknown> = {}) {
    return t.db
      .insertInto('email_campaigns')
      .values({ name: `Campaign ${status}`, subject: 'Subject', html_content: html, status, ...values })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async function addContacts(
    rows: Array<{ consent: boolean; unsubscribed?: boolean; suppressed?: boolean }>,
  ) {
    await t.db
      .insertInto('leads')
      .values(
        rows.map((row, i) => ({
          email: `lead-${Date.now()}-${i}-${Math.random().toString(36).slice(2)}@example.com`,
          email_marketing_consent: row.consent,
          email_unsubscribed_at: row.unsubscribed ? new Date() : null,
          suppressed_at: row.suppressed ? new Date() : null,
          suppression_reason: row.suppressed ? ('hard_bounce' as const) : null,
        })),
      )
      .execute();
  }

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'campaigns-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  beforeEach(async () => {
    jobs = recordingJobQueue();
    await t.db.deleteFrom('email_campaigns').execute();
    await t.db.deleteFrom('leads').execute();
  });

  describe('save draft', () => {
    it('creates a draft, reads it back, and updates it', async () => {
      await addContacts([{ consent: true }, { consent: true }, { consent: false }]);
      const { campaign, created } = await api().saveDraft(draft);
      expect(created).toBe(true);
      expect(campaign).toMatchObject({
        name: 'April market update',
        subject: 'Rolex prices this month',
        status: 'draft',
        isTestMode: false,
        testEmails: [],
        totalRecipients: 2,
        sentCount: 0,
        openRate: null,
      });
      expect(await api().get({ id: campaign.id })).toEqual(campaign);

      const again = await api().saveDraft({
        ...draft,
        id: campaign.id,
        name: '  Renamed ',
        isTestMode: true,
        testEmails: ['qa@example.com', 'boss@example.com'],
      });
      expect(again.created).toBe(false);
      expect(again.campaign).toMatchObject({
        id: campaign.id,
        name: 'Renamed',
        isTestMode: true,
        testEmails: ['qa@example.com', 'boss@example.com'],
        totalRecipients: 2,
      });
      expect(jobs.jobs).toEqual([]);
    });

    it('says "Campaign not found" for a missing campaign', async () => {
      await expect(api().get({ id: missingId })).rejects.toThrow('Campaign not found');
      expect(await codeOf(api().saveDraft({ ...draft, id: missingId }))).toBe('NOT_FOUND');
      expect(await codeOf(api().get({ id: 'nope' }))).toBe('BAD_REQUEST');
    });

    it('refuses to edit a campaign that has started', async () => {
      for (const status of ['sending', 'paused', 'completed', 'cancelled', 'failed'] as const) {
        const row = await insertCampaign(status);
        await expect(api().saveDraft({ ...draft, id: row.id })).rejects.toThrow(
          `This campaign is ${status} and can no longer be edited`,
        );
      }
      const scheduled = await insertCampaign('scheduled', { scheduled_at: new Date(Date.now() + 3_600_000) });
      const back = await api().saveDraft({ ...draft, id: scheduled.id });
      expect(back.campaign).toMatchObject({ status: 'draft', scheduledAt: null });
    });

    it('needs name, subject and content, with the spec messages', async () => {
      await expect(api().saveDraft({ ...draft, name: ' ' })).rejects.toThrow('Campaign name is required');
      await expect(api().saveDraft({ ...draft, subject: '' })).rejects.toThrow('Subject line is required');
      await expect(api().saveDraft({ ...draft, htmlContent: ' ' })).rejects.toThrow(
        'Email content is required',
      );
      await expect(api().saveDraft({ ...draft, name: 'n'.repeat(201) })).rejects.toThrow(
        'Name must be less than 200 characters',
      );
      await expect(api().saveDraft({ ...draft, subject: 's'.repeat(151) })).rejects.toThrow(
        'Subject must be less than 150 characters',
      );
    });

    it('refuses CR/LF in the name, the subject and test e-mails', async () => {
      await expect(api().saveDraft({ ...draft, name: 'Two\nlines' })).rejects.toThrow(
        'Name cannot contain line breaks',
      );
      await expect(api().saveDraft({ ...draft, name: 'Trailing\r\n' })).rejects.toThrow(
        'Name cannot contain line breaks',
      );
      await expect(api().saveDraft({ ...draft, subject: 'Hi\r\nBcc: x@evil.example' })).rejects.toThrow(
        'Subject cannot contain line breaks',
      );
      await expect(
        api().saveDraft({ ...draft, testEmails: ['a@b.co\r\nBcc: x@evil.example'] }),
      ).rejects.toThrow('Please enter a valid email address');
      await expect(api().saveDraft({ ...draft, testEmails: ['a@b.co\n'] })).rejects.toThrow(
        'Please enter a valid email address',
      );
      await expect(
        api().sendTest({ to: 'a@b.co\nBcc: x@evil.example', name: 'n', subject: 's', htmlContent: html }),
      ).rejects.toThrow('Email cannot contain line breaks');
      expect(await t.db.selectFrom('email_campaigns').select('id').execute()).toEqual([]);
    });

    it('sanitises the HTML on save, keeping merge tags and e-mail markup', async () => {
      for (const sample of owaspSamples) {
        const input = `<html><body><table><tr><td style="padding: 8px">Hi {{first_name}}</td></tr></table><a href="{{unsubscribe_url}}">Unsubscribe</a>${sample.html}</body></html>`;
        const { campaign } = await api().saveDraft({ ...draft, htmlContent: input });
        for (const pattern of sample.mustNotContain)
          expect(campaign.htmlContent, sample.name).not.toMatch(pattern);
        expect(campaign.htmlContent, sample.name).toContain('<td style="padding:8px">Hi {{first_name}}</td>');
        expect(campaign.htmlContent, sample.name).toContain('href="{{unsubscribe_url}}"');
      }
    });
  });

  describe('list', () => {
    it('pages 10 at a time, newest first, with the total', async () => {
      const base = Date.UTC(2025, 0, 1);
      for (let i = 0; i < 23; i++) {
        await insertCampaign('draft', { name: `Campaign ${i}`, created_at: new Date(base + i * 60_000) });
      }
      const first = await api().list({});
      expect(first.totalCount).toBe(23);
      expect(first.totalPages).toBe(3);
      expect(first.campaigns).toHaveLength(10);
      expect(first.campaigns[0]?.name).toBe('Campaign 22');
      const last = await api().list({ page: 3 });
      expect(last.campaigns.map((c) => c.name)).toEqual(['Campaign 2', 'Campaign 1', 'Campaign 0']);
      expect((await api().list({ page: 4 })).campaigns).toEqual([]);
      expect(await codeOf(api().list({ page: 0 }))).toBe('BAD_REQUEST');
    });

    it('searches name or subject case-insensitively and filters by status', async () => {
      const spring = await insertCampaign('draft', { name: 'Spring SALE', subject: 'Hello' });
      const omega = await insertCampaign('sending', { name: 'Newsletter', subject: 'omega prices' });
      const percent = await insertCampaign('completed', { name: '100% sold', subject: 'Done' });
      const ids = async (input: Parameters<ReturnType<typeof api>['list']>[0]) =>
        (await api().list(input)).campaigns.map((c) => c.id);

      expect(await ids({ search: 'spring sale' })).toEqual([spring.id]);
      expect(await ids({ search: 'OMEGA' })).toEqual([omega.id]);
      expect(await ids({ search: '100%' })).toEqual([percent.id]);
      expect(await ids({ search: '%' })).toEqual([percent.id]);
      expect(await ids({ status: 'sending' })).toEqual([omega.id]);
      expect(await ids({ status: 'draft', search: 'omega' })).toEqual([]);
      expect(await ids({ status: 'all' })).toHaveLength(3);
      expect(await codeOf(api().list({ status: 'bogus' as 'draft' }))).toBe('BAD_REQUEST');
    });

    it('uses the trigram indexes for the search', async () => {
      await sql`SET enable_seqscan = off`.execute(t.db);
      const plan = await sql<{ 'QUERY PLAN': string }>`
        EXPLAIN SELECT id FROM email_campaigns WHERE name ILIKE '%market%' OR subject ILIKE '%market%'`.execute(
        t.db,
      );
      await sql`SET enable_seqscan = on`.execute(t.db);
      const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toContain('email_campaigns_name_trgm_idx');
      expect(text).toContain('email_campaigns_subject_trgm_idx');
    });
  });

  describe('duplicate', () => {
    it('makes a (Copy) draft with every counter zero, rates null and no recipients', async () => {
      const source = await insertCampaign('completed', {
        name: 'Big send',
        is_test_mode: true,
        test_emails: ['qa@example.com'],
        total_recipients: 900,
        sent_count: 900,
        delivered_count: 880,
        failed_count: 5,
        bounce_count: 15,
        open_count: 300,
        click_count: 40,
        open_rate: 34.1,
        click_rate: 4.5,
        bounce_rate: 1.7,
        started_at: new Date(),
        completed_at: new Date(),
      });
      const copy = await api().duplicate({ id: source.id });
      expect(copy).toMatchObject({
        name: 'Big send (Copy)',
        subject: source.subject,
        htmlContent: source.html_content,
        status: 'draft',
        isPaused: false,
        isTestMode: true,
        testEmails: ['qa@example.com'],
        totalRecipients: 0,
        sentCount: 0,
        deliveredCount: 0,
        failedCount: 0,
        bounceCount: 0,
        openCount: 0,
        clickCount: 0,
        openRate: null,
        clickRate: null,
        bounceRate: null,
        startedAt: null,
        completedAt: null,
        cancelledAt: null,
      });
      expect(copy.id).not.toBe(source.id);
      expect(await codeOf(api().duplicate({ id: missingId }))).toBe('NOT_FOUND');
    });
  });

  describe('status actions', () => {
    const statuses: CampaignStatus[] = [
      'draft',
      'scheduled',
      'sending',
      'completed',
      'paused',
      'failed',
      'cancelled',
    ];
    const allowed = {
      pause: ['sending'],
      resume: ['paused'],
      cancel: ['sending', 'paused'],
      delete: ['draft', 'scheduled', 'completed', 'paused', 'failed', 'cancelled'],
    } as const;

    it.each(statuses)('allows exactly the spec actions on a %s campaign', async (status) => {
      for (const action of ['pause', 'resume', 'cancel', 'delete'] as const) {
        const row = await insertCampaign(status);
        const outcome = await codeOf(api()[action]({ id: row.id }));
        const expected = (allowed[action] as readonly CampaignStatus[]).includes(status) ? 'OK' : 'CONFLICT';
        expect(`${action} ${status}: ${outcome}`).toBe(`${action} ${status}: ${expected}`);
      }
    });

    it('gives NOT_FOUND for a missing campaign', async () => {
      for (const action of ['pause', 'resume', 'cancel', 'delete', 'duplicate'] as const) {
        expect(await codeOf(api()[action]({ id: missingId }))).toBe('NOT_FOUND');
      }
    });

    it('pause sets is_paused, status paused and paused_at', async () => {
      const row = await insertCampaign('sending', { started_at: new Date() });
      const paused = await api().pause({ id: row.id });
      expect(paused).toMatchObject({ status: 'paused', isPaused: true });
      expect(paused.pausedAt).not.toBeNull();
      expect(jobs.jobs).toEqual([]);
    });

    it('resume clears the pause and enqueues campaign.send in retry mode', async () => {
      const row = await insertCampaign('paused', { is_paused: true, paused_at: new Date() });
      const resumed = await api().resume({ id: row.id });
      expect(resumed).toMatchObject({ status: 'sending', isPaused: false, pausedAt: null });
      expect(jobs.jobs).toHaveLength(1);
      expect(jobs.jobs[0]).toMatchObject({
        name: 'campaign.send',
        payload: { campaignId: row.id, retryMode: true },
      });
      expect(jobs.jobs[0]?.options.trx).toBeDefined();
    });

    it('cancel is final: is_paused, cancelled_at, queued sends cancelled, no resume', async () => {
      const row = await insertCampaign('sending');
      await t.db
        .insertInto('email_sends')
        .values([
          { campaign_id: row.id, recipient_email: 'queued@example.com', status: 'queued' },
          {
            campaign_id: row.id,
            recipient_email: 'sent@example.com',
            status: 'sent',
            provider_message_id: 'msg-1',
            sent_at: new Date(),
          },
        ])
        .execute();
      const cancelled = await api().cancel({ id: row.id });
      expect(cancelled).toMatchObject({ status: 'cancelled', isPaused: true });
      expect(cancelled.cancelledAt).not.toBeNull();
      const sends = await t.db
        .selectFrom('email_sends')
        .select(['recipient_email', 'status'])
        .where('campaign_id', '=', row.id)
        .orderBy('recipient_email')
        .execute();
      expect(sends).toEqual([
        { recipient_email: 'queued@example.com', status: 'cancelled' },
        { recipient_email: 'sent@example.com', status: 'sent' },
      ]);
      await expect(api().resume({ id: row.id })).rejects.toThrow('A cancelled campaign cannot be resumed.');
      expect(jobs.jobs).toEqual([]);
    });

    it('refuses to delete a sending campaign with a clear message, and deletes others with their sends', async () => {
      const sending = await insertCampaign('sending');
      await expect(api().delete({ id: sending.id })).rejects.toThrow(
        'A campaign that is sending cannot be deleted. Pause or cancel it first.',
      );
      const done = await insertCampaign('completed');
      await t.db
        .insertInto('email_sends')
        .values({ campaign_id: done.id, recipient_email: 'x@example.com', status: 'failed' })
        .execute();
      await api().delete({ id: done.id });
      expect(await codeOf(api().get({ id: done.id }))).toBe('NOT_FOUND');
      expect(
        await t.db.selectFrom('email_sends').where('campaign_id', '=', done.id).selectAll().execute(),
      ).toEqual([]);
    });

    it('lets only one of two concurrent actions win', async () => {
      const row = await insertCampaign('sending');
      const outcomes = await Promise.all([
        codeOf(api().pause({ id: row.id })),
        codeOf(api().cancel({ id: row.id })),
        codeOf(api().pause({ id: row.id })),
      ]);
      const final = await api().get({ id: row.id });
      // Pause then cancel is allowed (paused can be cancelled), so cancel always wins in the end,
      // and of the two pauses at most one can succeed.
      expect(outcomes[1]).toBe('OK');
      expect(final.status).toBe('cancelled');
      expect(outcomes.filter((o) => o === 'OK').length).toBeLessThanOrEqual(2);

      const other = await insertCampaign('paused');
      const [resumeA, resumeB] = await Promise.all([
        codeOf(api().resume({ id: other.id })),
        codeOf(api().resume({ id: other.id })),
      ]);
      expect([resumeA, resumeB].sort()).toEqual(['CONFLICT', 'OK']);
      expect(jobs.jobs.filter((j) => j.name === 'campaign.send')).toHaveLength(1);
    });
  });

  describe('audience', () => {
    it('counts consenting contacts that are neither unsubscribed nor suppressed', async () => {
      await addContacts([
        { consent: true },
        { consent: true },
        { consent: false },
        { consent: true, unsubscribed: true },
        { consent: true, suppressed: true },
      ]);
      expect(await api().audienceCount()).toEqual({ subscribers: 2, inactive: 0, sunsetMonths: 12 });
    });

    it('reads the schedule timezone from settings', async () => {
      expect(await api().scheduleSettings()).toEqual({ timezone: 'Australia/Sydney' });
    });
  });

  describe('send now', () => {
    it('re-validates on the server: script tags, empty audience, content rules', async () => {
      await addContacts([{ consent: true }]);
      await expect(
        api().sendNow({
          ...draft,
          htmlContent: html.replace('</body>', '<script>alert(1)</script></body>'),
        }),
      ).rejects.toThrow('Email content cannot contain <script> tags');
      await expect(api().sendNow({ ...draft, htmlContent: '<p>too short</p>' })).rejects.toThrow(
        'Email content must be at least 50 characters',
      );
      await t.db.deleteFrom('leads').execute();
      await expect(api().sendNow(draft)).rejects.toThrow('No recipients selected for this campaign');
      await expect(api().sendNow({ ...draft, isTestMode: true, testEmails: [] })).rejects.toThrow(
        'No recipients selected for this campaign',
      );
      expect(await t.db.selectFrom('email_campaigns').select('id').execute()).toEqual([]);
      expect(jobs.jobs).toEqual([]);
    });

    it('saves with status sending and started_at, and enqueues one campaign.send', async () => {
      await addContacts([{ consent: true }, { consent: true }, { consent: true }]);
      const { campaign } = await api().saveDraft(draft);
      const sent = await api().sendNow({ ...draft, id: campaign.id, subject: 'Final subject' });
      expect(sent).toMatchObject({
        id: campaign.id,
        status: 'sending',
        subject: 'Final subject',
        totalRecipients: 3,
      });
      expect(sent.startedAt).not.toBeNull();
      expect(jobs.jobs).toHaveLength(1);
      expect(jobs.jobs[0]).toMatchObject({
        name: 'campaign.send',
        payload: { campaignId: campaign.id, retryMode: false },
      });
      // A second Send Now is refused: the campaign is no longer editable.
      expect(await codeOf(api().sendNow({ ...draft, id: campaign.id }))).toBe('CONFLICT');
      expect(jobs.jobs).toHaveLength(1);
    });

    it('counts valid test addresses in test mode', async () => {
      const sent = await api().sendNow({
        ...draft,
        isTestMode: true,
        testEmails: ['a@example.com', 'b@example.com'],
      });
      expect(sent).toMatchObject({ status: 'sending', isTestMode: true, totalRecipients: 2 });
    });

    describe('with pg-boss on the test database', () => {
      let boss: PgBoss;
      let queue: JobQueue;

      beforeAll(async () => {
        boss = createBoss({ connectionString: t.url, max: 2, role: 'server' });
        await boss.start();
        await ensureQueues(boss);
        queue = createJobQueue(boss);
      }, 60_000);
      afterAll(async () => {
        await boss.stop({ graceful: false });
      });

      async function jobsFor(campaignId: string) {
        const result = await sql<{ data: { campaignId: string; retryMode: boolean } }>`
          SELECT data FROM pgboss.job WHERE name = 'campaign.send' AND data->>'campaignId' = ${campaignId}`.execute(
          t.db,
        );
        return result.rows.map((r) => r.data);
      }

      it('commits the status change and exactly one job together', async () => {
        await addContacts([{ consent: true }]);
        const sent = await api(queue).sendNow(draft);
        expect(sent.status).toBe('sending');
        expect(await jobsFor(sent.id)).toEqual([{ campaignId: sent.id, retryMode: false }]);
      });

      it('rolls both back when the transaction fails after the job was enqueued', async () => {
        await addContacts([{ consent: true }]);
        const { campaign } = await api(queue).saveDraft(draft);
        const failingAfterEnqueue: JobQueue = {
          async send(name, payload, options) {
            await queue.send(name, payload, options);
            throw new Error('boom after enqueue');
          },
        };
        await expect(api(failingAfterEnqueue).sendNow({ ...draft, id: campaign.id })).rejects.toThrow();
        expect((await api(queue).get({ id: campaign.id })).status).toBe('draft');
        expect(await jobsFor(campaign.id)).toEqual([]);
      });
    });
  });

  describe('schedule', () => {
    it('stores the wall-clock time of the settings timezone as scheduled_at', async () => {
      await addContacts([{ consent: true }]);
      const year = new Date().getUTCFullYear() + 1;
      const result = await api().schedule({ ...draft, scheduledAt: `${year}-01-15 09:30` });
      // Sydney is UTC+11 in January (daylight time).
      expect(result.campaign).toMatchObject({
        status: 'scheduled',
        scheduledAt: `${year}-01-14T22:30:00.000Z`,
      });
      expect(result.timezone).toBe('Australia/Sydney');
      expect(jobs.jobs).toEqual([]);

      await t.db.updateTable('settings').set({ timezone: 'Australia/Perth' }).execute();
      const perth = await api().schedule({
        ...draft,
        id: result.campaign.id,
        scheduledAt: `${year}-01-15T09:30`,
      });
      expect(perth.campaign.scheduledAt).toBe(`${year}-01-15T01:30:00.000Z`);
      await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
    });

    it('refuses a time in the past, a malformed one and an invalid campaign', async () => {
      await addContacts([{ consent: true }]);
      await expect(api().schedule({ ...draft, scheduledAt: '2020-01-01 09:00' })).rejects.toThrow(
        'The scheduled time must be in the future',
      );
      await expect(api().schedule({ ...draft, scheduledAt: 'tomorrow' })).rejects.toThrow(
        'Choose a date and time',
      );
      await expect(api().schedule({ ...draft, scheduledAt: '2099-02-31 09:00' })).rejects.toThrow(
        'Choose a valid date and time',
      );
      await expect(
        api().schedule({
          ...draft,
          htmlContent: `${html}<script></script>`,
          scheduledAt: '2099-01-01 09:00',
        }),
      ).rejects.toThrow('Email content cannot contain <script> tags');
    });
  });

  describe('send test', () => {
    it('sends one e-mail to the outbox with sample merge values and the footer', async () => {
      const content = `<html><body><p>Hi {{first_name}} ({{full_name}}, {{email}}), {{watch_brand}} prices are up this month.</p></body></html>`;
      expect(
        await api().sendTest({
          to: 'tester@example.com',
          name: 'n',
          subject: 'For {{first_name}}',
          htmlContent: content,
        }),
      ).toEqual({ to: 'tester@example.com', sent: ['A'] });
      const emails = await t.db
        .selectFrom('outbox_emails')
        .selectAll()
        .where(sql<boolean>`${'tester@example.com'} = ANY(to_addresses)`)
        .execute();
      expect(emails).toHaveLength(1);
      const [email] = emails;
      expect(email?.subject).toBe('For Alex');
      expect(email?.from_address).toBe('Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>');
      // A custom tag without a value shows as [name], as on the template preview, never as braces.
      expect(email?.html).toContain('Hi Alex (Alex Sample, tester@example.com), [watch_brand] prices');
      expect(email?.html).toContain('href="http://localhost:3999/unsubscribe"');
      expect(email?.html).toContain('Sterling Watch Buyers Pty Ltd');
      expect(email?.html).toContain('ABN');
      // The member who sent it, so a Marketer's outbox lists their own tests (decision 027).
      expect(email?.tags?.map((tag) => tag.name)).toEqual(['kind', 'sent_by']);
      expect(email?.tags?.[0]?.value).toBe('campaign-test');
      expect(email?.tags?.[1]?.value).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('sends both subjects of an A/B campaign, each tagged with its variant (decision 037)', async () => {
      const html = '<html><body><p>Hi {{first_name}}, {{brand}} prices are up.</p></body></html>';
      const to = 'ab.tester@example.com';
      const outbox = () =>
        t.db
          .selectFrom('outbox_emails')
          .select(['subject', 'tags'])
          .where(sql<boolean>`${to} = ANY(to_addresses)`)
          .orderBy('created_at')
          .execute();
      expect(
        await api().sendTest({
          to,
          name: 'n',
          subject: '{{brand}} prices for {{first_name}}',
          subjectB: 'What is your {{brand}} worth?',
          variant: 'both',
          htmlContent: html,
          variables: { brand: 'Omega' },
        }),
      ).toEqual({ to, sent: ['A', 'B'] });
      const both = await outbox();
      // The real subjects, merged; the variant is a tag the outbox shows.
      const variantOf = (e: (typeof both)[number]) => e.tags?.find((tag) => tag.name === 'ab_variant')?.value;
      expect(both.map((e) => [variantOf(e), e.subject]).sort()).toEqual([
        ['A', 'Omega prices for Alex'],
        ['B', 'What is your Omega worth?'],
      ]);

      // Subject B alone; a test of B without subject B is a 400 from the shared schema.
      await api().sendTest({
        to,
        name: 'n',
        subject: 'A',
        subjectB: 'Only B',
        variant: 'B',
        htmlContent: html,
      });
      expect((await outbox()).map((e) => e.subject).sort()).toEqual([
        'Omega prices for Alex',
        'Only B',
        'What is your Omega worth?',
      ]);
      expect(
        await codeOf(api().sendTest({ to, name: 'n', subject: 'A', variant: 'both', htmlContent: html })),
      ).toBe('BAD_REQUEST');
      expect(await outbox()).toHaveLength(3);
    });

    it('refuses an address on the suppression list, naming it, erased or listed', async () => {
      await sql`
        INSERT INTO email_suppressions (email, email_hash, reason)
        VALUES ('listed.test@example.org', email_hash('listed.test@example.org'), 'complaint'),
               (NULL, email_hash('erased.test@example.org'), 'erased')`.execute(t.db);
      for (const to of ['Listed.Test@example.org', 'erased.test@example.org']) {
        const attempt = api().sendTest({ to, name: 'n', subject: 's', htmlContent: html });
        await expect(attempt).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          message: `${to} is on the suppression list, so no e-mail is sent to it, not even a test.`,
        });
      }
      const sent = await t.db
        .selectFrom('outbox_emails')
        .select('id')
        .where(sql<boolean>`EXISTS (SELECT 1 FROM unnest(to_addresses) a WHERE a ILIKE '%.test@example.org')`)
        .execute();
      expect(sent).toEqual([]);
    });

    it("fills the campaign's custom tags with its values, in the subject and the HTML", async () => {
      await api().sendTest({
        to: 'values@example.com',
        name: 'n',
        subject: 'Your {{watch_brand}}, {{first_name}}',
        htmlContent: `<html><body><p>{{first_name}}, your {{watch_brand}} could be worth more.</p><a href="{{valuation_url}}">Value it</a></body></html>`,
        variables: { watch_brand: 'Omega', valuation_url: 'https://example.com/sell' },
      });
      const email = await t.db
        .selectFrom('outbox_emails')
        .selectAll()
        .where(sql<boolean>`${'values@example.com'} = ANY(to_addresses)`)
        .executeTakeFirstOrThrow();
      expect(email.subject).toBe('Your Omega, Alex');
      expect(email.html).toContain('<p>Alex, your Omega could be worth more.</p>');
      expect(email.html).toContain('<a href="https://example.com/sell">Value it</a>');
      expect(email.html).not.toContain('{{');
    });

    it('uses the sender from settings and keeps the HTML own unsubscribe link, adding only the identity', async () => {
      await t.db
        .updateTable('settings')
        .set({
          from_name: 'Sterling "Desk"',
          from_email: 'desk@example.com',
          reply_to_email: 'reply@example.com',
        })
        .execute();
      await api().sendTest({ to: 'own-link@example.com', name: 'n', subject: 's', htmlContent: html });
      const email = await t.db
        .selectFrom('outbox_emails')
        .selectAll()
        .where(sql<boolean>`${'own-link@example.com'} = ANY(to_addresses)`)
        .executeTakeFirstOrThrow();
      expect(email.from_address).toBe('"Sterling Desk" <desk@example.com>');
      expect(email.reply_to).toBe('reply@example.com');
      expect(email.html).toContain('<a href="http://localhost:3999/unsubscribe">Unsubscribe</a>');
      // The identity is in every marketing e-mail (decision 004), the unsubscribe link only once.
      expect(email.html).toContain('ABN');
      expect(email.html?.match(/>Unsubscribe<\/a>/g)).toHaveLength(1);
      await t.db
        .updateTable('settings')
        .set({ from_name: null, from_email: null, reply_to_email: null })
        .execute();
    });

    it('refuses a script and needs name, subject and content', async () => {
      await expect(
        api().sendTest({ to: 'a@example.com', name: 'n', subject: 's', htmlContent: '<script>x</script>' }),
      ).rejects.toThrow('Email content cannot contain <script> tags');
      await expect(
        api().sendTest({ to: 'a@example.com', name: '', subject: 's', htmlContent: html }),
      ).rejects.toThrow('Campaign name is required');
      await expect(api().sendTest({ to: '', name: 'n', subject: 's', htmlContent: html })).rejects.toThrow(
        'Please enter a test email address',
      );
    });
  });

  describe('sends', () => {
    it('lists a campaign sends with a status filter, paged, newest first', async () => {
      const row = await insertCampaign('sending');
      const now = Date.now();
      await t.db
        .insertInto('email_sends')
        .values([
          ...Array.from({ length: 21 }, (_, i) => ({
            campaign_id: row.id,
            recipient_email: `d${i}@example.com`,
            status: 'delivered' as const,
            provider_message_id: `m-${i}`,
            sent_at: new Date(now - i * 1000),
          })),
          {
            campaign_id: row.id,
            recipient_email: 'b@example.com',
            status: 'bounced',
            provider_message_id: 'm-b',
          },
          { campaign_id: row.id, recipient_email: 'f@example.com', status: 'failed', error: 'rejected' },
        ])
        .execute();
      const all = await api().sends({ id: row.id });
      expect(all.totalCount).toBe(23);
      expect(all.totalPages).toBe(2);
      expect(all.sends).toHaveLength(20);
      expect(all.sends[0]).toMatchObject({ recipientEmail: 'd0@example.com', status: 'delivered' });
      const delivered = await api().sends({ id: row.id, status: 'delivered', page: 2 });
      expect(delivered.sends.map((s) => s.recipientEmail)).toEqual(['d20@example.com']);
      expect(
        (await api().sends({ id: row.id, status: 'bounced' })).sends.map((s) => s.recipientEmail),
      ).toEqual(['b@example.com']);
      expect((await api().sends({ id: row.id, status: 'failed' })).sends[0]).toMatchObject({
        error: 'rejected',
      });
      expect(await codeOf(api().sends({ id: missingId }))).toBe('NOT_FOUND');
    });
  });

  describe('a campaign completed with failures', () => {
    it('reads as such in the list and gives the failure reasons, most frequent first', async () => {
      // Three recipients, none sent: two refused by the provider with one reason, one with another.
      const row = await insertCampaign('completed', {
        name: 'All failed',
        total_recipients: 3,
        sent_count: 0,
        failed_count: 3,
        completed_at: new Date(),
      });
      await t.db
        .insertInto('email_sends')
        .values([
          {
            campaign_id: row.id,
            recipient_email: 'a@example.com',
            status: 'failed',
            error: 'Domain not verified',
          },
          {
            campaign_id: row.id,
            recipient_email: 'b@example.com',
            status: 'failed',
            error: 'Domain not verified',
          },
          { campaign_id: row.id, recipient_email: 'c@example.com', status: 'failed', error: null },
        ])
        .execute();
      const listed = (await api().list({ page: 1, search: 'All failed', status: 'completed' })).campaigns;
      expect(listed.map((c) => [c.name, c.status, c.failedCount])).toEqual([['All failed', 'completed', 3]]);
      expect(await api().failureReasons({ id: row.id })).toEqual([
        { reason: 'Domain not verified', count: 2 },
        { reason: 'No reason recorded', count: 1 },
      ]);
      const clean = await insertCampaign('completed', {
        name: 'All sent',
        total_recipients: 1,
        sent_count: 1,
      });
      expect(await api().failureReasons({ id: clean.id })).toEqual([]);
      expect(await codeOf(api().failureReasons({ id: missingId }))).toBe('NOT_FOUND');
    });
  });
});
