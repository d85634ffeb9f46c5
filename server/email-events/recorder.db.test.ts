import { describe, expect, it } from 'vitest';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import type { Database } from '../db/database.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { statementCounter } from '#test/support/statement-counter.ts';
import {
  bounce,
  click,
  newSvixId,
  resendEmailEvent,
  type SendFixture,
  seedSentCampaign,
} from '#test/support/resend-webhooks.ts';
import type { IncomingEvent } from './prepare.ts';
import { recordResendEvent } from './apply-event.ts';
import { createEventRecorder } from './recorder.ts';

const MINUTE = 60_000;

function incoming(
  event: object,
  providerEventId = newSvixId(),
  rawBody = JSON.stringify(event),
): IncomingEvent {
  const parsed = parseResendEvent(JSON.parse(rawBody));
  if (!parsed.ok) throw new Error(parsed.error);
  return { providerEventId, rawBody, parsed: parsed.value };
}

describe('the webhook event recorder (concurrent deliveries applied together)', () => {
  const t = useTestDatabase();
  const t0 = Date.now() - 30 * MINUTE;
  const at = (minutes: number) => new Date(t0 + minutes * MINUTE);
  const link = 'https://sterlingwatchbuyers.com.au/sell-watch-melbourne';

  /** A send's lifetime of events, some of them delivered twice by the provider. */
  function lifetime(pmid: string, i: number): IncomingEvent[] {
    const events = [
      incoming(resendEmailEvent('email.delivered', pmid, { createdAt: at(1) })),
      incoming(resendEmailEvent('email.opened', pmid, { createdAt: at(2) })),
      incoming(resendEmailEvent('email.opened', pmid, { createdAt: at(3) })),
      incoming(resendEmailEvent('email.clicked', pmid, { data: click(link, at(4)) })),
    ];
    if (i % 4 === 0)
      events.push(incoming(resendEmailEvent('email.bounced', pmid, { data: bounce('Transient') })));
    if (i % 3 === 0) events.push({ ...(events[1] as IncomingEvent) }); // a retry: same svix-id
    return events;
  }

  async function snapshot(db: Database, fixtures: SendFixture[]) {
    const sends = await db
      .selectFrom('email_sends')
      .select(['status', 'delivered_at', 'opened_at', 'clicked_at', 'bounced_at', 'bounce_type'])
      .where(
        'id',
        'in',
        fixtures.map((f) => f.sendId),
      )
      .orderBy('recipient_email')
      .execute();
    const campaign = await db
      .selectFrom('email_campaigns')
      .select([
        'delivered_count',
        'open_count',
        'click_count',
        'bounce_count',
        'open_rate',
        'click_rate',
        'bounce_rate',
      ])
      .where('id', '=', (fixtures[0] as SendFixture).campaignId)
      .executeTakeFirstOrThrow();
    return {
      sends: sends.map(({ bounced_at, ...rest }) => ({ ...rest, bounced: bounced_at !== null })),
      campaign,
    };
  }

  it('batches a burst, and ends in the state the same events reach one by one', async () => {
    const batched = await seedSentCampaign(t.db, 30);
    const sequential = await seedSentCampaign(t.db, 30);
    const align = (fixtures: SendFixture[]) =>
      fixtures.map((f, i) => ({ ...f, events: lifetime(f.providerMessageId, i) }));

    for (const { events } of align(sequential))
      for (const event of events) await recordResendEvent(t.db, event);

    const counter = statementCounter();
    const recorder = createEventRecorder(t.db.withPlugin(counter), { maxBatch: 25, maxInFlight: 1 });
    const burst = align(batched).flatMap(({ events }) => events);
    // Interleaved, as a provider's deliveries would be.
    burst.sort(() => Math.random() - 0.5);
    const outcomes = await Promise.all(burst.map((event) => recorder.record(event)));

    expect(counter.count).toBeLessThan(burst.length / 3);
    const perId = new Map<string, string[]>();
    burst.forEach((event, i) =>
      perId.set(event.providerEventId, [...(perId.get(event.providerEventId) ?? []), outcomes[i] ?? '']),
    );
    for (const list of perId.values())
      expect(list.sort()).toEqual(['applied', ...list.slice(1).map(() => 'duplicate')]);

    // Same shape of results on both campaigns (recipient addresses differ, so compare by position).
    const a = await snapshot(t.db, batched);
    const b = await snapshot(t.db, sequential);
    expect(a.campaign).toEqual(b.campaign);
    expect(a.campaign).toMatchObject({
      delivered_count: 30,
      open_count: 30,
      click_count: 30,
      bounce_count: 8,
    });
    expect(a.sends.map((s) => s.status).sort()).toEqual(b.sends.map((s) => s.status).sort());
    const events = await t.db
      .selectFrom('email_events')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(
        'send_id',
        'in',
        batched.map((f) => f.sendId),
      )
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(perId.size);
  });

  it('applies several events of one send in one batch as if one by one', async () => {
    const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
    const recorder = createEventRecorder(t.db, { maxInFlight: 1 });
    const pmid = a.providerMessageId;
    const blocker = recorder.record(incoming(resendEmailEvent('email.sent', pmid))); // takes the only slot
    const rest = [
      incoming(
        resendEmailEvent('email.bounced', pmid, {
          data: bounce('Transient', 'Mailbox full'),
          createdAt: at(5),
        }),
      ),
      incoming(resendEmailEvent('email.delivered', pmid, { createdAt: at(1) })),
      incoming(
        resendEmailEvent('email.bounced', pmid, { data: bounce('Undetermined', 'Later'), createdAt: at(6) }),
      ),
      incoming(resendEmailEvent('email.opened', pmid, { createdAt: at(2) })),
      incoming(resendEmailEvent('email.delivery_delayed', pmid, { createdAt: at(0) })),
    ].map((event) => recorder.record(event));
    await blocker;
    expect(await Promise.all(rest)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied']);
    const send = await t.db
      .selectFrom('email_sends')
      .selectAll()
      .where('id', '=', a.sendId)
      .executeTakeFirstOrThrow();
    expect(send).toMatchObject({
      status: 'bounced',
      delivered_at: at(1),
      opened_at: at(2),
      bounced_at: at(5),
      bounce_type: 'Transient',
      bounce_message: 'Mailbox full',
    });
    const campaign = await t.db
      .selectFrom('email_campaigns')
      .selectAll()
      .where('id', '=', a.campaignId)
      .executeTakeFirstOrThrow();
    expect(campaign).toMatchObject({ delivered_count: 1, open_count: 1, bounce_count: 1 });
  });

  it('one event the database refuses fails alone; the rest of its batch is stored', async () => {
    const [a, b] = (await seedSentCampaign(t.db, 2)) as [SendFixture, SendFixture];
    const recorder = createEventRecorder(t.db, { maxInFlight: 1 });
    const blocker = recorder.record(incoming(resendEmailEvent('email.sent', a.providerMessageId)));
    const good = recorder.record(incoming(resendEmailEvent('email.delivered', b.providerMessageId)));
    // jsonb cannot store \u0000: valid JSON the database refuses.
    const poisoned = resendEmailEvent('email.delivered', a.providerMessageId, {
      data: { subject: 'a\u0000b' },
    });
    // Attached at once: the refusal may come before the good event's result does.
    const refused = expect(recorder.record(incoming(poisoned))).rejects.toMatchObject({ code: '22P05' });
    await blocker;
    expect(await good).toBe('applied');
    await refused;
    const statuses = await t.db
      .selectFrom('email_sends')
      .select(['id', 'status'])
      .where('id', 'in', [a.sendId, b.sendId])
      .execute();
    expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
      [a.sendId]: 'sent',
      [b.sendId]: 'delivered',
    });
  });

  it('takes events that change a contact through their own transaction', async () => {
    const [a] = (await seedSentCampaign(t.db, 1)) as [SendFixture];
    const recorder = createEventRecorder(t.db);
    const [delivered, complained] = await Promise.all([
      recorder.record(incoming(resendEmailEvent('email.delivered', a.providerMessageId))),
      recorder.record(incoming(resendEmailEvent('email.complained', a.providerMessageId))),
    ]);
    expect([delivered, complained]).toEqual(['applied', 'applied']);
    const contact = await t.db
      .selectFrom('leads')
      .selectAll()
      .where('id', '=', a.contactId)
      .executeTakeFirstOrThrow();
    expect(contact).toMatchObject({ suppression_reason: 'complaint', unsubscribe_reason: 'complaint' });
  });
});
