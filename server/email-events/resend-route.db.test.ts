import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_CHANGED_CHANNEL } from '../db/campaign-changed.ts';
import { type AppServer, createServer } from '../app.ts';
import type { SessionUser } from '../auth/session.ts';
import { countSubscribedContacts } from '../campaigns/audience.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { statementCounter } from '#test/support/statement-counter.ts';
import {
  bounce,
  click,
  newSvixId,
  newWebhookSecret,
  resendEmailEvent,
  type SendFixture,
  seedSentCampaign,
  svixHeaders,
} from '#test/support/resend-webhooks.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import { RESEND_WEBHOOK_PATH, WEBHOOK_BODY_LIMIT } from './resend-route.ts';

const SECRET = newWebhookSecret();
const MINUTE = 60_000;

describe('POST /api/webhooks/resend', () => {
  const t = useTestDatabase();
  let server: AppServer;
  let unconfigured: AppServer;
  let admin: SessionUser;
  const counter = statementCounter();

  beforeAll(async () => {
    const db = t.db.withPlugin(counter);
    server = await createServer({
      services: testServices(db, { config: { resendWebhookSecret: SECRET } }),
      clientDir: null,
      logLevel: 'silent',
    });
    unconfigured = await createServer({ services: testServices(db), clientDir: null, logLevel: 'silent' });
    const user = await t.db
      .insertInto('users')
      .values({ email: 'webhook-admin@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    admin = { id: user.id, email: user.email, role: 'owner' };
  });
  afterAll(async () => {
    await server.stop();
    await unconfigured.stop();
  });

  function post(
    body: string,
    headers: Record<string, string> = svixHeaders(SECRET, body),
    app: AppServer = server,
  ) {
    return app.app.inject({
      method: 'POST',
      url: RESEND_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'user-agent': 'Svix-Webhooks/1.76', ...headers },
      payload: body,
    });
  }

  /** One event through the real route, signed as Resend signs it. */
  async function deliver(event: object, id = newSvixId()) {
    const body = JSON.stringify(event);
    const res = await post(body, svixHeaders(SECRET, body, { id }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ received: boolean; outcome: string }>();
  }

  const sendRow = (id: string) =>
    t.db.selectFrom('email_sends').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const campaignRow = (id: string) =>
    t.db.selectFrom('email_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const contactRow = (id: string) =>
    t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const eventCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('email_events')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('verification', () => {
    let send: SendFixture;
    let body: string;
    beforeAll(async () => {
      [send] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      body = JSON.stringify(resendEmailEvent('email.delivered', send.providerMessageId));
    });

    async function expectRefused(
      res: Awaited<ReturnType<typeof post>>,
      status: number,
      before: { events: number; queries: number },
    ) {
      expect(res.statusCode, res.body).toBe(status);
      expect(counter.count).toBe(before.queries);
      expect(await eventCount()).toBe(before.events);
      expect((await sendRow(send.sendId)).status).toBe('sent');
    }

    const snapshot = async () => {
      const events = await eventCount();
      return { events, queries: counter.count };
    };

    it('refuses a tampered body (401) without touching the database', async () => {
      const before = await snapshot();
      const headers = svixHeaders(SECRET, body);
      await expectRefused(await post(body.replace('email.delivered', 'email.bounced'), headers), 401, before);
    });

    it('refuses a signature made with another secret (401)', async () => {
      const before = await snapshot();
      await expectRefused(await post(body, svixHeaders(newWebhookSecret(), body)), 401, before);
    });

    it.each([
      ['6 minutes old', -6 * MINUTE],
      ['6 minutes ahead', 6 * MINUTE],
    ])('refuses a validly signed request %s (400)', async (_label, offset) => {
      const before = await snapshot();
      const res = await post(body, svixHeaders(SECRET, body, { at: new Date(Date.now() + offset) }));
      await expectRefused(res, 400, before);
      expect(res.json<{ error: string }>().error).toMatch(/timestamp/i);
    });

    it('accepts a timestamp 4 minutes off (inside the 5-minute tolerance)', async () => {
      const other = JSON.stringify(resendEmailEvent('email.sent', send.providerMessageId));
      const res = await post(other, svixHeaders(SECRET, other, { at: new Date(Date.now() - 4 * MINUTE) }));
      expect(res.statusCode).toBe(200);
    });

    it('refuses a stale timestamp with a bad signature as unsigned (401), revealing nothing', async () => {
      const before = await snapshot();
      const headers = svixHeaders(newWebhookSecret(), body, { at: new Date(Date.now() - 60 * MINUTE) });
      await expectRefused(await post(body, headers), 401, before);
    });

    it.each(['svix-id', 'svix-timestamp', 'svix-signature'])(
      'refuses a request without %s (401)',
      async (name) => {
        const before = await snapshot();
        const headers = svixHeaders(SECRET, body);
        delete headers[name];
        await expectRefused(await post(body, headers), 401, before);
      },
    );

    it('refuses a request with no Svix headers at all, or a non-numeric timestamp (401)', async () => {
      const before = await snapshot();
      await expectRefused(await post(body, {}), 401, before);
      await expectRefused(
        await post(body, { ...svixHeaders(SECRET, body), 'svix-timestamp': 'soon' }),
        401,
        before,
      );
    });

    it('answers 400 to validly signed malformed JSON, or JSON that is not a Resend event', async () => {
      const before = await snapshot();
      const broken = '{"type": "email.delivered", "data": ';
      await expectRefused(await post(broken, svixHeaders(SECRET, broken)), 400, before);
      const notAnEvent = JSON.stringify({ hello: 'world' });
      await expectRefused(await post(notAnEvent, svixHeaders(SECRET, notAnEvent)), 400, before);
      const noEmailId = JSON.stringify({
        type: 'email.delivered',
        created_at: new Date().toISOString(),
        data: {},
      });
      await expectRefused(await post(noEmailId, svixHeaders(SECRET, noEmailId)), 400, before);
    });

    it('answers 400 for good to a signed event whose strings PostgreSQL cannot store', async () => {
      // Decision 015: \u0000 in email_id once answered 500 (SQLSTATE 22021), retried forever.
      const before = await snapshot();
      for (const emailId of ['\u0000', `${send.providerMessageId}\u0000`, '\ud800']) {
        const hostile = JSON.stringify(resendEmailEvent('email.delivered', emailId));
        await expectRefused(await post(hostile, svixHeaders(SECRET, hostile)), 400, before);
      }
      const nulInBounce = JSON.stringify(
        resendEmailEvent('email.bounced', send.providerMessageId, {
          data: bounce('Permanent', 'Mailbox \u0000 gone'),
        }),
      );
      await expectRefused(await post(nulInBounce, svixHeaders(SECRET, nulInBounce)), 400, before);
    });

    it('answers 503 without touching the database when RESEND_WEBHOOK_SECRET is unset', async () => {
      const before = await snapshot();
      const res = await post(body, svixHeaders(SECRET, body), unconfigured);
      await expectRefused(res, 503, before);
      expect(res.json<{ error: string }>().error).toMatch(/RESEND_WEBHOOK_SECRET/);
    });

    it('needs no session and no CSRF header, and refuses bodies over the limit (413)', async () => {
      const big = JSON.stringify(
        resendEmailEvent('email.delivered', send.providerMessageId, {
          data: { pad: 'x'.repeat(WEBHOOK_BODY_LIMIT) },
        }),
      );
      const before = await snapshot();
      await expectRefused(await post(big, svixHeaders(SECRET, big)), 413, before);
    });

    it('answers 500 when the event cannot be stored, so the provider retries', async () => {
      const failing = t.db.withPlugin({
        transformQuery() {
          throw new Error('connection terminated');
        },
        transformResult<R>(args: { result: R }): Promise<R> {
          return Promise.resolve(args.result);
        },
      });
      const down = await createServer({
        services: testServices(failing, { config: { resendWebhookSecret: SECRET } }),
        clientDir: null,
        logLevel: 'silent',
      });
      try {
        const res = await post(body, svixHeaders(SECRET, body), down);
        expect(res.statusCode).toBe(500);
      } finally {
        await down.stop();
      }
    });

    it('accepts the Standard Webhooks header names (webhook-id, -timestamp, -signature)', async () => {
      const other = JSON.stringify(resendEmailEvent('email.delivery_delayed', send.providerMessageId));
      const headers = svixHeaders(SECRET, other);
      const res = await post(other, {
        'webhook-id': headers['svix-id'] ?? '',
        'webhook-timestamp': headers['svix-timestamp'] ?? '',
        'webhook-signature': headers['svix-signature'] ?? '',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await sendRow(send.sendId)).status).toBe('delivery_delayed');
    });
  });

  describe('each event type', () => {
    it('email.sent and email.delivery_delayed move the status forward only', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      await t.db.updateTable('email_sends').set({ status: 'sending' }).where('id', '=', a.sendId).execute();
      await deliver(resendEmailEvent('email.sent', a.providerMessageId));
      expect((await sendRow(a.sendId)).status).toBe('sent');
      await deliver(resendEmailEvent('email.delivery_delayed', a.providerMessageId));
      expect((await sendRow(a.sendId)).status).toBe('delivery_delayed');
      await deliver(resendEmailEvent('email.sent', a.providerMessageId));
      expect((await sendRow(a.sendId)).status).toBe('delivery_delayed');
    });

    it('delivered, opened and clicked set their timestamps once and the unique counters and rates', async () => {
      const sends = await seedSentCampaign(t.db, 4);
      const [a, b, c, d] = sends as [SendFixture, SendFixture, SendFixture, SendFixture];
      const t0 = new Date(Date.now() - 30 * MINUTE);
      const later = (minutes: number) => new Date(t0.getTime() + minutes * MINUTE);

      for (const s of sends)
        expect(
          (await deliver(resendEmailEvent('email.delivered', s.providerMessageId, { createdAt: t0 })))
            .outcome,
        ).toBe('applied');
      let campaign = await campaignRow(a.campaignId);
      expect(campaign).toMatchObject({ delivered_count: 4, open_count: 0, open_rate: 0, click_rate: 0 });
      expect((await sendRow(a.sendId)).delivered_at?.toISOString()).toBe(t0.toISOString());
      expect((await sendRow(a.sendId)).status).toBe('delivered');

      await deliver(resendEmailEvent('email.opened', a.providerMessageId, { createdAt: later(1) }));
      await deliver(resendEmailEvent('email.opened', a.providerMessageId, { createdAt: later(5) }));
      await deliver(resendEmailEvent('email.opened', b.providerMessageId, { createdAt: later(2) }));
      const link = 'https://sterlingwatchbuyers.com.au/sell-rolex-watch?utm_source=newsletter';
      await deliver(resendEmailEvent('email.clicked', a.providerMessageId, { data: click(link, later(3)) }));
      await deliver(resendEmailEvent('email.clicked', a.providerMessageId, { data: click(link, later(4)) }));

      campaign = await campaignRow(a.campaignId);
      expect(campaign).toMatchObject({ delivered_count: 4, open_count: 2, click_count: 1 });
      expect(campaign.open_rate).toBeCloseTo(50);
      expect(campaign.click_rate).toBeCloseTo(25);
      const rowA = await sendRow(a.sendId);
      expect(rowA.opened_at?.toISOString()).toBe(later(1).toISOString());
      expect(rowA.clicked_at?.toISOString()).toBe(later(3).toISOString());
      expect(rowA.status).toBe('delivered');
      // Every open and click is still kept as an event.
      const events = await t.db
        .selectFrom('email_events')
        .selectAll()
        .where('send_id', '=', a.sendId)
        .execute();
      expect(events.map((e) => e.type).sort()).toEqual([
        'email.clicked',
        'email.clicked',
        'email.delivered',
        'email.opened',
        'email.opened',
      ]);

      // A click before any open or delivered event still counts the open and the delivery.
      await deliver(resendEmailEvent('email.clicked', c.providerMessageId, { data: click(link, later(6)) }));
      campaign = await campaignRow(a.campaignId);
      expect(campaign).toMatchObject({ delivered_count: 4, open_count: 3, click_count: 2 });
      expect((await sendRow(c.sendId)).opened_at?.toISOString()).toBe(later(6).toISOString());
      expect((await sendRow(d.sendId)).opened_at).toBeNull();
    });

    it('email.bounced keeps the type and message, counts the bounce and the rate over sent', async () => {
      const [a, b] = (await seedSentCampaign(t.db, 2)) as [SendFixture, SendFixture];
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Transient') }));
      const row = await sendRow(a.sendId);
      expect(row).toMatchObject({
        status: 'bounced',
        bounce_type: 'Transient',
        bounce_message: 'The recipient mailbox is full.',
      });
      expect(row.bounced_at).not.toBeNull();
      let campaign = await campaignRow(a.campaignId);
      expect(campaign).toMatchObject({ bounce_count: 1, delivered_count: 0, open_rate: null });
      expect(campaign.bounce_rate).toBeCloseTo(50);
      await deliver(resendEmailEvent('email.delivered', b.providerMessageId));
      campaign = await campaignRow(a.campaignId);
      expect(campaign).toMatchObject({ bounce_count: 1, delivered_count: 1, open_rate: 0 });
    });

    it('email.complained, email.failed and email.suppressed set their status, timestamps and counters', async () => {
      const [a, b, c] = (await seedSentCampaign(t.db, 3)) as [SendFixture, SendFixture, SendFixture];
      await deliver(resendEmailEvent('email.delivered', a.providerMessageId));
      await deliver(resendEmailEvent('email.complained', a.providerMessageId));
      await deliver(
        resendEmailEvent('email.failed', b.providerMessageId, {
          data: { failed: { reason: 'reached_daily_quota' } },
        }),
      );
      await deliver(
        resendEmailEvent('email.suppressed', c.providerMessageId, {
          data: {
            suppressed: {
              message: 'This address is on the suppression list.',
              type: 'OnAccountSuppressionList',
            },
          },
        }),
      );
      expect(await sendRow(a.sendId)).toMatchObject({ status: 'complained' });
      expect((await sendRow(a.sendId)).complained_at).not.toBeNull();
      expect(await sendRow(b.sendId)).toMatchObject({ status: 'failed', error: 'reached_daily_quota' });
      expect(await sendRow(c.sendId)).toMatchObject({
        status: 'failed',
        error: 'Suppressed by Resend: This address is on the suppression list.',
      });
      expect(await campaignRow(a.campaignId)).toMatchObject({
        delivered_count: 1,
        complaint_count: 1,
        failed_count: 2,
        bounce_count: 0,
      });
      // A provider suppression stops our campaigns too: Resend would refuse every later send.
      expect(await contactRow(c.contactId)).toMatchObject({ suppression_reason: 'hard_bounce' });
    });

    it('stores an event for an unknown message id, or of an unknown type, and changes nothing', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const before = await campaignRow(a.campaignId);
      expect(
        (await deliver(resendEmailEvent('email.delivered', 'b1a9c5e4-0000-4000-8000-unknown'))).outcome,
      ).toBe('stored');
      expect(
        (
          await deliver({
            type: 'contact.created',
            created_at: new Date().toISOString(),
            data: { id: 'e169aa45-1ecf-4183-9955-b1499d5701d3', email: 'someone@example.com' },
          })
        ).outcome,
      ).toBe('stored');
      expect((await deliver(resendEmailEvent('email.scheduled', a.providerMessageId))).outcome).toBe(
        'stored',
      );
      expect(await campaignRow(a.campaignId)).toEqual(before);
      expect((await sendRow(a.sendId)).status).toBe('sent');
      const stored = await t.db
        .selectFrom('email_events')
        .select(['type', 'send_id', 'provider_message_id'])
        .where('type', 'in', ['contact.created', 'email.scheduled'])
        .execute();
      expect(stored).toHaveLength(2);
      expect(stored.find((e) => e.type === 'email.scheduled')?.send_id).toBe(a.sendId);
    });
  });

  describe('idempotency and ordering', () => {
    it('the same event delivered 3 times is stored once and counted once', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const body = JSON.stringify(resendEmailEvent('email.opened', a.providerMessageId));
      const id = newSvixId();
      const outcomes: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        // The provider re-signs each retry (new timestamp), with the same svix-id.
        const res = await post(body, svixHeaders(SECRET, body, { id, at: new Date(Date.now() - i * 1000) }));
        expect(res.statusCode).toBe(200);
        outcomes.push(res.json<{ outcome: string }>().outcome);
        expect(await campaignRow(a.campaignId)).toMatchObject({ open_count: 1, delivered_count: 1 });
      }
      expect(outcomes).toEqual(['applied', 'duplicate', 'duplicate']);
      const rows = await t.db
        .selectFrom('email_events')
        .select('id')
        .where('provider_event_id', '=', id)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('a late delivered never overwrites a bounce', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const t0 = Date.now() - 10 * MINUTE;
      await deliver(
        resendEmailEvent('email.bounced', a.providerMessageId, {
          data: bounce('Permanent'),
          createdAt: new Date(t0 + MINUTE),
        }),
      );
      await deliver(resendEmailEvent('email.delivered', a.providerMessageId, { createdAt: new Date(t0) }));
      const row = await sendRow(a.sendId);
      expect(row.status).toBe('bounced');
      expect(row.bounce_type).toBe('Permanent');
    });
  });

  describe('suppression', () => {
    it('a Permanent bounce suppresses the contact, which the next campaign skips and the contact page shows', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const audienceBefore = await countSubscribedContacts(t.db);
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Permanent') }));
      const lead = await contactRow(a.contactId);
      expect(lead.suppressed_at).not.toBeNull();
      expect(lead.suppression_reason).toBe('hard_bounce');
      expect(lead.email_unsubscribed_at).toBeNull();
      expect(await countSubscribedContacts(t.db)).toBe(audienceBefore - 1);
      const saveDraft = await callerFor(testServices(t.db), admin).admin.campaigns.saveDraft({
        name: 'Next month',
        subject: 'Next month',
        htmlContent: '<p>Hello</p>',
        isTestMode: false,
        testEmails: [],
      });
      expect(saveDraft.campaign.totalRecipients).toBe(audienceBefore - 1);
      const contact = await callerFor(testServices(t.db), admin).admin.contacts.get({ id: a.contactId });
      expect(contact).toMatchObject({ suppressionReason: 'hard_bounce' });
      expect(contact.suppressedAt).not.toBeNull();
    });

    it.each(['Transient', 'Undetermined'] as const)('a %s bounce does not suppress', async (type) => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const audienceBefore = await countSubscribedContacts(t.db);
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce(type) }));
      expect((await sendRow(a.sendId)).status).toBe('bounced');
      expect((await contactRow(a.contactId)).suppressed_at).toBeNull();
      expect(await countSubscribedContacts(t.db)).toBe(audienceBefore);
    });

    it('a Permanent bounce after a Transient one still suppresses', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Transient') }));
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Permanent') }));
      expect((await contactRow(a.contactId)).suppression_reason).toBe('hard_bounce');
      expect((await sendRow(a.sendId)).bounce_type).toBe('Transient');
      expect((await campaignRow(a.campaignId)).bounce_count).toBe(1);
    });

    it('a complaint suppresses, unsubscribes from e-mail marketing and logs it once', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      const audienceBefore = await countSubscribedContacts(t.db);
      const complaint = resendEmailEvent('email.complained', a.providerMessageId);
      await deliver(complaint);
      await deliver({ ...complaint, created_at: new Date().toISOString() }); // a second report
      const lead = await contactRow(a.contactId);
      expect(lead).toMatchObject({
        suppression_reason: 'complaint',
        email_marketing_consent: false,
        unsubscribe_reason: 'complaint',
      });
      expect(lead.suppressed_at).not.toBeNull();
      expect(lead.email_unsubscribed_at).not.toBeNull();
      const logs = await t.db
        .selectFrom('unsubscribe_logs')
        .selectAll()
        .where('lead_id', '=', a.contactId)
        .execute();
      expect(logs).toEqual([
        expect.objectContaining({
          email: a.email,
          action: 'email_unsubscribe',
          method: 'manual',
          reason: 'complaint',
          campaign_id: a.campaignId,
        }),
      ]);
      expect(await countSubscribedContacts(t.db)).toBe(audienceBefore - 1);
      const contact = await callerFor(testServices(t.db), admin).admin.contacts.get({ id: a.contactId });
      expect(contact).toMatchObject({
        suppressionReason: 'complaint',
        emailMarketingConsent: false,
        unsubscribeReason: 'complaint',
      });
    });

    it('a complaint after a hard bounce records the complaint as the reason', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Permanent') }));
      const suppressedAt = (await contactRow(a.contactId)).suppressed_at;
      await deliver(resendEmailEvent('email.complained', a.providerMessageId));
      const contact = await contactRow(a.contactId);
      expect(contact.suppression_reason).toBe('complaint');
      expect(contact.suppressed_at).toEqual(suppressedAt);
    });

    it('finds the contact by address (any case) when the send has no contact link', async () => {
      const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      await t.db
        .updateTable('email_sends')
        .set({ lead_id: null, recipient_email: a.email.toUpperCase() })
        .where('id', '=', a.sendId)
        .execute();
      await deliver(resendEmailEvent('email.bounced', a.providerMessageId, { data: bounce('Permanent') }));
      expect((await contactRow(a.contactId)).suppression_reason).toBe('hard_bounce');
    });
  });

  it('feeds the dashboard: average open rate, bounce rate and the daily opens chart', async () => {
    const api = callerFor(testServices(t.db), admin).admin.dashboard;
    const before = await api.dailyActivity();
    const opensBefore = before.days.reduce((n, d) => n + d.opened, 0);
    const [a, b] = (await seedSentCampaign(t.db, 2)) as [SendFixture, SendFixture];
    await deliver(resendEmailEvent('email.opened', a.providerMessageId));
    await deliver(resendEmailEvent('email.bounced', b.providerMessageId, { data: bounce('Transient') }));
    const after = await api.dailyActivity();
    expect(after.days.reduce((n, d) => n + d.opened, 0)).toBe(opensBefore + 1);
    const stats = await api.stats();
    expect(stats.avgOpenRate).not.toBeNull();
    expect(stats.bounceRate).not.toBeNull();
  });

  it('notifies the campaign channel when a send changes, not for a duplicate or a no-op', async () => {
    const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
    const listener = new pg.Client({ connectionString: t.url });
    await listener.connect();
    const received: string[] = [];
    listener.on('notification', (n) => {
      if (n.channel === CAMPAIGN_CHANGED_CHANNEL && n.payload) received.push(n.payload);
    });
    await listener.query(`LISTEN ${CAMPAIGN_CHANGED_CHANNEL}`);
    try {
      const id = newSvixId();
      const delivered = resendEmailEvent('email.delivered', a.providerMessageId);
      await deliver(delivered, id);
      await deliver(delivered, id); // duplicate
      await deliver(resendEmailEvent('email.sent', a.providerMessageId)); // changes nothing
      await deliver(resendEmailEvent('email.opened', a.providerMessageId));
      // A round trip on the listener's connection delivers anything already sent to it.
      await listener.query('SELECT 1');
      expect(received).toEqual([a.campaignId, a.campaignId]);
    } finally {
      await listener.end();
    }
  });

  it('admin.campaigns.sendEvents lists a send’s events, newest first, with bounce message and clicked link', async () => {
    const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
    const t0 = Date.now() - 20 * MINUTE;
    const link = 'https://sterlingwatchbuyers.com.au/sell-watch-sydney';
    await deliver(resendEmailEvent('email.delivered', a.providerMessageId, { createdAt: new Date(t0) }));
    await deliver(
      resendEmailEvent('email.clicked', a.providerMessageId, { data: click(link, new Date(t0 + MINUTE)) }),
    );
    await deliver(
      resendEmailEvent('email.bounced', a.providerMessageId, {
        data: bounce('Permanent', 'Mailbox does not exist'),
        createdAt: new Date(t0 + 2 * MINUTE),
      }),
    );
    const api = callerFor(testServices(t.db), admin).admin.campaigns;
    const all = await api.sendEvents({ sendId: a.sendId });
    const events = all.filter((e) => !e.fromSendRecord);
    expect(events.map((e) => e.type)).toEqual(['email.bounced', 'email.clicked', 'email.delivered']);
    // Steps with no provider event of their own (the send, the open a click implies) come from
    // the send's record, flagged as such.
    expect(
      all
        .filter((e) => e.fromSendRecord)
        .map((e) => e.type)
        .sort(),
    ).toEqual(['email.opened', 'email.sent']);
    expect(events[0]).toMatchObject({
      bounceType: 'Permanent',
      bounceSubType: 'General',
      bounceMessage: 'Mailbox does not exist',
      occurredAt: new Date(t0 + 2 * MINUTE).toISOString(),
    });
    expect(events[1]).toMatchObject({ clickedLink: link, bounceMessage: null });
    expect(await api.sendEvents({ sendId: '00000000-0000-4000-8000-000000000000' })).toEqual([]);
  });

  it('admin.campaigns.sendEvents shows the opens and clicks a send records even without provider events', async () => {
    // A regression: the row showed open and click times while the expanded row said "No events yet".
    const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
    const opened = new Date(Date.now() - 10 * MINUTE);
    const clicked = new Date(Date.now() - 9 * MINUTE);
    await t.db
      .updateTable('email_sends')
      .set({
        sent_at: new Date(Date.now() - 12 * MINUTE),
        delivered_at: new Date(Date.now() - 11 * MINUTE),
        opened_at: opened,
        clicked_at: clicked,
      })
      .where('id', '=', a.sendId)
      .execute();
    const events = await callerFor(testServices(t.db), admin).admin.campaigns.sendEvents({
      sendId: a.sendId,
    });
    expect(events.slice(0, 3)).toMatchObject([
      { type: 'email.clicked', occurredAt: clicked.toISOString(), fromSendRecord: true },
      { type: 'email.opened', occurredAt: opened.toISOString(), fromSendRecord: true },
      { type: 'email.delivered', fromSendRecord: true },
    ]);
  });
});
