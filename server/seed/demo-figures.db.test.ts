import { beforeAll, describe, expect, it } from 'vitest';
import { rateOf } from '#shared/campaigns/figures.ts';
import { roundRate } from '#shared/dashboard/schemas.ts';
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
    const [summary] = list.campaigns;
    if (!summary || list.totalCount !== 1) throw new Error('one demo campaign');
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

    // The dashboard's 30-day activity reads the trigger-kept series (the demo is 10 days old).
    const activity = await api().dashboard.dailyActivity();
    const day = (key: 'sent' | 'delivered' | 'opened' | 'clicked' | 'bounced') =>
      activity.days.reduce((n, d) => n + d[key], 0);
    expect({
      sent: day('sent'),
      delivered: day('delivered'),
      opened: day('opened'),
      clicked: day('clicked'),
      bounced: day('bounced'),
    }).toEqual(header);
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

    const stats = await api().dashboard.stats();
    expect(stats.avgOpenRate).toBe(roundRate(openRate ?? Number.NaN));
    expect(stats.avgClickRate).toBe(roundRate(clickRate ?? Number.NaN));
    expect(stats.bounceRate).toBe(12.5);
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
});
