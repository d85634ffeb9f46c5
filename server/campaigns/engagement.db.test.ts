import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { bounce, click, resendEmailEvent, seedSentCampaign } from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';

const HOUR = 3_600_000;

describe('campaign engagement over time (events through the signed webhook)', () => {
  const t = useTestDatabase();
  const hook = useWebhookServer(t);
  beforeAll(async () => {
    await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  });

  it('counts each send once per figure, per hour for 48 hours, then per local day', async () => {
    const sends = await seedSentCampaign(t.db, 3);
    const [a, b, c] = sends;
    if (!a || !b || !c) throw new Error('three sends');
    // Sending started at 10:00 UTC (21:00 in Sydney).
    const started = new Date('2026-11-20T10:00:00Z');
    await t.db
      .updateTable('email_campaigns')
      .set({ started_at: started })
      .where('id', '=', a.campaignId)
      .execute();
    const at = (hours: number) => new Date(started.getTime() + hours * HOUR);
    const deliver = (event: object) => hook.deliver(event);
    await deliver(resendEmailEvent('email.delivered', a.providerMessageId, { createdAt: at(0.1) }));
    await deliver(resendEmailEvent('email.delivered', b.providerMessageId, { createdAt: at(0.2) }));
    await deliver(
      resendEmailEvent('email.bounced', c.providerMessageId, {
        createdAt: at(0.3),
        data: bounce('Permanent'),
      }),
    );
    await deliver(resendEmailEvent('email.opened', a.providerMessageId, { createdAt: at(1.5) }));
    await deliver(
      resendEmailEvent('email.clicked', a.providerMessageId, {
        createdAt: at(3.2),
        data: click('https://watches.example.com/sell', at(3.2)),
      }),
    );
    // Three days later, after the hourly window: b's first open, in a daily bucket (a Sydney day),
    // and a's second, which counts nowhere: a reader who opens twice is one open (decision 052).
    await deliver(resendEmailEvent('email.opened', b.providerMessageId, { createdAt: at(72) }));
    await deliver(resendEmailEvent('email.opened', a.providerMessageId, { createdAt: at(73) }));
    await deliver(
      resendEmailEvent('email.clicked', a.providerMessageId, {
        createdAt: at(74),
        data: click('https://watches.example.com/sell', at(74)),
      }),
    );
    await t.db
      .insertInto('unsubscribe_logs')
      .values({
        email: b.email,
        action: 'email_unsubscribe',
        method: 'one_click',
        campaign_id: a.campaignId,
        created_at: at(3.5),
      })
      .execute();

    const { points } = await hook.admin().campaigns.engagement({
      id: a.campaignId,
    });
    const zero = { delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };
    const hourly = points.filter((p) => p.unit === 'hour');
    const daily = points.filter((p) => p.unit === 'day');
    // Every hour of the 48-hour window is there (sending started a week before this machine's
    // clock reads), each an hour after the last: an even time axis.
    expect(hourly).toHaveLength(48);
    expect(hourly.map((p) => new Date(p.at).getTime())).toEqual(
      Array.from({ length: 48 }, (_, i) => started.getTime() + i * HOUR),
    );
    expect(hourly.slice(0, 4)).toEqual([
      { at: '2026-11-20T10:00:00.000Z', unit: 'hour', ...zero, delivered: 2, bounced: 1 },
      { at: '2026-11-20T11:00:00.000Z', unit: 'hour', ...zero, opened: 1 },
      // No event in this hour: shown with zeros, not skipped.
      { at: '2026-11-20T12:00:00.000Z', unit: 'hour', ...zero },
      { at: '2026-11-20T13:00:00.000Z', unit: 'hour', ...zero, clicked: 1, unsubscribed: 1 },
    ]);
    expect(
      hourly.slice(4).every((p) => p.delivered + p.opened + p.clicked + p.bounced + p.unsubscribed === 0),
    ).toBe(true);
    // Then every Sydney day up to the last event's, the empty one with zeros; 10:00 and 11:00 UTC
    // on the 23rd are 21:00 and 22:00 on the 23rd in Sydney.
    expect(daily).toEqual([
      { at: '2026-11-21T13:00:00.000Z', unit: 'day', ...zero },
      { at: '2026-11-22T13:00:00.000Z', unit: 'day', ...zero, opened: 1 },
    ]);
    // The chart's totals are the campaign's counters.
    const detail = await hook.admin().campaigns.get({ id: a.campaignId });
    const total = (key: keyof typeof zero) => points.reduce((n, p) => n + p[key], 0);
    expect([total('delivered'), total('opened'), total('clicked'), total('bounced')]).toEqual([
      detail.deliveredCount,
      detail.openCount,
      detail.clickCount,
      detail.bounceCount,
    ]);
    expect([detail.deliveredCount, detail.openCount, detail.clickCount, detail.bounceCount]).toEqual([
      2, 2, 1, 1,
    ]);
    expect(points).toEqual([...hourly, ...daily]);
  });

  it('runs the hourly axis up to now while the 48 hours are not over', async () => {
    const [send] = await seedSentCampaign(t.db, 1);
    if (!send) throw new Error('one send');
    // Started at the top of the hour five hours ago by the database's clock; delivered a minute
    // later, in the first hour whatever the minute now (from hh:59 a start five hours ago to the
    // second put the delivery in the next hour).
    const { started } = await t.db
      .updateTable('email_campaigns')
      .set({ started_at: sql<Date>`date_trunc('hour', now()) - interval '5 hours'` })
      .where('id', '=', send.campaignId)
      .returning('started_at as started')
      .executeTakeFirstOrThrow();
    if (!started) throw new Error('started_at set');
    await hook.deliver(
      resendEmailEvent('email.delivered', send.providerMessageId, {
        createdAt: new Date(started.getTime() + 60_000),
      }),
    );
    // Hours from the start's to the one the database clock is in, read around the call (the
    // clock may cross an hour while the request runs).
    const hoursToNow = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT (extract(epoch FROM date_trunc('hour', now()) - date_trunc('hour', ${started}::timestamptz))
          / 3600)::int + 1 AS n`.execute(t.db);
      return rows[0]?.n ?? 0;
    };
    const before = await hoursToNow();
    const { points } = await hook.admin().campaigns.engagement({ id: send.campaignId });
    const after = await hoursToNow();
    expect(before).toBeGreaterThanOrEqual(6);
    expect(points.length).toBeGreaterThanOrEqual(before);
    expect(points.length).toBeLessThanOrEqual(after);
    // Hourly only (the 48 hours are not over), one delivery in the first, zeros in the rest.
    expect(points.every((p) => p.unit === 'hour')).toBe(true);
    expect(points.map((p) => p.delivered)).toEqual([
      1,
      ...Array.from({ length: points.length - 1 }, () => 0),
    ]);
    const first = new Date(points[0]?.at ?? '').getTime();
    expect(points.map((p) => new Date(p.at).getTime() - first)).toEqual(
      Array.from({ length: points.length }, (_, i) => i * HOUR),
    );
  });

  it('has no point for a campaign without any event', async () => {
    const [send] = await seedSentCampaign(t.db, 1);
    if (!send) throw new Error('one send');
    expect(await hook.admin().campaigns.engagement({ id: send.campaignId })).toEqual({
      points: [],
      webhookConfigured: true,
    });
    // Without a webhook secret no event can arrive: the chart says so (decision 007).
    expect(await hook.admin({ webhookSecret: false }).campaigns.engagement({ id: send.campaignId })).toEqual({
      points: [],
      webhookConfigured: false,
    });
  });
});
