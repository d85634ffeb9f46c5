import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { newWebhookSecret, postSignedEvent, resendEmailEvent } from '#test/support/resend-webhooks.ts';
import { testServices } from '#test/support/services.ts';
import { sql } from 'kysely';
import { type AppServer, createServer } from '../app.ts';
import { complaintRateView } from '../dashboard/dashboard.ts';
import { brakeFlowsOnComplaints } from './complaint-brake.ts';
import { createFlow, setFlowState } from './flows.ts';
import { daysAgo } from '#test/support/time.ts';

// The flows' complaint brake (decision 074): the sending domain's rolling 7-day complaint rate,
// from signed webhooks through the real route. 1,000 deliveries in the window, then:
//   3 complaints = 0.3 %: not above Gmail's 0.3 % line, the flows keep running;
//   4 complaints = 0.4 %: above it, every live flow pauses.
// Five complaints from 8 days ago are outside the window: counted, they would pause at once.

const SECRET = newWebhookSecret();
const NOW = new Date();

function flow(name: string): FlowDefinition {
  return {
    name,
    description: '',
    trigger: { type: 'consent_confirmed' },
    reentry: 'once',
    respectQuietHours: true,
    steps: [{ id: 'leave', type: 'exit' }],
  };
}

describe('complaint brake on flows', () => {
  const t = useTestDatabase();
  let server: AppServer;

  beforeAll(async () => {
    server = await createServer({
      services: testServices(t.db, { config: { resendWebhookSecret: SECRET } }),
      clientDir: null,
      logLevel: 'silent',
    });
  });
  afterAll(async () => {
    await server.stop();
  });
  beforeEach(async () => {
    await sql`TRUNCATE email_events, automation_flows CASCADE`.execute(t.db);
  });

  async function post(type: string, count: number, at: Date) {
    const events = Array.from({ length: count }, () =>
      resendEmailEvent(type, randomUUID(), { to: `reader-${randomUUID()}@example.com`, createdAt: at }),
    );
    for (let i = 0; i < events.length; i += 20) {
      await Promise.all(events.slice(i, i + 20).map((event) => postSignedEvent(server.app, SECRET, event)));
    }
  }

  async function liveFlow(name: string) {
    const id = await t.db.transaction().execute((trx) => createFlow(trx, flow(name), null));
    await setFlowState(t.db, id, 'live');
    return id;
  }

  const flowRow = (id: string) =>
    t.db.selectFrom('automation_flows').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('pauses live flows when the rolling 7-day rate passes 0.3 %, and not at 0.3 %', async () => {
    const welcome = await liveFlow('Welcome');
    const reminder = await liveFlow('Reminder');
    const off = await t.db.transaction().execute((trx) => createFlow(trx, flow('Draft'), null));
    await post('email.delivered', 1000, daysAgo(2, NOW));
    await post('email.complained', 5, daysAgo(8, NOW));
    await post('email.complained', 3, daysAgo(1, NOW));

    expect(await complaintRateView(t.db, NOW)).toEqual({
      windowDays: 7,
      delivered: 1000,
      complained: 3,
      rate: 0.3,
      level: 'over_blocking',
    });
    expect(await brakeFlowsOnComplaints(t.db, NOW)).toEqual([]);
    expect(await flowRow(welcome)).toMatchObject({ state: 'live', pause_reason: null });

    await post('email.complained', 1, daysAgo(0.5, NOW));
    expect((await complaintRateView(t.db, NOW)).rate).toBe(0.4);
    expect((await brakeFlowsOnComplaints(t.db, NOW)).sort()).toEqual([welcome, reminder].sort());
    const paused = await flowRow(welcome);
    expect(paused.state).toBe('paused');
    expect(paused.pause_reason).toBe(
      'Paused automatically: 4 of the 1000 e-mails delivered in the last 7 days were marked as spam ' +
        '(0.4%), above the 0.3% at which Gmail blocks senders. Find what recipients complain about, ' +
        'then switch the flow on again.',
    );
    expect(await flowRow(reminder)).toMatchObject({ state: 'paused' });
    expect(await flowRow(off)).toMatchObject({ state: 'off', pause_reason: null });

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'entity_type', 'entity_id', 'summary'])
      .where('entity_id', 'in', [welcome, reminder, off])
      .orderBy('entity_id')
      .execute();
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      action: 'system.automations.complaintPause',
      actor_id: null,
      entity_type: 'automations',
    });
    expect(audit.find((a) => a.entity_id === welcome)?.summary).toMatchObject({
      complaintRate: 0.4,
      delivered: 1000,
      complained: 4,
    });

    // A second look finds nothing live to pause; an admin switching a flow on clears the reason.
    expect(await brakeFlowsOnComplaints(t.db, NOW)).toEqual([]);
    await setFlowState(t.db, welcome, 'off');
    expect(await flowRow(welcome)).toMatchObject({ state: 'off', pause_reason: null });
  });

  it('does not judge fewer deliveries than the settings ask for', async () => {
    const welcome = await liveFlow('Welcome');
    await post('email.delivered', 100, daysAgo(1, NOW));
    await post('email.complained', 10, daysAgo(1, NOW));
    expect((await complaintRateView(t.db, NOW)).rate).toBe(10);
    expect(await brakeFlowsOnComplaints(t.db, NOW)).toEqual([]);
    expect(await flowRow(welcome)).toMatchObject({ state: 'live' });
  });
});
