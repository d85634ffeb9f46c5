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

  it('counts each kind per hour for the first 48 hours, then per day in the business timezone', async () => {
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
    await deliver(resendEmailEvent('email.opened', b.providerMessageId, { createdAt: at(1.7) }));
    await deliver(
      resendEmailEvent('email.clicked', a.providerMessageId, {
        createdAt: at(3.2),
        data: click('https://watches.example.com/sell', at(3.2)),
      }),
    );
    // Three days later, after the hourly window: one daily bucket (a Sydney day).
    await deliver(resendEmailEvent('email.opened', b.providerMessageId, { createdAt: at(72) }));
    await deliver(resendEmailEvent('email.opened', a.providerMessageId, { createdAt: at(73) }));
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

    const points = await hook.admin().campaigns.engagement({
      id: a.campaignId,
    });
    const zero = { delivered: 0, opened: 0, clicked: 0, bounced: 0, unsubscribed: 0 };
    expect(points).toEqual([
      { at: '2026-11-20T10:00:00.000Z', unit: 'hour', ...zero, delivered: 2, bounced: 1 },
      { at: '2026-11-20T11:00:00.000Z', unit: 'hour', ...zero, opened: 2 },
      { at: '2026-11-20T13:00:00.000Z', unit: 'hour', ...zero, clicked: 1, unsubscribed: 1 },
      // 10:00 and 11:00 UTC on the 23rd are 21:00 and 22:00 on the 23rd in Sydney.
      { at: '2026-11-22T13:00:00.000Z', unit: 'day', ...zero, opened: 2 },
    ]);
  });
});
