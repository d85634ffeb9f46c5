import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, testConfig, testServices } from '#test/support/services.ts';
import { countAudience } from '../campaigns/audience.ts';
import { signToken } from '../unsubscribe/entry.ts';
import { ensureStarterFlows } from './starters.ts';
import { runTriggerScans } from './trigger-scans.ts';

// The sunset policy's re-permission flow (decision 089): the starter enters each inactive contact
// once, never again however many scans follow, and a "yes, keep me subscribed" brings the
// contact back into campaigns.

const DAY = 86_400_000;

describe('the re-permission flow (decision 089)', () => {
  const t = useTestDatabase();

  it('asks each inactive contact once, and a yes brings them back into campaigns', async () => {
    await sql`TRUNCATE leads, automation_flows, automation_starters, email_templates CASCADE`.execute(t.db);
    await t.db.updateTable('settings').set({ sunset_months: 12 }).execute();
    const now = Date.now();
    const contact = (name: string, createdDaysAgo: number, unsubscribed = false) =>
      t.db
        .insertInto('leads')
        .values({
          email: `${name}@example.com`,
          full_name: name,
          email_marketing_consent: true,
          created_at: new Date(now - createdDaysAgo * DAY),
          email_unsubscribed_at: unsubscribed ? new Date(now - DAY) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const quiet = await contact('quiet', 1000);
    const recent = await contact('recent', 30);
    const gone = await contact('gone', 1000, true);

    const config = testConfig();
    await ensureStarterFlows(t.db, { appUrl: config.appUrl });
    const flow = await t.db
      .selectFrom('automation_flows')
      .select(['id', 'state'])
      .where('starter_key', '=', 're-permission')
      .executeTakeFirstOrThrow();
    // Installed switched off, like every starter: nobody enters until the business turns it on.
    expect(flow.state).toBe('off');
    expect((await runTriggerScans(t.db, new Date(now))).becameInactive).toBe(0);

    await t.db.updateTable('automation_flows').set({ state: 'live' }).where('id', '=', flow.id).execute();
    expect((await runTriggerScans(t.db, new Date(now))).becameInactive).toBe(1);
    // Days later the contact is still inactive (nobody answered): they are not asked again.
    expect((await runTriggerScans(t.db, new Date(now + 3 * DAY))).becameInactive).toBe(0);
    expect((await runTriggerScans(t.db, new Date(now + 60 * DAY))).becameInactive).toBe(0);
    const runs = await t.db
      .selectFrom('automation_runs')
      .select(['contact_id', 'occurrence_key'])
      .where('flow_id', '=', flow.id)
      .execute();
    expect(runs).toEqual([{ contact_id: quiet.id, occurrence_key: '' }]);

    const audience = () => countAudience(t.db, { segmentId: null, includeInactive: false });
    expect(await audience()).toMatchObject({ subscribers: 1, inactive: 1 });

    // The e-mail's link carries the flow's signed token; the answer marks the contact engaged.
    const visitor = callerFor(testServices(t.db)).preferences;
    const token = (contactId: string) => signToken(config.appSecret, { contactId, flowId: flow.id });
    expect(await visitor.stillSubscribed({ token: token(quiet.id) })).toEqual({ success: true });
    expect(await audience()).toMatchObject({ subscribers: 2, inactive: 0 });
    const answered = await t.db
      .selectFrom('leads')
      .select(['still_subscribed_at'])
      .where('id', '=', quiet.id)
      .executeTakeFirstOrThrow();
    expect(answered.still_subscribed_at).not.toBeNull();

    // An unsubscribed contact's "yes" subscribes nobody; a forged token finds nobody.
    await expect(visitor.stillSubscribed({ token: token(gone.id) })).rejects.toThrow(
      PREFERENCES_MESSAGES.stillSubscribedNotSubscribed,
    );
    expect(await codeOf(visitor.stillSubscribed({ token: `${token(recent.id)}x` }))).toBe('NOT_FOUND');
    expect(await codeOf(visitor.stillSubscribed({ token: '' }))).toBe('BAD_REQUEST');
  });
});
