import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { silentLogger } from '#test/support/services.ts';
import type { CampaignLiveHub } from '../services.ts';
import { type CampaignLiveHubOptions, createCampaignLiveHub, reconnectDelay } from './live-hub.ts';
import { notifyCampaignChanged } from '../db/campaign-changed.ts';

const campaignA = '00000000-0000-4000-8000-00000000000a';
const campaignB = '00000000-0000-4000-8000-00000000000b';

describe('campaign live hub (LISTEN campaign_changed)', () => {
  const t = useTestDatabase();
  const hubs: CampaignLiveHub[] = [];

  afterAll(async () => {
    for (const hub of hubs) await hub.close();
  });

  function hub(options: Partial<CampaignLiveHubOptions> = {}) {
    const applicationName = `live-test-${randomBytes(4).toString('hex')}`;
    const created = createCampaignLiveHub({
      connectionString: t.url,
      logger: silentLogger,
      applicationName,
      reconnectDelayMs: { initial: 20, max: 200 },
      // Out of the way unless a test is about it: exact call counts below.
      degradedTickMs: 60_000,
      ...options,
    });
    hubs.push(created);
    return { hub: created, applicationName };
  }

  /** Counts the calls a subscription receives. */
  function counter(live: CampaignLiveHub, campaignId: string) {
    const calls = { count: 0 };
    const unsubscribe = live.subscribe(campaignId, () => {
      calls.count += 1;
    });
    return { calls, unsubscribe };
  }

  async function commitChange(campaignId: string) {
    await t.db.transaction().execute((trx) => notifyCampaignChanged(trx, campaignId));
  }

  async function connectionsNamed(applicationName: string): Promise<number> {
    const result = await sql<{ count: number }>`
      SELECT count(*)::int AS count FROM pg_stat_activity
      WHERE application_name = ${applicationName} AND datname = current_database()`.execute(t.db);
    return result.rows[0]?.count ?? 0;
  }

  it('fans a committed notification out to the subscribers of that campaign in every hub', async () => {
    const first = hub().hub;
    const second = hub().hub;
    await Promise.all([first.ready(), second.ready()]);
    const onFirst = counter(first, campaignA);
    const onSecond = counter(second, campaignA);
    const otherCampaign = counter(second, campaignB);

    await commitChange(campaignA);
    await vi.waitFor(() => {
      expect(onFirst.calls.count).toBe(1);
      expect(onSecond.calls.count).toBe(1);
    });
    // Notifications arrive in commit order: B's arrival proves A's was not delivered to B's subscriber.
    await commitChange(campaignB);
    await vi.waitFor(() => expect(otherCampaign.calls.count).toBe(1));
    expect(onFirst.calls.count).toBe(1);
    expect(onSecond.calls.count).toBe(1);

    for (const subscription of [onFirst, onSecond, otherCampaign]) subscription.unsubscribe();
    expect(first.subscriberCount()).toBe(0);
    expect(second.subscriberCount()).toBe(0);
  });

  it('announces nothing for a rolled-back change', async () => {
    const live = hub().hub;
    await live.ready();
    const subscription = counter(live, campaignA);
    await t.db
      .transaction()
      .execute(async (trx) => {
        await notifyCampaignChanged(trx, campaignA);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await commitChange(campaignA);
    await vi.waitFor(() => expect(subscription.calls.count).toBeGreaterThan(0));
    // Delivered in commit order: had the rolled-back one been sent, it would have come first.
    expect(subscription.calls.count).toBe(1);
    subscription.unsubscribe();
  });

  it('keeps separate subscriptions of one function apart, and unsubscribing twice is harmless', async () => {
    const live = hub().hub;
    await live.ready();
    let calls = 0;
    const onChange = () => {
      calls += 1;
    };
    const unsubscribeOne = live.subscribe(campaignA, onChange);
    const unsubscribeTwo = live.subscribe(campaignA, onChange);
    expect(live.subscriberCount()).toBe(2);
    unsubscribeOne();
    unsubscribeOne();
    expect(live.subscriberCount()).toBe(1);
    await commitChange(campaignA);
    await vi.waitFor(() => expect(calls).toBe(1));
    unsubscribeTwo();
    expect(live.subscriberCount()).toBe(0);
  });

  it('a failing subscriber does not stop the others', async () => {
    const live = hub().hub;
    await live.ready();
    const unsubscribe = live.subscribe(campaignA, () => {
      throw new Error('subscriber bug');
    });
    const healthy = counter(live, campaignA);
    await commitChange(campaignA);
    await vi.waitFor(() => expect(healthy.calls.count).toBe(1));
    unsubscribe();
    healthy.unsubscribe();
  });

  it('reconnects after its connection is killed, wakes everyone once, and hears new changes', async () => {
    const { hub: live, applicationName } = hub();
    await live.ready();
    const subscription = counter(live, campaignA);
    expect(await connectionsNamed(applicationName)).toBe(1);

    await sql`
      SELECT pg_terminate_backend(pid) FROM pg_stat_activity
      WHERE application_name = ${applicationName} AND datname = current_database()`.execute(t.db);
    // Back on a new connection: every subscriber is woken once, as changes may have been missed.
    await vi.waitFor(() => expect(subscription.calls.count).toBe(1), { timeout: 10_000 });
    expect(live.listening).toBe(true);
    expect(await connectionsNamed(applicationName)).toBe(1);

    await commitChange(campaignA);
    await vi.waitFor(() => expect(subscription.calls.count).toBe(2));
    subscription.unsubscribe();
  });

  it('wakes its subscribers periodically while it cannot listen, and stops on close', async () => {
    const live = createCampaignLiveHub({
      // Nothing listens on port 1: every connection attempt fails at once.
      connectionString: 'postgres://nobody@127.0.0.1:1/nothing',
      logger: silentLogger,
      reconnectDelayMs: { initial: 10, max: 50 },
      degradedTickMs: 20,
    });
    const subscription = counter(live, campaignA);
    await vi.waitFor(() => expect(subscription.calls.count).toBeGreaterThanOrEqual(2));
    expect(live.listening).toBe(false);
    // The expectation is attached before close() rejects the waiter, so the rejection is handled.
    const waiting = expect(live.ready()).rejects.toThrow('closed');
    await live.close();
    await waiting;
    await expect(live.ready()).rejects.toThrow('closed');
    const afterClose = subscription.calls.count;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subscription.calls.count).toBe(afterClose);
    subscription.unsubscribe();
  });

  it('closes its connection', async () => {
    const { hub: live, applicationName } = hub();
    await live.ready();
    expect(await connectionsNamed(applicationName)).toBe(1);
    await live.close();
    expect(live.listening).toBe(false);
    await vi.waitFor(async () => expect(await connectionsNamed(applicationName)).toBe(0));
  });
});

describe('reconnectDelay', () => {
  it('doubles from the first delay up to the cap, jittered within its upper half', () => {
    const delays = { initial: 250, max: 10_000 };
    for (const [attempt, ceiling] of [
      [0, 250],
      [1, 500],
      [3, 2_000],
      [10, 10_000],
      [100, 10_000],
    ] as const) {
      for (let i = 0; i < 20; i += 1) {
        const delay = reconnectDelay(attempt, delays);
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThanOrEqual(ceiling);
      }
    }
  });
});
