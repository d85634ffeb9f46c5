import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import {
  click,
  resendEmailEvent,
  type SendFixture,
  seedSentCampaign,
} from '#test/support/resend-webhooks.ts';
import { useWebhookServer } from '#test/support/webhook-server.ts';

const MARKET = 'https://watches.example.com/market?utm_source=email';
const SELL = 'https://watches.example.com/sell';
const GUIDE = 'https://watches.example.com/blog/guide';

describe('campaign link report (clicks fed through the signed webhook)', () => {
  const t = useTestDatabase();
  const hook = useWebhookServer(t);
  let sends: SendFixture[];
  const api = () => hook.admin().campaigns;
  const deliver = (event: object) => hook.deliver(event);

  beforeAll(async () => {
    sends = await seedSentCampaign(t.db, 3);
    await t.db
      .updateTable('email_campaigns')
      .set({
        html_content: `<html><body><p><a href="{{market_url}}">This month's market</a></p>
          <p><a href="${SELL}">Sell your watch</a> <a href="${GUIDE}"><img alt="Our guide" src="g.png"></a></p>
          <p><a href="{{unsubscribe_url}}">Unsubscribe</a></p></body></html>`,
        variables: { market_url: MARKET },
      })
      .where('id', '=', sends[0]?.campaignId ?? '')
      .execute();
    for (const send of sends) await deliver(resendEmailEvent('email.delivered', send.providerMessageId));
    const [a, b, c] = sends;
    if (!a || !b || !c) throw new Error('three sends expected');
    // a clicks the market link twice, b once and the sell link once; c unsubscribes by its link.
    await deliver(resendEmailEvent('email.clicked', a.providerMessageId, { data: click(MARKET) }));
    await deliver(resendEmailEvent('email.clicked', a.providerMessageId, { data: click(MARKET) }));
    await deliver(resendEmailEvent('email.clicked', b.providerMessageId, { data: click(MARKET) }));
    await deliver(resendEmailEvent('email.clicked', b.providerMessageId, { data: click(SELL) }));
    await deliver(
      resendEmailEvent('email.clicked', c.providerMessageId, {
        data: click('http://localhost:3999/unsubscribe?token=abc'),
      }),
    );
  });

  it('counts unique clickers and total clicks per link, over delivered; unclicked links show 0', async () => {
    const report = await api().links({ id: sends[0]?.campaignId ?? '' });
    expect(report).toEqual([
      {
        url: MARKET,
        label: "This month's market",
        uniqueClicks: 2,
        totalClicks: 3,
        clickRate: (100 * 2) / 3,
      },
      { url: SELL, label: 'Sell your watch', uniqueClicks: 1, totalClicks: 1, clickRate: 100 / 3 },
      {
        url: null,
        label: 'Unsubscribe and preferences links',
        uniqueClicks: 1,
        totalClicks: 1,
        clickRate: 100 / 3,
      },
      { url: GUIDE, label: 'Our guide', uniqueClicks: 0, totalClicks: 0, clickRate: 0 },
    ]);
  });

  it('filters the sends table to the recipients who clicked a link', async () => {
    const id = sends[0]?.campaignId ?? '';
    const market = await api().sends({ id, clickedLink: MARKET });
    expect(market.totalCount).toBe(2);
    expect(market.sends.map((s) => s.recipientEmail).sort()).toEqual(
      [sends[0]?.email, sends[1]?.email].sort(),
    );
    const sell = await api().sends({ id, clickedLink: SELL, status: 'delivered' });
    expect(sell.sends.map((s) => s.recipientEmail)).toEqual([sends[1]?.email]);
    expect((await api().sends({ id, clickedLink: GUIDE })).totalCount).toBe(0);
  });

  it('answers NOT_FOUND for an unknown campaign', async () => {
    await expect(api().links({ id: '00000000-0000-4000-8000-000000000000' })).rejects.toThrow(
      'Campaign not found',
    );
  });
});
