import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowTrigger } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { purchaseRecordInputSchema } from '#shared/register/schemas.ts';
import { purchaseRecord } from '#test/support/register.ts';
import { testConfig } from '#test/support/services.ts';
import { statementCounter } from '#test/support/statement-counter.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { registerKeyFrom } from '../register/crypto.ts';
import { recordPurchase } from '../register/register.ts';
import { createFlow, setFlowState } from './flows.ts';
import { runTriggerScans, scanNoEngagement, scanPurchaseDates, scanSegmentEntries } from './trigger-scans.ts';

// The trigger scans (decision 064) against a real PostgreSQL.

const SYDNEY = 'Australia/Sydney';
const TEMPLATE = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';
const DAY = 86_400_000;

function definition(name: string, trigger: FlowTrigger, reentry: 'once' | 'per_occurrence'): FlowDefinition {
  return {
    name,
    description: '',
    trigger,
    reentry,
    respectQuietHours: true,
    steps: [{ id: 'first', type: 'send', templateId: TEMPLATE, template: 'marketing' }],
  };
}

describe('automation trigger scans', () => {
  const t = useTestDatabase();

  const flowIn = async (
    state: 'off' | 'live' | 'paused',
    name: string,
    trigger: FlowTrigger,
    reentry: 'once' | 'per_occurrence' = 'per_occurrence',
  ) => {
    const id = await t.db
      .transaction()
      .execute((trx) => createFlow(trx, definition(name, trigger, reentry), null));
    await setFlowState(t.db, id, state);
    return id;
  };
  const keysOf = async (flowId: string) =>
    (
      await t.db
        .selectFrom('automation_runs')
        .select('occurrence_key')
        .where('flow_id', '=', flowId)
        .orderBy('occurrence_key')
        .execute()
    ).map((row) => row.occurrence_key);
  const runCount = async (flowId: string) => (await keysOf(flowId)).length;

  describe('segment entered', () => {
    const DOMAIN = 'collectors.example';
    let segmentId: string;
    const addContacts = async (prefix: string, count: number, domain = DOMAIN) => {
      await sql`
        INSERT INTO leads (email, full_name, email_marketing_consent)
        SELECT ${prefix} || '-' || n || '@' || ${domain}, 'Collector ' || n, true
          FROM generate_series(1, ${count}::int) AS n`.execute(t.db);
    };

    beforeAll(async () => {
      const segment = await t.db
        .insertInto('segments')
        .values({
          name: 'Collectors',
          match: 'all',
          conditions: JSON.stringify([{ kind: 'email_domain', domain: DOMAIN }]),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      segmentId = segment.id;
    });

    it('takes a baseline first, then enters 1,000 new members in one call of a few statements', async () => {
      const trigger: FlowTrigger = { type: 'segment_entered', segmentId };
      const live = await flowIn('live', 'Collectors welcome', trigger);
      const off = await flowIn('off', 'Collectors off', trigger);
      const paused = await flowIn('paused', 'Collectors paused', trigger);
      await addContacts('already', 5);
      const monday = new Date('2026-11-23T00:00:00Z');

      // Those already in did not start matching: the first scan enters nobody.
      expect(await scanSegmentEntries(t.db, monday, SYDNEY)).toBe(0);
      expect(await runCount(live)).toBe(0);

      await addContacts('joined', 1000);
      await addContacts('elsewhere', 3, 'other.example');
      const counter = statementCounter();
      const tuesday = new Date(monday.getTime() + DAY);
      expect(await scanSegmentEntries(t.db.withPlugin(counter), tuesday, SYDNEY)).toBe(1000);
      // Flows, segment, lock, baseline, leavers, joiners with their runs, and the transaction's own.
      expect(counter.count).toBeLessThanOrEqual(10);
      // 24 November 11:00 in Sydney: the key is the business's local day.
      expect(new Set(await keysOf(live))).toEqual(new Set(['segment:2026-11-24']));
      expect(await runCount(live)).toBe(1000);
      expect(await runCount(off)).toBe(0);
      expect(await runCount(paused)).toBe(0);

      // A second scan finds nobody new.
      expect(await scanSegmentEntries(t.db, new Date(tuesday.getTime() + 600_000), SYDNEY)).toBe(0);
      await setFlowState(t.db, live, 'off');
    });

    it('enters again, per occurrence, a contact who left and came back', async () => {
      const live = await flowIn('live', 'Collectors return', { type: 'segment_entered', segmentId });
      const once = await flowIn('live', 'Collectors once', { type: 'segment_entered', segmentId }, 'once');
      const start = new Date('2026-12-01T00:00:00Z');
      await scanSegmentEntries(t.db, start, SYDNEY); // baseline for the new flows
      await addContacts('returning', 1);
      const email = `returning-1@${DOMAIN}`;
      expect(await scanSegmentEntries(t.db, new Date(start.getTime() + DAY), SYDNEY)).toBe(2);

      // Unsubscribing takes the contact out of the audience; subscribing again brings them back.
      const unsubscribed = (at: Date | null) =>
        t.db.updateTable('leads').set({ email_unsubscribed_at: at }).where('email', '=', email).execute();
      await unsubscribed(new Date(start.getTime() + DAY + 3_600_000));
      expect(await scanSegmentEntries(t.db, new Date(start.getTime() + 2 * DAY), SYDNEY)).toBe(0);
      await unsubscribed(null);
      expect(await scanSegmentEntries(t.db, new Date(start.getTime() + 3 * DAY), SYDNEY)).toBe(1);

      expect(await keysOf(live)).toEqual(['segment:2026-12-02', 'segment:2026-12-04']);
      expect(await keysOf(once)).toEqual(['']);
    });
  });

  describe('after a purchase', () => {
    let memberId: string;
    const purchase = async (email: string, at: Date) => {
      const contact = await t.db
        .insertInto('leads')
        .values({ email, full_name: 'Olivia Nguyen', email_marketing_consent: true })
        .returning('id')
        .executeTakeFirstOrThrow();
      const enquiry = await t.db
        .insertInto('enquiries')
        .values({
          lead_id: contact.id,
          watch_brand: 'Rolex',
          watch_model: 'Daytona 116500LN',
          watch_condition: 'Excellent',
          status: 'purchased',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const recorded = await t.db.transaction().execute((trx) =>
        recordPurchase(
          trx,
          registerKeyFrom(testConfig()),
          enquiry.id,
          purchaseRecordInputSchema.parse(purchaseRecord(memberId)),
          {
            id: memberId,
            email: 'register-owner@example.com',
          },
        ),
      );
      if (recorded.status !== 'ok') throw new Error(`purchase refused: ${JSON.stringify(recorded)}`);
      await t.db
        .updateTable('purchase_records')
        .set({ created_at: at })
        .where('id', '=', recorded.id)
        .execute();
      return recorded.id;
    };

    beforeAll(async () => {
      const user = await createUser(t.db, { email: 'register-owner@example.com', password: 'x-password-1' });
      await grantAdmin(t.db, user.email);
      memberId = user.id;
    });

    it('enters N days after the purchase day, once, and not for an old purchase', async () => {
      const flowId = await flowIn('live', 'Day after purchase', {
        type: 'after_purchase',
        days: 1,
        yearly: false,
      });
      // 20 November 12:00 in Sydney.
      const recent = await purchase('day-after@example.com', new Date('2026-11-20T01:00:00Z'));
      await purchase('long-ago@example.com', new Date('2026-09-01T01:00:00Z'));

      expect(await scanPurchaseDates(t.db, new Date('2026-11-20T12:00:00Z'), SYDNEY)).toBe(0);
      // 21 November 00:30 in Sydney: the day has come.
      expect(await scanPurchaseDates(t.db, new Date('2026-11-20T13:30:00Z'), SYDNEY)).toBe(1);
      expect(await scanPurchaseDates(t.db, new Date('2026-11-22T13:30:00Z'), SYDNEY)).toBe(0);
      expect(await keysOf(flowId)).toEqual([`purchase:${recent}`]);
      await setFlowState(t.db, flowId, 'off');
    });

    it('counts the purchase day in the business timezone from the settings (the job)', async () => {
      const flowId = await flowIn('live', 'Two days after, Perth', {
        type: 'after_purchase',
        days: 2,
        yearly: false,
      });
      await t.db
        .insertInto('settings')
        .values({ id: true, timezone: 'Australia/Perth' })
        .onConflict((oc) => oc.column('id').doUpdateSet({ timezone: 'Australia/Perth' }))
        .execute();
      try {
        // 11 June 00:30 in Sydney, still 10 June 22:30 in Perth: day two is the 12th in Perth.
        const bought = await purchase('perth-buyer@example.com', new Date('2026-06-10T14:30:00Z'));
        // 12 June 09:00 in Perth: due there (in Sydney it would wait for the 13th).
        expect(await runTriggerScans(t.db, new Date('2026-06-12T01:00:00Z'))).toEqual({
          segment: 0,
          afterPurchase: 1,
          noEngagement: 0,
          becameInactive: 0,
        });
        expect(await keysOf(flowId)).toEqual([`purchase:${bought}`]);
      } finally {
        await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
        await setFlowState(t.db, flowId, 'off');
      }
    });

    it('catches up a missed anniversary (29 February on the 28th) without doubles', async () => {
      const flowId = await flowIn('live', 'Anniversary', { type: 'after_purchase', days: 0, yearly: true });
      const leap = await purchase('leap-year@example.com', new Date('2024-02-29T01:00:00Z'));

      // The job did not run from the 27th: on 3 March it enters the 28 February anniversary.
      expect(await scanPurchaseDates(t.db, new Date('2026-02-27T01:00:00Z'), SYDNEY)).toBe(0);
      expect(await scanPurchaseDates(t.db, new Date('2026-03-03T01:00:00Z'), SYDNEY)).toBe(1);
      expect(await scanPurchaseDates(t.db, new Date('2026-03-04T01:00:00Z'), SYDNEY)).toBe(0);
      // The next year's comes round on its own day; the 2025 one, long past, never entered.
      expect(await scanPurchaseDates(t.db, new Date('2027-02-28T01:00:00Z'), SYDNEY)).toBe(1);
      expect(await keysOf(flowId)).toEqual([`purchase:${leap}:2026`, `purchase:${leap}:2027`]);
    });
  });

  describe('no engagement', () => {
    it('enters contacts quiet for N days who were sent something in the spell', async () => {
      const flowId = await flowIn('live', 'Quiet for 30 days', { type: 'no_engagement', days: 30 });
      const now = new Date('2026-11-27T01:00:00Z');
      const ago = (days: number) => new Date(now.getTime() - days * DAY);
      const contact = async (name: string, unsubscribed = false) =>
        (
          await t.db
            .insertInto('leads')
            .values({
              email: `${name}@example.com`,
              email_marketing_consent: !unsubscribed,
              email_unsubscribed_at: unsubscribed ? ago(1) : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const send = async (leadId: string, sentDaysAgo: number, openedDaysAgo: number | null = null) => {
        const campaign = await t.db
          .insertInto('email_campaigns')
          .values({ name: `Market update ${sentDaysAgo}`, subject: 'Market update' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.db
          .insertInto('email_sends')
          .values({
            campaign_id: campaign.id,
            lead_id: leadId,
            recipient_email: `${leadId}@example.com`,
            status: 'delivered',
            sent_at: ago(sentDaysAgo),
            provider_message_id: `quiet-${leadId}-${sentDaysAgo}`,
            opened_at: openedDaysAgo === null ? null : ago(openedDaysAgo),
          })
          .execute();
      };
      const never = await contact('never-opened');
      await send(never, 40);
      const engagedThenNothing = await contact('opened-then-not-mailed');
      await send(engagedThenNothing, 40, 35);
      const fellQuiet = await contact('opened-then-quiet');
      await send(fellQuiet, 40, 35);
      await send(fellQuiet, 20);
      const recent = await contact('recent');
      await send(recent, 10);
      const unsubscribed = await contact('unsubscribed', true);
      await send(unsubscribed, 40);

      expect(await scanNoEngagement(t.db, now, SYDNEY)).toBe(2);
      expect(await scanNoEngagement(t.db, new Date(now.getTime() + 600_000), SYDNEY)).toBe(0);
      const runs = await t.db
        .selectFrom('automation_runs')
        .select(['contact_id', 'occurrence_key'])
        .where('flow_id', '=', flowId)
        .orderBy('occurrence_key')
        .execute();
      expect(runs).toEqual([
        { contact_id: never, occurrence_key: 'quiet:2026-10-18' },
        { contact_id: fellQuiet, occurrence_key: 'quiet:2026-10-23' },
      ]);
    });
  });
});
