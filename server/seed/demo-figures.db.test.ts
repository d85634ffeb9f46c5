import { beforeAll, describe, expect, it } from 'vitest';
import { rateOf } from '#shared/campaigns/figures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { seedDemoData } from './demo.ts';

// Every surface that shows the demo campaign's figures, read through the procedures the admin
// client calls: they must agree, by the one definition of each figure (decision 052).
describe("the demo campaign's figures", () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const api = () => callerFor(testServices(t.db), admin).admin;

  beforeAll(async () => {
    expect((await seedDemoData(t.db, { appUrl: 'https://watches.example.com' })).seeded).toBe(true);
    const user = await createUser(t.db, { email: 'figures-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  const demoCampaign = async () => {
    const list = await api().campaigns.list({ page: 1, status: 'all' });
    const summary = list.campaigns.find((c) => c.name === 'Spring market update');
    if (!summary || list.totalCount !== 2) throw new Error('two demo campaigns, one of them the spring one');
    return { summary, detail: await api().campaigns.get({ id: summary.id }) };
  };

  it('shows the same delivered, opens, clicks and bounces in the header, the chart and the dashboard', async () => {
    const { summary, detail } = await demoCampaign();
    const header = {
      sent: detail.sentCount,
      delivered: detail.deliveredCount,
      opened: detail.openCount,
      clicked: detail.clickCount,
      bounced: detail.bounceCount,
    };
    expect(header).toEqual({ sent: 8, delivered: 7, opened: 4, clicked: 2, bounced: 1 });
    expect(summary.sentCount).toBe(header.sent);

    const { points } = await api().campaigns.engagement({ id: detail.id });
    const chart = (key: 'delivered' | 'opened' | 'clicked' | 'bounced' | 'unsubscribed') =>
      points.reduce((n, p) => n + p[key], 0);
    expect({
      delivered: chart('delivered'),
      opened: chart('opened'),
      clicked: chart('clicked'),
      bounced: chart('bounced'),
    }).toEqual({ delivered: 7, opened: 4, clicked: 2, bounced: 1 });
    // The one-click unsubscribe that names the campaign.
    expect(chart('unsubscribed')).toBe(1);

    // The dashboard's 30-day activity reads the trigger-kept series (the demo is 10 days old), with
    // the summer campaign's 20 days ago: 6 sent and delivered, 3 opened (two of them clicked).
    const activity = await api().dashboard.dailyActivity();
    const day = (key: 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced') =>
      activity.days.reduce((n, d) => n + d[key], 0);
    expect({
      sent: day('sent'),
      delivered: day('delivered'),
      opened: day('opened'),
      clicked: day('clicked'),
      bounced: day('bounced'),
    }).toEqual({ sent: 8 + 6, delivered: 7 + 6, opened: 4 + 3, clicked: 2 + 2, bounced: 1 });
  });

  it('shows the same rates in the list, the header, the opens card, the link report and the dashboard', async () => {
    const { summary, detail } = await demoCampaign();
    const openRate = rateOf(4, 7);
    const clickRate = rateOf(2, 7);
    expect([summary.openRate, detail.openRate]).toEqual([openRate, openRate]);
    expect([summary.clickRate, detail.clickRate]).toEqual([clickRate, clickRate]);
    expect(detail.bounceRate).toBe(12.5);

    const opens = await api().campaigns.opens({ id: detail.id });
    // One of the four opens came 4 seconds after delivery and never again: a machine's.
    expect(opens).toEqual({
      opened: 4,
      humanOpened: 3,
      machineOpened: 1,
      openRate,
      humanOpenRate: rateOf(3, 7),
    });

    // Averaged over the two campaigns, the summer one's 3 of 6 opened and 2 of 6 clicked:
    // (57.14 + 50) / 2 and (28.57 + 33.33) / 2; 1 bounce in 14 sent.
    const stats = await api().dashboard.stats();
    expect(stats.avgOpenRate).toBe(53.6);
    expect(stats.avgClickRate).toBe(31);
    expect(stats.bounceRate).toBe(7.1);
  });

  it("counts the link report's clickers as the campaign's clicks", async () => {
    const { detail } = await demoCampaign();
    const links = await api().campaigns.links({ id: detail.id });
    const valuation = links.find((l) => l.url === 'https://watches.example.com/sell');
    // Both clickers clicked the valuation link, one of them twice: 2 unique, 3 in all.
    expect(valuation).toEqual({
      url: 'https://watches.example.com/sell',
      label: 'Get your free valuation',
      uniqueClicks: detail.clickCount,
      totalClicks: 3,
      clickRate: detail.clickRate,
    });
    expect(links.reduce((n, l) => n + l.uniqueClicks, 0)).toBe(detail.clickCount);
  });

  // The demo's enquiries (server/seed/demo-enquiries.ts), counted by hand from its list: nine
  // sellers in the last three weeks, two from each campaign's clickers, two from Google ads, one
  // each from Instagram, a forum's link and nowhere known; three bought for $13,500 (summer
  // campaign), $8,200 (spring campaign) and $29,500 (Google).
  it('attributes purchases to the campaigns in the funnel, the campaign reports and the desk', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const period = { from: day(-40), to: day(1) };
    const funnel = await api().insight.funnel({ ...period, by: 'source' });
    expect(funnel.current).toMatchObject({ enquiries: 9, purchased: 3, purchaseValueCents: 5_120_000 });
    const bySource = Object.fromEntries(funnel.rows.map((r) => [r.label, [r.enquiries, r.purchased]]));
    expect(bySource).toEqual({
      'Campaign: Spring market update': [2, 1],
      'Campaign: This summer, we are buying': [2, 1],
      'google / cpc': [2, 1],
      'instagram / paid_social': [1, 0],
      'watchuseek.com / referral': [1, 0],
      'Direct or unknown': [1, 0],
    });

    const list = await api().campaigns.list({ page: 1, status: 'all' });
    const money = async (name: string) => {
      const campaign = list.campaigns.find((c) => c.name === name);
      return api().insight.campaignAttribution({ id: campaign?.id ?? '' });
    };
    expect(await money('Spring market update')).toEqual({ enquiries: 2, purchases: 1, valueCents: 820_000 });
    expect(await money('This summer, we are buying')).toEqual({
      enquiries: 2,
      purchases: 1,
      valueCents: 1_350_000,
    });

    const desk = await api().insight.desk(period);
    expect(desk.rows.map((r) => [r.name, r.handled, r.offersMade, r.offersAccepted, r.purchases])).toEqual([
      ['Ana Ruiz', 4, 4, 1, 1],
      ['Bo Carter', 4, 3, 2, 2],
    ]);
  });
});
