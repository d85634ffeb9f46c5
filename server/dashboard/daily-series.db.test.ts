import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { bounce, click, resendEmailEvent, seedSentCampaign } from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';
import { createMigrator, migrateToLatest } from '../db/migrator.ts';
import { dailyActivity } from './dashboard.ts';

// The dashboard's 30-day series: delivered, opens, clicks, bounces and unsubscribes per
// local day, from provider events fed through the signed webhook route and counted by the
// email_sends triggers (migrations 20261121050000 and 20261125121000).

describe("the dashboard's daily series from webhook events", () => {
  const t = useTestDatabase();
  const hook = useWebhookServer(t);
  beforeAll(async () => {
    await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  });

  it('counts each event on the local day it happened, by hand-computed fixtures', async () => {
    const sends = await seedSentCampaign(t.db, 4);
    const [a, b, c, d] = sends;
    if (!a || !b || !c || !d) throw new Error('four sends');
    // Sent 09:00 on 20 November in Sydney (UTC+11).
    await t.db
      .updateTable('email_sends')
      .set({ sent_at: new Date('2026-11-19T22:00:00Z') })
      .where('campaign_id', '=', a.campaignId)
      .execute();
    const event = (
      type: string,
      send: { providerMessageId: string },
      at: string,
      data?: Record<string, unknown>,
    ) =>
      hook.deliver(
        resendEmailEvent(type, send.providerMessageId, {
          createdAt: new Date(at),
          ...(data ? { data } : {}),
        }),
      );
    // 20 November, local: a, b and d delivered (d at 23:30), b opened, c bounced.
    await event('email.delivered', a, '2026-11-19T22:01:00Z');
    await event('email.delivered', b, '2026-11-19T22:01:00Z');
    await event('email.opened', b, '2026-11-19T22:02:00Z');
    await event('email.bounced', c, '2026-11-19T22:03:00Z', bounce('Permanent'));
    await event('email.delivered', d, '2026-11-20T12:30:00Z');
    // 21 November, local: a opened at 01:00 and clicked, d opened at 00:30, one unsubscribe.
    await event('email.opened', a, '2026-11-20T14:00:00Z');
    await event(
      'email.clicked',
      a,
      '2026-11-20T14:05:00Z',
      click('https://watches.example.com/sell', new Date('2026-11-20T14:05:00Z')),
    );
    await event('email.opened', d, '2026-11-20T13:30:00Z');
    // A second open of a is no second opened e-mail.
    await event('email.opened', a, '2026-11-20T15:00:00Z');
    await t.db
      .insertInto('unsubscribe_logs')
      .values({
        email: b.email,
        action: 'email_unsubscribe',
        method: 'one_click',
        campaign_id: a.campaignId,
        created_at: '2026-11-20T13:10:00Z',
      })
      .execute();

    const { days } = await dailyActivity(t.db, {
      now: new Date('2026-11-21T12:00:00Z'),
      timezone: 'Australia/Sydney',
    });
    expect(days).toHaveLength(30);
    expect(days.at(-2)).toEqual({
      date: '2026-11-20',
      sent: 4,
      delivered: 3,
      opened: 1,
      clicked: 0,
      bounced: 1,
      unsubscribed: 0,
    });
    expect(days.at(-1)).toEqual({
      date: '2026-11-21',
      sent: 0,
      delivered: 0,
      opened: 2,
      clicked: 1,
      bounced: 0,
      unsubscribed: 1,
    });
    const earlier = days.slice(0, -2);
    expect(earlier.every((day) => day.sent + day.delivered + day.opened + day.bounced === 0)).toBe(true);

    // Perth (UTC+8): everything after 16:00 UTC on the 19th falls on the 20th there (the last, a's
    // click, at 22:05).
    const perth = await dailyActivity(t.db, {
      now: new Date('2026-11-21T12:00:00Z'),
      timezone: 'Australia/Perth',
    });
    expect(perth.days.at(-2)).toEqual({
      date: '2026-11-20',
      sent: 4,
      delivered: 3,
      opened: 3,
      clicked: 1,
      bounced: 1,
      unsubscribed: 1,
    });
    expect(perth.days.at(-1)).toMatchObject({ date: '2026-11-21', opened: 0, clicked: 0, unsubscribed: 0 });
  });

  it('the migration counts the deliveries and bounces of sends that existed before it', async () => {
    const down = await createMigrator(t.db).migrateTo('20261125120000_ab_subject_test');
    expect(down.error).toBeUndefined();
    const [a, b] = await seedSentCampaign(t.db, 2);
    if (!a || !b) throw new Error('two sends');
    await t.db
      .updateTable('email_sends')
      .set({ status: 'delivered', delivered_at: new Date('2026-11-10T01:00:00Z') })
      .where('id', '=', a.sendId)
      .execute();
    await t.db
      .updateTable('email_sends')
      .set({ status: 'bounced', bounced_at: new Date('2026-11-10T02:00:00Z') })
      .where('id', '=', b.sendId)
      .execute();
    await migrateToLatest(t.db);
    const { days } = await dailyActivity(t.db, {
      now: new Date('2026-11-11T00:00:00Z'),
      timezone: 'Australia/Sydney',
    });
    expect(days.find((day) => day.date === '2026-11-10')).toMatchObject({ delivered: 1, bounced: 1 });
  });
});
