import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowStep } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { advanceRun, dueRunIds, type FlowEffects } from './engine.ts';
import { enterFlow } from './enter.ts';
import { createFlow, saveFlowVersion, setFlowState } from './flows.ts';

const SYDNEY = 'Australia/Sydney';
const FIRST = '0b6f4d0e-7d0b-4c53-9f8e-2f6a0f3b1a11';
const SECOND = '5d1c0f0a-2a8b-4f7e-9a61-3c7e8f9d0b22';
const AFTERNOON = new Date('2026-11-25T03:00:00Z'); // Wednesday 14:00 in Sydney
const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);
const daysAfter = (at: Date, days: number) => minutesAfter(at, days * 1440);

const welcomeSteps: FlowStep[] = [
  { id: 'first', type: 'send', templateId: FIRST, template: 'marketing' },
  { id: 'pause', type: 'wait', days: 3, hours: 0, minutes: 0 },
  {
    id: 'opened',
    type: 'branch',
    condition: { type: 'opened_previous' },
    then: [{ id: 'second', type: 'send', templateId: SECOND, template: 'marketing' }],
    otherwise: [{ id: 'leave', type: 'exit' }],
  },
];

function flow(name: string, overrides: Partial<FlowDefinition> = {}): FlowDefinition {
  return {
    name,
    description: '',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps: welcomeSteps,
    ...overrides,
  };
}

describe('automation flows engine', () => {
  const t = useTestDatabase();
  const opened = new Set<string>();
  let failNextSend = false;

  // The e-mail side is recorded in a plain table without a unique key, so a duplicate would show.
  const effects: FlowEffects = {
    async send(trx, run, step, key) {
      await sql`INSERT INTO test_flow_sends (key, contact_id, template_id) VALUES (${key}, ${run.contactId}, ${step.templateId})`.execute(
        trx,
      );
      if (failNextSend) {
        failNextSend = false;
        throw new Error('worker died after queuing the e-mail');
      }
    },
    engaged: (_trx, _run, key) => Promise.resolve(opened.has(key)),
  };
  const options = (now: Date, weeklyMarketingCap = 10) => ({ now, timeZone: SYDNEY, weeklyMarketingCap });
  const sendsOf = async (contactId: string) =>
    (
      await sql<{
        template_id: string;
      }>`SELECT template_id FROM test_flow_sends WHERE contact_id = ${contactId} ORDER BY at, key`.execute(
        t.db,
      )
    ).rows.map((row) => row.template_id);
  const newContact = async (email: string) =>
    (
      await t.db
        .insertInto('leads')
        .values({ email, full_name: 'Olivia Brown', email_marketing_consent: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const liveFlow = async (definition: FlowDefinition) => {
    const id = await t.db.transaction().execute((trx) => createFlow(trx, definition, null));
    await setFlowState(t.db, id, 'live');
    return id;
  };
  const runOf = (runId: string) =>
    t.db
      .selectFrom('automation_runs')
      .select(['state', 'next_step', 'due_at', 'exit_reason', 'version'])
      .where('id', '=', runId)
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    await sql`CREATE TABLE test_flow_sends (key text NOT NULL, contact_id uuid NOT NULL, template_id uuid NOT NULL, at timestamptz NOT NULL DEFAULT clock_timestamp())`.execute(
      t.db,
    );
  });
  beforeEach(() => {
    opened.clear();
    failNextSend = false;
  });

  it('sends at once, waits three days, then follows the branch the contact chose', async () => {
    const flowId = await liveFlow(flow('Welcome A'));
    const contactId = await newContact('welcome-a@example.com');
    const runId = (await enterFlow(t.db, { flowId, contactId, occurrence: 'x', at: AFTERNOON }))!;

    expect(await advanceRun(t.db, runId, effects, options(AFTERNOON))).toBe('waiting');
    expect(await sendsOf(contactId)).toEqual([FIRST]);
    const waiting = await runOf(runId);
    expect(waiting.next_step).toBe('opened');
    expect(waiting.due_at.toISOString()).toBe(daysAfter(AFTERNOON, 3).toISOString());

    expect(await advanceRun(t.db, runId, effects, options(daysAfter(AFTERNOON, 1)))).toBe('busy');
    opened.add(`flow-step:${runId}:first`);
    expect(await advanceRun(t.db, runId, effects, options(daysAfter(AFTERNOON, 3)))).toBe('finished');
    expect(await sendsOf(contactId)).toEqual([FIRST, SECOND]);

    const other = await newContact('welcome-a2@example.com');
    const otherRun = (await enterFlow(t.db, { flowId, contactId: other, occurrence: 'x', at: AFTERNOON }))!;
    await advanceRun(t.db, otherRun, effects, options(AFTERNOON));
    expect(await advanceRun(t.db, otherRun, effects, options(daysAfter(AFTERNOON, 3)))).toBe('exited');
    expect(await sendsOf(other)).toEqual([FIRST]);
  });

  it('lets a contact in once ever, or once per occurrence, as the flow says', async () => {
    const once = await liveFlow(flow('Once'));
    const each = await liveFlow(flow('Each', { reentry: 'per_occurrence' }));
    const contactId = await newContact('reentry@example.com');
    expect(await enterFlow(t.db, { flowId: once, contactId, occurrence: 'enquiry-1' })).not.toBeNull();
    expect(await enterFlow(t.db, { flowId: once, contactId, occurrence: 'enquiry-2' })).toBeNull();
    expect(await enterFlow(t.db, { flowId: each, contactId, occurrence: 'enquiry-1' })).not.toBeNull();
    expect(await enterFlow(t.db, { flowId: each, contactId, occurrence: 'enquiry-1' })).toBeNull();
    expect(await enterFlow(t.db, { flowId: each, contactId, occurrence: 'enquiry-2' })).not.toBeNull();
    const off = await t.db.transaction().execute((trx) => createFlow(trx, flow('Off'), null));
    expect(await enterFlow(t.db, { flowId: off, contactId, occurrence: 'x' })).toBeNull();
  });

  it('sends each step exactly once with four workers racing and one dying mid-step', async () => {
    const steps: FlowStep[] = [
      { id: 'one', type: 'send', templateId: FIRST, template: 'marketing' },
      { id: 'gap', type: 'wait', days: 0, hours: 0, minutes: 1 },
      { id: 'two', type: 'send', templateId: SECOND, template: 'marketing' },
    ];
    const flowId = await liveFlow(flow('Race', { steps }));
    const contacts = await t.db
      .insertInto('leads')
      .values(
        Array.from({ length: 200 }, (_, i) => ({
          email: `race${i}@example.com`,
          email_marketing_consent: true,
        })),
      )
      .returning('id')
      .execute();
    for (const { id } of contacts)
      await enterFlow(t.db, { flowId, contactId: id, occurrence: 'x', at: AFTERNOON });

    const worker = async (now: Date) => {
      for (;;) {
        const due = await dueRunIds(t.db, now, 50);
        if (due.length === 0) return;
        let progressed = false;
        for (const runId of due) {
          try {
            if ((await advanceRun(t.db, runId, effects, options(now))) !== 'busy') progressed = true;
          } catch {
            progressed = true; // the "dead" worker's transaction rolled back; the run is due again
          }
        }
        if (!progressed) await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    failNextSend = true;
    await Promise.all([1, 2, 3, 4].map(() => worker(AFTERNOON)));
    await Promise.all([1, 2, 3, 4].map(() => worker(minutesAfter(AFTERNOON, 2))));

    const { rows } = await sql<{ sends: number; contacts: number; keys: number }>`
      SELECT count(*)::int AS sends, count(DISTINCT s.contact_id)::int AS contacts, count(DISTINCT s.key)::int AS keys
      FROM test_flow_sends s JOIN automation_runs r ON r.contact_id = s.contact_id
      WHERE r.flow_id = ${flowId}`.execute(t.db);
    expect(rows[0]).toEqual({ sends: 400, contacts: 200, keys: 400 });
    const states = await t.db
      .selectFrom('automation_runs')
      .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
      .where('flow_id', '=', flowId)
      .groupBy('state')
      .execute();
    expect(states).toEqual([{ state: 'finished', n: 200 }]);
  });

  it('sends nothing more once the contact unsubscribes, and takes them out of every flow', async () => {
    const flowId = await liveFlow(flow('Unsubscribe'));
    const second = await liveFlow(flow('Unsubscribe too'));
    const contactId = await newContact('leaving@example.com');
    const runId = (await enterFlow(t.db, { flowId, contactId, occurrence: 'x', at: AFTERNOON }))!;
    const otherRun = (await enterFlow(t.db, { flowId: second, contactId, occurrence: 'x', at: AFTERNOON }))!;
    await advanceRun(t.db, runId, effects, options(AFTERNOON));
    opened.add(`flow-step:${runId}:first`);
    // Whichever path records the unsubscribe, the same statement ends every waiting run.
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('id', '=', contactId)
      .execute();
    expect(await runOf(runId)).toMatchObject({ state: 'exited', exit_reason: 'unsubscribed' });
    expect(await runOf(otherRun)).toMatchObject({ state: 'exited', exit_reason: 'unsubscribed' });
    expect(await advanceRun(t.db, runId, effects, options(daysAfter(AFTERNOON, 3)))).toBe('busy');
    expect(await sendsOf(contactId)).toEqual([FIRST]);

    const suppressed = await newContact('bounced@example.com');
    const bouncedRun = (await enterFlow(t.db, {
      flowId,
      contactId: suppressed,
      occurrence: 'x',
      at: AFTERNOON,
    }))!;
    await t.db.updateTable('leads').set({ suppressed_at: new Date() }).where('id', '=', suppressed).execute();
    expect(await runOf(bouncedRun)).toMatchObject({ state: 'exited', exit_reason: 'suppressed' });
    expect(await advanceRun(t.db, bouncedRun, effects, options(AFTERNOON))).toBe('busy');
    expect(await sendsOf(suppressed)).toEqual([]);
  });

  it('holds a marketing send until quiet hours end, unless the flow says not to', async () => {
    const night = new Date('2026-11-25T12:00:00Z'); // 23:00 in Sydney
    const quiet = await liveFlow(flow('Quiet'));
    const loud = await liveFlow(flow('Loud', { respectQuietHours: false }));
    const contactId = await newContact('night@example.com');
    const quietRun = (await enterFlow(t.db, { flowId: quiet, contactId, occurrence: 'x', at: night }))!;
    expect(await advanceRun(t.db, quietRun, effects, options(night))).toBe('waiting');
    expect(await sendsOf(contactId)).toEqual([]);
    expect((await runOf(quietRun)).due_at.toISOString()).toBe('2026-11-25T21:00:00.000Z');
    const loudRun = (await enterFlow(t.db, { flowId: loud, contactId, occurrence: 'x', at: night }))!;
    await advanceRun(t.db, loudRun, effects, options(night));
    expect(await sendsOf(contactId)).toEqual([FIRST]);
  });

  it('keeps to the weekly cap across flows, sending later rather than never', async () => {
    const a = await liveFlow(flow('Cap A'));
    const b = await liveFlow(flow('Cap B'));
    const contactId = await newContact('capped@example.com');
    const runA = (await enterFlow(t.db, { flowId: a, contactId, occurrence: 'x', at: AFTERNOON }))!;
    const runB = (await enterFlow(t.db, { flowId: b, contactId, occurrence: 'x', at: AFTERNOON }))!;
    await advanceRun(t.db, runA, effects, options(AFTERNOON, 1));
    expect(await advanceRun(t.db, runB, effects, options(minutesAfter(AFTERNOON, 5), 1))).toBe('waiting');
    expect(await sendsOf(contactId)).toEqual([FIRST]);
    const held = await runOf(runB);
    expect(held.next_step).toBe('first');
    expect(held.due_at.getTime()).toBeGreaterThan(daysAfter(AFTERNOON, 7).getTime());
    await advanceRun(t.db, runB, effects, options(held.due_at, 1));
    expect(await sendsOf(contactId)).toEqual([FIRST, FIRST]);
  });

  it('lets a started contact finish their version while newcomers get the edit', async () => {
    const flowId = await liveFlow(flow('Versions'));
    const early = await newContact('early@example.com');
    const late = await newContact('late@example.com');
    const earlyRun = (await enterFlow(t.db, { flowId, contactId: early, occurrence: 'x', at: AFTERNOON }))!;
    await advanceRun(t.db, earlyRun, effects, options(AFTERNOON));
    const edited: FlowStep[] = [{ id: 'only', type: 'send', templateId: SECOND, template: 'marketing' }];
    expect(
      await t.db
        .transaction()
        .execute((trx) => saveFlowVersion(trx, flowId, flow('Versions', { steps: edited }), null)),
    ).toBe(2);
    opened.add(`flow-step:${earlyRun}:first`);
    await advanceRun(t.db, earlyRun, effects, options(daysAfter(AFTERNOON, 3)));
    expect(await sendsOf(early)).toEqual([FIRST, SECOND]);
    expect((await runOf(earlyRun)).version).toBe(1);
    const lateRun = (await enterFlow(t.db, { flowId, contactId: late, occurrence: 'x', at: AFTERNOON }))!;
    expect(await advanceRun(t.db, lateRun, effects, options(AFTERNOON))).toBe('finished');
    expect(await sendsOf(late)).toEqual([SECOND]);
  });

  it('holds a paused flow’s contacts where they are until it resumes', async () => {
    const flowId = await liveFlow(flow('Paused'));
    const contactId = await newContact('paused@example.com');
    const runId = (await enterFlow(t.db, { flowId, contactId, occurrence: 'x', at: AFTERNOON }))!;
    await setFlowState(t.db, flowId, 'paused');
    expect(await dueRunIds(t.db, AFTERNOON, 1000)).not.toContain(runId);
    expect(await advanceRun(t.db, runId, effects, options(AFTERNOON))).toBe('busy');
    expect(await sendsOf(contactId)).toEqual([]);
    await setFlowState(t.db, flowId, 'live');
    expect(await dueRunIds(t.db, AFTERNOON, 1000)).toContain(runId);
    expect(await advanceRun(t.db, runId, effects, options(AFTERNOON))).toBe('waiting');
    expect(await sendsOf(contactId)).toEqual([FIRST]);
  });
});
