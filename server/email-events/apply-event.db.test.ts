import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import type { Database } from '../db/database.ts';
import { useTestDatabase } from '#test/support/db.ts';
import {
  bounce,
  click,
  newSvixId,
  resendEmailEvent,
  type SendFixture,
  seedSentCampaign,
} from '#test/support/resend-webhooks.ts';
import { applyStoredEventsFor } from './claim-stored.ts';
import { recordResendEvent } from './apply-event.ts';

const MINUTE = 60_000;

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Records one event as the route does after verification. */
async function record(db: Database, event: object, providerEventId = newSvixId()) {
  const rawBody = JSON.stringify(event);
  const parsed = parseResendEvent(JSON.parse(rawBody));
  if (!parsed.ok) throw new Error(parsed.error);
  return recordResendEvent(db, { providerEventId, rawBody, parsed: parsed.value });
}

const SEND_STATE = [
  'status',
  'delivered_at',
  'opened_at',
  'clicked_at',
  'bounced_at',
  'complained_at',
  'failed_at',
  'bounce_type',
  'bounce_message',
  'error',
] as const;
const COUNTERS = [
  'delivered_count',
  'open_count',
  'click_count',
  'bounce_count',
  'complaint_count',
  'failed_count',
  'open_rate',
  'click_rate',
  'bounce_rate',
] as const;

describe('applying Resend events', () => {
  const t = useTestDatabase();

  async function stateOf(fixture: SendFixture) {
    const send = await t.db
      .selectFrom('email_sends')
      .select(SEND_STATE)
      .where('id', '=', fixture.sendId)
      .executeTakeFirstOrThrow();
    const campaign = await t.db
      .selectFrom('email_campaigns')
      .select(COUNTERS)
      .where('id', '=', fixture.campaignId)
      .executeTakeFirstOrThrow();
    const contact = await t.db
      .selectFrom('leads')
      .select(['suppressed_at', 'suppression_reason', 'email_unsubscribed_at', 'unsubscribe_reason'])
      .where('id', '=', fixture.contactId)
      .executeTakeFirstOrThrow();
    const logs = await t.db
      .selectFrom('unsubscribe_logs')
      .select(['action', 'method', 'reason'])
      .where('lead_id', '=', fixture.contactId)
      .execute();
    return {
      send,
      campaign,
      // The suppression and unsubscribe times are the processing times of whichever event came
      // first; what must converge is whether and why.
      lead: {
        suppressed: contact.suppressed_at !== null,
        reason: contact.suppression_reason,
        unsubscribed: contact.email_unsubscribed_at !== null,
        unsubscribeReason: contact.unsubscribe_reason,
      },
      logs,
    };
  }

  const t0 = Date.now() - 60 * MINUTE;
  const at = (minutes: number) => new Date(t0 + minutes * MINUTE);
  const link = 'https://sterlingwatchbuyers.com.au/sell-rolex-watch';

  type EventOf = (pmid: string) => object;
  const scenarios: Array<[string, EventOf[]]> = [
    [
      'delayed, delivered, opened twice, clicked',
      [
        (id) => resendEmailEvent('email.delivery_delayed', id, { createdAt: at(1) }),
        (id) => resendEmailEvent('email.delivered', id, { createdAt: at(2) }),
        (id) => resendEmailEvent('email.opened', id, { createdAt: at(3) }),
        (id) => resendEmailEvent('email.opened', id, { createdAt: at(4) }),
        (id) => resendEmailEvent('email.clicked', id, { data: click(link, at(5)) }),
      ],
    ],
    [
      'delivered, opened, transient then permanent bounce, complaint',
      [
        (id) => resendEmailEvent('email.delivered', id, { createdAt: at(1) }),
        (id) => resendEmailEvent('email.opened', id, { createdAt: at(2) }),
        (id) => resendEmailEvent('email.bounced', id, { data: bounce('Transient'), createdAt: at(3) }),
        (id) => resendEmailEvent('email.bounced', id, { data: bounce('Permanent'), createdAt: at(4) }),
        (id) => resendEmailEvent('email.complained', id, { createdAt: at(5) }),
      ],
    ],
    [
      'sent, delayed, failed, delivered (contradictory reports)',
      [
        (id) => resendEmailEvent('email.sent', id, { createdAt: at(1) }),
        (id) => resendEmailEvent('email.delivery_delayed', id, { createdAt: at(2) }),
        (id) =>
          resendEmailEvent('email.failed', id, {
            data: { failed: { reason: 'Rejected' } },
            createdAt: at(3),
          }),
        (id) => resendEmailEvent('email.delivered', id, { createdAt: at(4) }),
      ],
    ],
  ];

  it.each(scenarios)('every arrival order of "%s" converges to one final state', async (_label, events) => {
    const orders = permutations(events.map((_, i) => i));
    // Each order on its own send and campaign, so the counters compare too.
    const fixtures: SendFixture[] = [];
    for (let k = 0; k < orders.length; k += 1) fixtures.push(...(await seedSentCampaign(t.db, 1)));
    const states = [];
    for (const [k, order] of orders.entries()) {
      const fixture = fixtures[k] as SendFixture;
      for (const i of order) await record(t.db, (events[i] as EventOf)(fixture.providerMessageId));
      states.push(await stateOf(fixture));
    }
    const [first, ...rest] = states;
    for (const state of rest) expect(state).toEqual(first);
  });

  it('gives the final states the documented meaning', async () => {
    const [a, b] = (await seedSentCampaign(t.db, 2)) as [SendFixture, SendFixture];
    for (const make of scenarios[1]?.[1] ?? []) await record(t.db, make(a.providerMessageId));
    const complained = await stateOf(a);
    expect(complained.send).toMatchObject({
      status: 'complained',
      delivered_at: at(1),
      opened_at: at(2),
      bounced_at: at(3),
      bounce_type: 'Transient',
      complained_at: at(5),
    });
    expect(complained.lead).toEqual({
      suppressed: true,
      reason: 'complaint',
      unsubscribed: true,
      unsubscribeReason: 'complaint',
    });
    expect(complained.logs).toEqual([{ action: 'email_unsubscribe', method: 'manual', reason: 'complaint' }]);

    for (const make of scenarios[2]?.[1] ?? []) await record(t.db, make(b.providerMessageId));
    expect((await stateOf(b)).send).toMatchObject({
      status: 'failed',
      delivered_at: at(4),
      error: 'Rejected',
    });
  });

  describe('events that arrive before the engine stored the provider id', () => {
    async function unsentSend() {
      const [fixture] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
      // As the engine leaves a row while the provider call is in flight.
      await t.db
        .updateTable('email_sends')
        .set({ status: 'sending', provider_message_id: null, sent_at: null })
        .where('id', '=', fixture.sendId)
        .execute();
      await t.db
        .updateTable('email_campaigns')
        .set({ sent_count: 0 })
        .where('id', '=', fixture.campaignId)
        .execute();
      return fixture;
    }

    /** What the engine does after the provider accepted a batch: mark sent, count, apply. */
    async function markSent(trx: Parameters<typeof applyStoredEventsFor>[0], fixture: SendFixture) {
      await trx
        .updateTable('email_sends')
        .set({ status: 'sent', provider_message_id: fixture.providerMessageId, sent_at: new Date() })
        .where('id', '=', fixture.sendId)
        .execute();
      await trx
        .updateTable('email_campaigns')
        .set((eb) => ({ sent_count: eb('sent_count', '+', 1) }))
        .where('id', '=', fixture.campaignId)
        .execute();
    }

    it('stores them unmatched, and applyStoredEventsFor applies them once, suppression included', async () => {
      const fixture = await unsentSend();
      const pmid = fixture.providerMessageId;
      expect(await record(t.db, resendEmailEvent('email.delivered', pmid, { createdAt: at(1) }))).toBe(
        'stored',
      );
      expect(await record(t.db, resendEmailEvent('email.opened', pmid, { createdAt: at(2) }))).toBe('stored');
      expect(await record(t.db, resendEmailEvent('email.complained', pmid, { createdAt: at(3) }))).toBe(
        'stored',
      );
      const stored = await t.db
        .selectFrom('email_events')
        .select('send_id')
        .where('provider_message_id', '=', pmid)
        .execute();
      expect(stored).toEqual([{ send_id: null }, { send_id: null }, { send_id: null }]);

      await t.db.transaction().execute(async (trx) => {
        await markSent(trx, fixture);
        await applyStoredEventsFor(trx, [pmid, randomUUID()]);
      });
      const state = await stateOf(fixture);
      expect(state.send).toMatchObject({ status: 'complained', delivered_at: at(1), opened_at: at(2) });
      expect(state.campaign).toMatchObject({
        delivered_count: 1,
        open_count: 1,
        complaint_count: 1,
        open_rate: 100,
      });
      expect(state.lead).toMatchObject({ suppressed: true, reason: 'complaint', unsubscribed: true });
      const claimed = await t.db
        .selectFrom('email_events')
        .select('send_id')
        .where('provider_message_id', '=', pmid)
        .execute();
      expect(claimed.every((e) => e.send_id === fixture.sendId)).toBe(true);

      // Nothing left to apply: a second call changes nothing.
      await t.db.transaction().execute((trx) => applyStoredEventsFor(trx, [pmid]));
      expect(await stateOf(fixture)).toEqual(state);
      await t.db.transaction().execute((trx) => applyStoredEventsFor(trx, []));
    });

    it('applies an event exactly once when the webhook races the engine’s uncommitted UPDATE', async () => {
      const fixture = await unsentSend();
      const pmid = fixture.providerMessageId;
      // The engine has stored the id but not committed; the webhook arrives now.
      const engine = await t.db.startTransaction().execute();
      await markSent(engine, fixture);
      const webhook = record(t.db, resendEmailEvent('email.delivered', pmid, { createdAt: at(1) }));
      // The webhook stores the event, misses the (invisible) send, and returns before the engine
      // commits: it holds no lock the engine needs.
      expect(await webhook).toBe('stored');
      await applyStoredEventsFor(engine, [pmid]);
      await engine.commit().execute();
      const state = await stateOf(fixture);
      expect(state.send.status).toBe('delivered');
      expect(state.campaign.delivered_count).toBe(1);
    });

    it('applies an event exactly once when the engine is already applying stored events for that id', async () => {
      const fixture = await unsentSend();
      const pmid = fixture.providerMessageId;
      const engine = await t.db.startTransaction().execute();
      await markSent(engine, fixture);
      await applyStoredEventsFor(engine, [pmid]); // holds the message lock until commit
      const webhook = record(t.db, resendEmailEvent('email.delivered', pmid, { createdAt: at(1) }));
      // The webhook's event is committed unmatched, then it waits for the engine's lock...
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'
              AND query LIKE '%pg_advisory_xact_lock%'`.execute(t.db);
          return rows[0]?.n;
        })
        .toBe(1);
      expect((await stateOf(fixture)).send.status).toBe('sending');
      await engine.commit().execute();
      // ... and after the commit finds the send and applies the event itself.
      expect(await webhook).toBe('applied');
      const state = await stateOf(fixture);
      expect(state.send.status).toBe('delivered');
      expect(state.campaign.delivered_count).toBe(1);
      expect(state.campaign.open_rate).toBe(0);
    });
  });

  it('loses no counter update under concurrent deliveries for one campaign', async () => {
    const fixtures = await seedSentCampaign(t.db, 40);
    const campaignId = (fixtures[0] as SendFixture).campaignId;
    const events = fixtures.flatMap((f, i) => [
      resendEmailEvent('email.delivered', f.providerMessageId),
      resendEmailEvent('email.opened', f.providerMessageId),
      ...(i % 2 === 0 ? [resendEmailEvent('email.clicked', f.providerMessageId, { data: click(link) })] : []),
      ...(i % 10 === 0 ? [resendEmailEvent('email.opened', f.providerMessageId)] : []),
    ]);
    await Promise.all(events.map((event) => record(t.db, event)));
    const campaign = await t.db
      .selectFrom('email_campaigns')
      .select(COUNTERS)
      .where('id', '=', campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ delivered_count: 40, open_count: 40, click_count: 20 });
    expect(campaign.open_rate).toBeCloseTo(100);
    expect(campaign.click_rate).toBeCloseTo(50);
  });
});
