import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition, FlowStep } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testConfig, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { saveFlowFromEditor } from '../automations/admin.ts';
import { ensureStarterFlows } from '../automations/starters.ts';
import { deleteTemplate } from './templates.ts';

// Deleting a template a flow sends is refused while the flow's current version sends it, whatever
// the flow's state, and cannot race a flow save (decision 066).

async function outcomeOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? `${error.code}: ${error.message}` : String(error);
  }
}

describe('deleting a template a flow sends', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  const api = () => callerFor(testServices(t.db), owner).admin;

  const template = async (name: string) =>
    (
      await t.db
        .insertInto('email_templates')
        .values({ template_name: name, subject: name, html_content: '<p>Hi</p>', template_type: 'marketing' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const definition = (name: string, steps: FlowStep[]): FlowDefinition => ({
    name,
    description: '',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps,
  });
  const send = (id: string, templateId: string): FlowStep => ({
    id,
    type: 'send',
    templateId,
    template: 'marketing',
  });
  /** A first send, then the template in question only inside a branch's arm. */
  const inBranch = (name: string, first: string, branched: string) =>
    definition(name, [
      send('first', first),
      { id: 'pause', type: 'wait', days: 2, hours: 0, minutes: 0 },
      {
        id: 'opened',
        type: 'branch',
        condition: { type: 'opened_previous' },
        then: [],
        otherwise: [send('again', branched)],
      },
    ]);
  const exists = async (id: string) =>
    (await t.db.selectFrom('email_templates').select('id').where('id', '=', id).executeTakeFirst()) !==
    undefined;
  const lockWaiters = async () => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(t.db);
    return rows[0]?.n;
  };

  beforeAll(async () => {
    const user = await createUser(t.db, {
      email: 'templates-in-flows@example.com',
      password: 'unused-pass-1',
      verified: true,
    });
    await grantAdmin(t.db, user.email, 'owner');
    owner = { id: user.id, email: user.email, role: 'owner' };
  });

  it('is refused while an on, paused or off flow sends it, branches included, naming the flows', async () => {
    const shared = await template('Shared welcome');
    const branched = await template('Second chance');
    const live = await api().automations.create(definition('Live welcome', [send('hello', shared)]));
    await api().automations.setState({ id: live.id, state: 'live' });
    const paused = await api().automations.create(inBranch('Paused nurture', shared, branched));
    await api().automations.setState({ id: paused.id, state: 'live' });
    await api().automations.setState({ id: paused.id, state: 'paused' });
    await api().automations.create(definition('Off draft', [send('hello', shared)]));

    expect(await outcomeOf(api().templates.delete({ id: shared }))).toBe(
      "CONFLICT: This template is used by the flows 'Live welcome', 'Off draft', 'Paused nurture'. Remove it from the flow before deleting it.",
    );
    expect(await outcomeOf(api().templates.delete({ id: branched }))).toBe(
      "CONFLICT: This template is used by the flow 'Paused nurture'. Remove it from the flow before deleting it.",
    );
    expect(await exists(shared)).toBe(true);
    expect(await exists(branched)).toBe(true);
    // Refused deletes leave no audit row.
    const audited = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'admin.templates.delete')
      .execute();
    expect(audited).toEqual([]);

    // Version 2 no longer sends it: version 1 still does, and old versions do not block.
    await api().automations.save({
      id: paused.id,
      baseVersion: 1,
      definition: inBranch('Paused nurture', shared, shared),
    });
    expect(await api().templates.delete({ id: branched })).toEqual({ id: branched });
    expect(await exists(branched)).toBe(false);
    expect((await api().automations.get({ id: paused.id, version: 1 })).templateNames[branched]).toBe(
      undefined,
    );
  });

  it('finds the template however the flow spells its id', async () => {
    const upper = await template('Upper case');
    await api().automations.create(definition('Upper case flow', [send('hello', upper.toUpperCase())]));
    expect(await outcomeOf(api().templates.delete({ id: upper }))).toBe(
      "CONFLICT: This template is used by the flow 'Upper case flow'. Remove it from the flow before deleting it.",
    );
  });

  it('covers the starter flows the same way', async () => {
    await ensureStarterFlows(t.db, { appUrl: testConfig().appUrl });
    const welcome = await t.db
      .selectFrom('email_templates')
      .select('id')
      .where('starter_key', '=', 'welcome-1')
      .executeTakeFirstOrThrow();
    expect(await outcomeOf(api().templates.delete({ id: welcome.id }))).toBe(
      "CONFLICT: This template is used by the flow 'Welcome series'. Remove it from the flow before deleting it.",
    );
    expect(await exists(welcome.id)).toBe(true);
  });

  it('waits for a flow save that sends the template, then refuses', async () => {
    const racing = await template('Racing save');
    const { id } = await api().automations.create(
      definition('Save first', [send('hello', await template('Other'))]),
    );
    await api().automations.setState({ id, state: 'live' });

    const save = await t.db.startTransaction().execute();
    const saved = await saveFlowFromEditor(
      save,
      { id, baseVersion: 1, definition: definition('Save first', [send('hello', racing)]) },
      owner.id,
    );
    expect(saved).toMatchObject({ status: 'saved', version: 2 });
    const deleting = outcomeOf(api().templates.delete({ id: racing }));
    // The delete waits on the template's row, which the uncommitted save holds...
    await expect.poll(lockWaiters).toBe(1);
    await save.commit().execute();
    // ... and then reads the saved version.
    expect(await deleting).toBe(
      "CONFLICT: This template is used by the flow 'Save first'. Remove it from the flow before deleting it.",
    );
    expect(await exists(racing)).toBe(true);
  });

  it('makes a flow save that waited for the delete refuse, so no live flow names a deleted template', async () => {
    const racing = await template('Racing delete');
    const kept = await template('Kept');
    const { id } = await api().automations.create(definition('Delete first', [send('hello', kept)]));
    await api().automations.setState({ id, state: 'live' });

    const remove = await t.db.startTransaction().execute();
    expect(await deleteTemplate(remove, racing)).toEqual({ status: 'deleted' });
    const saving = outcomeOf(
      api().automations.save({
        id,
        baseVersion: 1,
        definition: definition('Delete first', [send('hello', kept), send('later', racing)]),
      }),
    );
    await expect.poll(lockWaiters).toBe(1);
    await remove.commit().execute();
    expect(await saving).toBe(
      'BAD_REQUEST: A template this flow sends no longer exists: choose another before saving',
    );
    const flow = await api().automations.get({ id });
    expect(flow).toMatchObject({ state: 'live', currentVersion: 1 });
    expect(JSON.stringify(flow.definition)).not.toContain(racing);
    expect(await exists(racing)).toBe(false);
  });
});
