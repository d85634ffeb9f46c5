import { TRPCError } from '@trpc/server';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { testRun } from './admin.ts';
import { advanceRun, type FlowEffects } from './engine.ts';
import { enterFlow } from './enter.ts';

const SYDNEY = 'Australia/Sydney';
const AFTERNOON = new Date('2026-11-25T03:00:00Z'); // Wednesday 14:00 in Sydney
const daysAfter = (at: Date, days: number) => new Date(at.getTime() + days * 86_400_000);

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
}

describe('admin.automations (decision 066)', () => {
  const t = useTestDatabase();
  const members: Partial<Record<Role, SessionUser>> = {};
  let welcome = '';
  let nudge = '';
  let reply = '';
  const api = (role: Role) => callerFor(testServices(t.db), members[role]).admin.automations;

  const definition = (name: string, overrides: Partial<FlowDefinition> = {}): FlowDefinition => ({
    name,
    description: 'Greets a new subscriber',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps: [
      { id: 'first', type: 'send', templateId: welcome, template: 'marketing' },
      { id: 'pause', type: 'wait', days: 3, hours: 0, minutes: 0 },
      {
        id: 'opened',
        type: 'branch',
        condition: { type: 'opened_previous' },
        then: [{ id: 'second', type: 'send', templateId: nudge, template: 'marketing' }],
        otherwise: [{ id: 'leave', type: 'exit' }],
      },
    ],
    ...overrides,
  });

  const template = async (name: string, kind: 'marketing' | 'reply') =>
    (
      await t.db
        .insertInto('email_templates')
        .values({ template_name: name, subject: name, html_content: '<p>Hi</p>', template_type: kind })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const contact = async (email: string, consent = true) =>
    (
      await t.db
        .insertInto('leads')
        .values({ email, full_name: 'Olivia Brown', email_marketing_consent: consent })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const auditActions = async (entityId: string) =>
    (
      await t.db
        .selectFrom('audit_log')
        .select(['action', 'summary'])
        .where('entity_id', '=', entityId)
        .orderBy('created_at')
        .execute()
    ).map((row) => row.action);

  beforeAll(async () => {
    for (const role of ['owner', 'marketer', 'buyer', 'viewer'] as const) {
      const user = await createUser(t.db, {
        email: `flows-${role}@example.com`,
        password: 'unused-pass-1',
        verified: true,
      });
      await grantAdmin(t.db, user.email, role);
      members[role] = { id: user.id, email: user.email, role };
    }
    welcome = await template('Welcome (1/2)', 'marketing');
    nudge = await template('Welcome (2/2)', 'marketing');
    reply = await template('Gentle reminder', 'reply');
  });

  it('lets the Marketer create and save; the Viewer and the Buyer only read', async () => {
    const created = await api('marketer').create(definition('Read and write'));
    expect(created.version).toBe(1);
    for (const role of ['viewer', 'buyer'] as const) {
      expect(await codeOf(api(role).create(definition(`By ${role}`)))).toMatch(/^FORBIDDEN/);
      expect(
        await codeOf(api(role).save({ id: created.id, baseVersion: 1, definition: definition('X') })),
      ).toMatch(/^FORBIDDEN/);
      expect(await codeOf(api(role).setState({ id: created.id, state: 'live' }))).toMatch(/^FORBIDDEN/);
      const list = await api(role).list();
      expect(list.find((f) => f.id === created.id)?.name).toBe('Read and write');
    }
  });

  it('saves versions, keeps the old ones readable and refuses a stale edit naming who saved', async () => {
    const { id } = await api('marketer').create(definition('Versions'));
    const second = await api('marketer').save({
      id,
      baseVersion: 1,
      definition: definition('Versions', { description: 'Second take' }),
    });
    expect(second.version).toBe(2);
    // The Owner edited version 1 too, and saves after the Marketer: refused, nothing written.
    const stale = await codeOf(
      api('owner').save({ id, baseVersion: 1, definition: definition('Versions', { description: 'Mine' }) }),
    );
    expect(stale).toBe(
      'CONFLICT: flows-marketer@example.com saved version 2 of this flow while you were editing. Reload it to see their changes, then edit again.',
    );
    const flow = await api('viewer').get({ id });
    expect(flow.currentVersion).toBe(2);
    expect(flow.definition.description).toBe('Second take');
    expect(flow.versions.map((v) => [v.version, v.savedBy])).toEqual([
      [2, 'flows-marketer@example.com'],
      [1, 'flows-marketer@example.com'],
    ]);
    expect((await api('viewer').get({ id, version: 1 })).definition.description).toBe(
      'Greets a new subscriber',
    );
    expect(await codeOf(api('marketer').create(definition('Versions')))).toBe(
      'CONFLICT: A flow with this name already exists',
    );
  });

  it('refuses a flow the schema refuses, with the shared message (400, not 500)', async () => {
    const bad = definition('Reply without enquiry', {
      steps: [{ id: 'r', type: 'send', templateId: reply, template: 'reply' }],
    });
    const outcome = await codeOf(api('marketer').create(bad));
    expect(outcome).toMatch(/^BAD_REQUEST/);
    expect(outcome).toContain('use it only in a flow started by an enquiry');
  });

  it('switches on only when the templates exist and are of their kind; audits every change', async () => {
    const wrongKind = await api('marketer').create(
      definition('Wrong kind', {
        steps: [{ id: 'a', type: 'send', templateId: reply, template: 'marketing' }],
      }),
    );
    expect(await codeOf(api('marketer').setState({ id: wrongKind.id, state: 'live' }))).toBe(
      'BAD_REQUEST: “Gentle reminder” is not a marketing template: choose a marketing template before switching the flow on',
    );
    const gone = await template('Soon deleted', 'marketing');
    const missing = await api('marketer').create(
      definition('Missing template', {
        steps: [{ id: 'a', type: 'send', templateId: gone, template: 'marketing' }],
      }),
    );
    await t.db.deleteFrom('email_templates').where('id', '=', gone).execute();
    expect(await codeOf(api('marketer').setState({ id: missing.id, state: 'live' }))).toBe(
      'BAD_REQUEST: A template this flow sends no longer exists: choose another before switching it on',
    );

    const { id } = await api('marketer').create(definition('Audited'));
    await api('marketer').save({ id, baseVersion: 1, definition: definition('Audited') });
    await api('marketer').setState({ id, state: 'live' });
    await api('marketer').setState({ id, state: 'paused' });
    await api('marketer').setState({ id, state: 'off' });
    expect(await auditActions(id)).toEqual([
      'admin.automations.create',
      'admin.automations.save',
      'admin.automations.setState',
      'admin.automations.setState',
      'admin.automations.setState',
    ]);
    const saved = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('entity_id', '=', id)
      .where('action', '=', 'admin.automations.save')
      .executeTakeFirstOrThrow();
    expect(saved.summary).toMatchObject({ changes: { current_version: { before: 1, after: 2 } } });
    // The refused switches left no row.
    expect(await auditActions(wrongKind.id)).toEqual(['admin.automations.create']);
  });

  it('deletes a flow that never ran and refuses one that did', async () => {
    const unused = await api('marketer').create(definition('Never ran'));
    await api('marketer').delete({ id: unused.id });
    expect(await codeOf(api('viewer').get({ id: unused.id }))).toBe('NOT_FOUND: Flow not found');

    const used = await api('marketer').create(definition('Ran once'));
    await api('marketer').setState({ id: used.id, state: 'live' });
    await enterFlow(t.db, {
      flowId: used.id,
      contactId: await contact('ran-once@example.com'),
      occurrence: '',
    });
    expect(await codeOf(api('marketer').delete({ id: used.id }))).toBe(
      'CONFLICT: This flow has already run for contacts: switch it off instead of deleting it',
    );
  });

  describe('insight and a contact’s flows, on runs the engine moved', () => {
    const opened = new Set<string>();
    const effects: FlowEffects = {
      send: () => Promise.resolve(),
      engaged: (_trx, _run, key) => Promise.resolve(opened.has(key)),
    };
    const advance = (runId: string, now: Date) =>
      advanceRun(t.db, runId, effects, { now, timeZone: SYDNEY, weeklyMarketingCap: 10 });
    let flowId = '';
    const runs: Record<string, string> = {};
    const contacts: Record<string, string> = {};

    beforeAll(async () => {
      flowId = (await api('marketer').create(definition('Insight'))).id;
      await api('marketer').setState({ id: flowId, state: 'live' });
      for (const name of ['waiting', 'opener', 'ignorer', 'leaver', 'unconsented']) {
        contacts[name] = await contact(`insight-${name}@example.com`, name !== 'unconsented');
        runs[name] = (await enterFlow(t.db, {
          flowId,
          contactId: contacts[name],
          occurrence: '',
          at: AFTERNOON,
        }))!;
      }
      for (const name of ['waiting', 'opener', 'ignorer', 'unconsented'])
        await advance(runs[name]!, AFTERNOON);
      // The sending lane stamps opens on the step row (the contract's opened_at).
      await t.db
        .updateTable('automation_run_steps')
        .set({ opened_at: daysAfter(AFTERNOON, 1) })
        .where('run_id', '=', runs.opener!)
        .where('step_id', '=', 'first')
        .execute();
      opened.add(`flow-step:${runs.opener}:first`);
      await advance(runs.opener!, daysAfter(AFTERNOON, 3));
      await advance(runs.ignorer!, daysAfter(AFTERNOON, 3));
      await t.db
        .updateTable('leads')
        .set({ email_unsubscribed_at: AFTERNOON })
        .where('id', '=', contacts.leaver!)
        .execute();
      // A second version: the runs above stay counted on version 1.
      await api('marketer').save({ id: flowId, baseVersion: 1, definition: definition('Insight') });
    });

    it('counts entered, waiting, sent, opened and exits per step of version 1', async () => {
      const insight = await api('viewer').insight({ id: flowId, version: 1 });
      const row = (stepId: string) => insight.steps.find((s) => s.stepId === stepId);
      expect(insight.steps.map((s) => s.stepId)).toEqual(['first', 'pause', 'opened', 'second', 'leave']);
      expect(row('first')).toEqual({
        stepId: 'first',
        entered: 3,
        waiting: 0,
        sent: 3,
        opened: 1,
        clicked: 0,
        exited: 2,
        exitReasons: [
          { reason: 'no marketing consent', count: 1 },
          { reason: 'unsubscribed', count: 1 },
        ],
      });
      expect(row('pause')).toMatchObject({ entered: 3, waiting: 1, sent: 0, exited: 0 });
      expect(row('opened')).toMatchObject({ entered: 2, waiting: 0 });
      expect(row('second')).toMatchObject({ entered: 1, sent: 1, opened: 0 });
      expect(row('leave')).toMatchObject({
        entered: 1,
        exited: 1,
        exitReasons: [{ reason: 'exit step', count: 1 }],
      });

      const current = await api('viewer').insight({ id: flowId });
      expect(current.version).toBe(2);
      expect(current.steps.every((s) => s.entered === 0 && s.exited === 0)).toBe(true);

      const listed = (await api('viewer').list()).find((f) => f.id === flowId);
      expect(listed).toMatchObject({ version: 2, state: 'live', entered: 5, waiting: 1, finished: 4 });
    });

    it('lists a contact’s runs with the steps done and where they are', async () => {
      const [run] = await api('buyer').contactFlows({ contactId: contacts.opener! });
      expect(run).toMatchObject({ flowName: 'Insight', version: 1, state: 'finished', exitReason: null });
      expect(run!.steps.map((s) => [s.stepId, s.outcome, s.text])).toEqual([
        ['first', 'sent_marketing', 'Send “Welcome (1/2)”'],
        ['pause', 'waited', 'Wait 3 days'],
        ['opened', 'then', 'If they opened the previous e-mail'],
        ['second', 'sent_marketing', 'Send “Welcome (2/2)”'],
      ]);
      const [waiting] = await api('viewer').contactFlows({ contactId: contacts.waiting! });
      expect(waiting).toMatchObject({ state: 'waiting', currentStep: 'If they opened the previous e-mail' });
    });
  });

  it('writes an enquiry’s flow onto its timeline: entered, sent, left with the reason', async () => {
    const contactId = await contact('timeline-seller@example.com');
    const enquiry = await t.db
      .insertInto('enquiries')
      .values({ lead_id: contactId, watch_brand: 'Rolex', watch_condition: 'Good', status: 'offer_made' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { id: flowId } = await api('marketer').create(
      definition('Offer reminder', {
        trigger: { type: 'enquiry_status', status: 'offer_made', brands: [] },
        steps: [
          { id: 'remind', type: 'send', templateId: reply, template: 'reply' },
          { id: 'later', type: 'wait', days: 2, hours: 0, minutes: 0 },
          { id: 'again', type: 'send', templateId: reply, template: 'reply' },
        ],
      }),
    );
    await api('marketer').setState({ id: flowId, state: 'live' });
    const runId = (await enterFlow(t.db, {
      flowId,
      contactId,
      enquiryId: enquiry.id,
      occurrence: `${enquiry.id}:offer_made`,
      at: AFTERNOON,
    }))!;
    await advanceRun(
      t.db,
      runId,
      { send: () => Promise.resolve(), engaged: () => Promise.resolve(false) },
      { now: AFTERNOON, timeZone: SYDNEY, weeklyMarketingCap: 10 },
    );
    await t.db
      .updateTable('leads')
      .set({ email_unsubscribed_at: new Date() })
      .where('id', '=', contactId)
      .execute();

    const detail = await callerFor(testServices(t.db), members.owner).admin.enquiries.get({ id: enquiry.id });
    const flowLines = detail.timeline.flatMap((entry) => (entry.kind === 'flow' ? [entry.text] : []));
    expect(flowLines).toEqual([
      "Entered flow 'Offer reminder'",
      "Flow 'Offer reminder' sent 'Gentle reminder'",
      "Left flow 'Offer reminder': unsubscribed",
    ]);
  });

  describe('test run', () => {
    const assumptions = { opened: true, clicked: false, enquiryStatus: null, segments: {} };

    it('plans the sends and applies the cap from settings, the consent and the unsubscribe', async () => {
      await t.db.updateTable('settings').set({ weekly_marketing_cap: 1, timezone: SYDNEY }).execute();
      const capped = await contact('test-run-capped@example.com');
      const flowId = (await api('marketer').create(definition('Capped source'))).id;
      await api('marketer').setState({ id: flowId, state: 'live' });
      const runId = (await enterFlow(t.db, { flowId, contactId: capped, occurrence: '', at: AFTERNOON }))!;
      await advanceRun(
        t.db,
        runId,
        { send: () => Promise.resolve(), engaged: () => Promise.resolve(false) },
        { now: AFTERNOON, timeZone: SYDNEY, weeklyMarketingCap: 10 },
      );

      const now = new Date(AFTERNOON.getTime() + 60_000);
      const result = (await testRun(
        t.db,
        { definition: definition('Plan'), contactId: capped, assumptions },
        now,
      ))!;
      expect(result.facts).toMatchObject({
        consent: true,
        unsubscribed: false,
        weeklyCap: 1,
        marketingSendsThisWeek: 1,
        timeZone: SYDNEY,
      });
      // Held as the engine holds it, until the counted e-mail is a week and a second old; the steps
      // after it move with it, and the second send is held by the first in turn.
      expect(result.lines.map((l) => [l.at, l.text, l.skipped])).toEqual([
        ['2026-12-02T03:00:01.000Z', 'Send “Welcome (1/2)” (held: weekly cap of 1 reached)', null],
        ['2026-12-05T03:00:01.000Z', 'Wait 3 d 0 h 0 min', null],
        ['2026-12-05T03:00:01.000Z', 'Opened the previous e-mail? Yes', null],
        ['2026-12-09T03:00:02.000Z', 'Send “Welcome (2/2)” (held: weekly cap of 1 reached)', null],
        ['2026-12-09T03:00:02.000Z', 'Finishes the flow', null],
      ]);

      const unconsented = await contact('test-run-no-consent@example.com', false);
      const lines = (
        await api('viewer').testRun({ definition: definition('Plan'), contactId: unconsented, assumptions })
      ).lines;
      expect(lines.map((l) => l.skipped)).toEqual([
        'skipped: no consent (leaves the flow here)',
        'skipped: left the flow',
        'skipped: left the flow',
        'skipped: left the flow',
        'skipped: left the flow',
      ]);

      const gone = await contact('test-run-gone@example.com');
      await t.db
        .updateTable('leads')
        .set({ email_unsubscribed_at: AFTERNOON })
        .where('id', '=', gone)
        .execute();
      const goneLines = (
        await api('viewer').testRun({ definition: definition('Plan'), contactId: gone, assumptions })
      ).lines;
      expect(goneLines.every((l) => l.skipped === 'skipped: unsubscribed')).toBe(true);

      expect(
        await codeOf(
          api('viewer').testRun({
            definition: definition('Plan'),
            contactId: '00000000-0000-4000-8000-0000000000cc',
            assumptions,
          }),
        ),
      ).toBe('NOT_FOUND: Contact not found');
    });
  });
});
