import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { dailyActivity } from './dashboard.ts';

describe('dashboard', () => {
  const t = useTestDatabase();
  let admin: SessionUser;
  const caller = () => callerFor(testServices(t.db), admin);

  beforeAll(async () => {
    const user = await createUser(t.db, { email: 'dash-admin@example.com', password: 'x-password-1' });
    await grantAdmin(t.db, user.email);
    admin = { id: user.id, email: user.email, role: 'owner' };
  });

  it('shows zeros and no rates on an empty database', async () => {
    expect(await caller().admin.dashboard.stats()).toEqual({
      totalCampaigns: 0,
      activeSubscribers: 0,
      avgOpenRate: null,
      avgClickRate: null,
      bounceRate: null,
    });
    expect(await caller().admin.dashboard.recentActivity()).toEqual([]);
  });

  it('computes the five stats as the spec defines them', async () => {
    await t.db
      .insertInto('leads')
      .values([
        { email: 'active@example.com', email_marketing_consent: true },
        { email: 'active2@example.com', email_marketing_consent: true },
        { email: 'suppressed@example.com', email_marketing_consent: true, suppressed_at: new Date() },
        { email: 'unsub@example.com', email_marketing_consent: true, email_unsubscribed_at: new Date() },
        { email: 'no-consent@example.com', email_marketing_consent: false },
      ])
      .execute();
    await t.db
      .insertInto('email_campaigns')
      .values([
        // open 50%, click 10.2%; a stored rate written another way is not read (decision 052)
        {
          name: 'A',
          subject: 's',
          status: 'completed',
          sent_count: 100,
          delivered_count: 98,
          bounce_count: 2,
          open_count: 49,
          click_count: 10,
          open_rate: 12,
          click_rate: 3,
          completed_at: '2026-11-10T00:00:00Z',
        },
        // no stored rates: 25% and 5% from the counters
        {
          name: 'B',
          subject: 's',
          status: 'completed',
          sent_count: 20,
          delivered_count: 20,
          bounce_count: 1,
          open_count: 5,
          click_count: 1,
          completed_at: '2026-11-12T00:00:00Z',
        },
        // nothing delivered: left out of the averages, but its bounces count
        {
          name: 'C',
          subject: 's',
          status: 'failed',
          sent_count: 30,
          delivered_count: 0,
          bounce_count: 3,
          open_rate: 0,
        },
        { name: 'D', subject: 's', status: 'draft' },
      ])
      .execute();
    expect(await caller().admin.dashboard.stats()).toEqual({
      totalCampaigns: 4,
      activeSubscribers: 2,
      avgOpenRate: 37.5,
      avgClickRate: 7.6, // (10 / 98 + 1 / 20) / 2
      bounceRate: 4, // 6 / 150
    });
  });

  it('merges the 5 latest completed campaigns and 5 latest unsubscribes, newest first', async () => {
    await t.db
      .insertInto('email_campaigns')
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          name: `Done ${i}`,
          subject: 's',
          status: 'completed' as const,
          completed_at: new Date(Date.UTC(2026, 10, 13 + i)),
        })),
      )
      .execute();
    await t.db
      .insertInto('unsubscribe_logs')
      .values([
        ...Array.from({ length: 6 }, (_, i) => ({
          email: `u${i}@example.com`,
          action: 'email_unsubscribe' as const,
          method: 'manual' as const,
          created_at: new Date(Date.UTC(2026, 10, 13 + i, 12)),
        })),
        // A resubscribe is not "unsubscribe" activity.
        {
          email: 'back@example.com',
          action: 'email_resubscribe' as const,
          method: 'manual' as const,
          created_at: new Date(Date.UTC(2026, 10, 30)),
        },
      ])
      .execute();
    const items = await caller().admin.dashboard.recentActivity();
    expect(items).toHaveLength(10);
    expect(items.map((i) => (i.kind === 'campaign_completed' ? i.name : i.email))).toEqual([
      'u5@example.com',
      'Done 5',
      'u4@example.com',
      'Done 4',
      'u3@example.com',
      'Done 3',
      'u2@example.com',
      'Done 2',
      'u1@example.com',
      'Done 1',
    ]);

    // A Buyer reads the dashboard but not the unsubscribe log: the same events, no address.
    for (const role of ['buyer', 'marketer', 'viewer'] as const) {
      const seen = await callerFor(testServices(t.db), { ...admin, role }).admin.dashboard.recentActivity();
      expect(seen.map((i) => i.kind)).toEqual(items.map((i) => i.kind));
      const unsubscribes = seen.filter((i) => i.kind === 'unsubscribe');
      if (role === 'buyer') {
        expect(unsubscribes.map((i) => i.email)).toEqual([null, null, null, null, null]);
        expect(JSON.stringify(seen)).not.toContain('@example.com');
      } else {
        expect(unsubscribes.map((i) => i.email)).toEqual(
          items.flatMap((i) => (i.kind === 'unsubscribe' ? [i.email] : [])),
        );
      }
    }
  });

  it('counts sends, opens, clicks and unsubscribes per local day over the last 30 days', async () => {
    await sql`TRUNCATE email_campaigns, unsubscribe_logs CASCADE`.execute(t.db);
    const campaign = await t.db
      .insertInto('email_campaigns')
      .values({ name: 'Chart', subject: 's' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = (i: number, sentAt: string, openedAt: string | null, clickedAt: string | null = null) => ({
      campaign_id: campaign.id,
      recipient_email: `r${i}@example.com`,
      status: 'delivered' as const,
      provider_message_id: `m${i}`,
      sent_at: sentAt,
      opened_at: openedAt,
      clicked_at: clickedAt,
    });
    await t.db
      .insertInto('email_sends')
      .values([
        // 20 Nov 23:30 UTC = 21 Nov 10:30 in Sydney, 21 Nov 07:30 in Perth
        send(1, '2026-11-20T23:30:00Z', '2026-11-21T00:10:00Z', '2026-11-21T00:11:00Z'),
        // 20 Nov 12:30 UTC = 20 Nov 23:30 in Sydney, 20 Nov 20:30 in Perth
        send(2, '2026-11-20T12:30:00Z', '2026-11-20T13:30:00Z'),
        // 31 local days ago in Sydney: outside the chart
        send(3, '2026-10-21T02:00:00Z', null),
      ])
      .execute();
    await t.db
      .insertInto('unsubscribe_logs')
      .values({
        email: 'x@example.com',
        action: 'sms_unsubscribe',
        method: 'manual',
        created_at: '2026-11-21T01:00:00Z',
      })
      .execute();

    const now = new Date('2026-11-21T03:00:00Z');
    const sydney = await dailyActivity(t.db, { now, timezone: 'Australia/Sydney' });
    expect(sydney.days).toHaveLength(30);
    expect(sydney.days[0]?.date).toBe('2026-10-23');
    expect(sydney.days.at(-1)).toEqual({
      date: '2026-11-21',
      sent: 1,
      delivered: 0,
      bounced: 0,
      opened: 2,
      clicked: 1,
      unsubscribed: 1,
    });
    expect(sydney.days.at(-2)).toEqual({
      date: '2026-11-20',
      sent: 1,
      delivered: 0,
      bounced: 0,
      opened: 0,
      clicked: 0,
      unsubscribed: 0,
    });
    expect(sydney.days.slice(0, -2).every((d) => d.sent + d.opened + d.clicked + d.unsubscribed === 0)).toBe(
      true,
    );

    const perth = await dailyActivity(t.db, { now, timezone: 'Australia/Perth' });
    expect(perth.days.at(-1)).toEqual({
      date: '2026-11-21',
      sent: 1,
      delivered: 0,
      bounced: 0,
      opened: 1,
      clicked: 1,
      unsubscribed: 1,
    });
    expect(perth.days.at(-2)).toEqual({
      date: '2026-11-20',
      sent: 1,
      delivered: 0,
      bounced: 0,
      opened: 1,
      clicked: 0,
      unsubscribed: 0,
    });

    const viaProcedure = await caller().admin.dashboard.dailyActivity();
    expect(viaProcedure.timezone).toBe('Australia/Sydney');
    expect(viaProcedure.days).toHaveLength(30);
  });
});
