import { beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

// The audit log lists what a flow's save changed, read from the two kept versions (decision 061).

describe('the audit log on a flow saved again', () => {
  const t = useTestDatabase();
  let owner: SessionUser;
  let offer = '';
  const api = () => callerFor(testServices(t.db), owner).admin;

  const definition = (wait: { days: number; hours: number }): FlowDefinition => ({
    name: 'Offer reminder',
    description: 'Nudges a seller who has an offer',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps: [
      { id: 'wait', type: 'wait', days: wait.days, hours: wait.hours, minutes: 0 },
      { id: 'send', type: 'send', templateId: offer, template: 'marketing' },
    ],
  });

  beforeAll(async () => {
    const user = await createUser(t.db, {
      email: 'flow-audit@example.com',
      password: 'unused-pass-1',
      verified: true,
    });
    await grantAdmin(t.db, user.email, 'owner');
    owner = { id: user.id, email: user.email, role: 'owner' };
    offer = (
      await t.db
        .insertInto('email_templates')
        .values({
          template_name: 'Your offer',
          subject: 'Offer',
          html_content: '<p>Hi</p>',
          template_type: 'marketing',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('shows the wait that changed, not only the version numbers', async () => {
    const { id } = await api().automations.create(definition({ days: 2, hours: 0 }));
    await api().automations.save({ id, baseVersion: 1, definition: definition({ days: 1, hours: 12 }) });
    const { rows } = await api().audit.list({ page: 1 });
    const save = rows.find((row) => row.action === 'admin.automations.save' && row.entityId === id);
    expect(save?.flowChanges).toEqual(['Step 1: Wait 2 days → Wait 1 day 12 hours']);
    const create = rows.find((row) => row.action === 'admin.automations.create' && row.entityId === id);
    expect(create?.flowChanges).toBeUndefined();

    // A deleted flow's versions are gone with it: the row keeps its version numbers alone.
    await api().automations.delete({ id });
    const after = await api().audit.list({ page: 1 });
    const gone = after.rows.find((row) => row.action === 'admin.automations.save' && row.entityId === id);
    expect(gone).toBeDefined();
    expect(gone?.flowChanges).toBeUndefined();
  });
});
