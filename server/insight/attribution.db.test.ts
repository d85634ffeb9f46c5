import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leadSubmitInputSchema } from '#shared/leads/schema.ts';
import { useBoss } from '#test/support/boss.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { leadSubmission } from '#test/support/lead-form.ts';
import { leadSubmitKit } from '#test/support/lead-submit.ts';
import type { Database } from '../db/database.ts';
import { submitLead } from '../enquiries/submit.ts';

const t = useTestDatabase();
const bossOf = useBoss(t);
const { leadServices } = leadSubmitKit(t, bossOf);

// Attribution at submit (decision 096) through lead.submit's own path, against rows written here
// by hand: every expected touch below is read off this fixture, not computed by the code.
const NOW = new Date('2026-12-01T12:00:00.000Z');
const ago = (days: number, seconds = 0) => new Date(NOW.getTime() - days * 86_400_000 + seconds * 1000);
const request = { ip: '203.0.113.7', userAgent: 'vitest' };
const form = (email: string) => leadSubmitInputSchema.parse(leadSubmission({ email }));

async function contact(db: Database, email: string): Promise<string> {
  const row = await db.insertInto('leads').values({ email }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function campaign(db: Database, name: string): Promise<string> {
  const row = await db
    .insertInto('email_campaigns')
    .values({ name, subject: name, status: 'completed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function send(
  db: Database,
  campaignId: string,
  leadId: string,
  email: string,
  at: { sent: Date; clicked?: Date; opens?: Array<{ at: Date; machineFlag?: boolean }> },
): Promise<void> {
  const opens = at.opens ?? [];
  const row = await db
    .insertInto('email_sends')
    .values({
      campaign_id: campaignId,
      lead_id: leadId,
      recipient_email: email,
      status: 'delivered',
      provider_message_id: randomUUID(),
      sent_at: at.sent,
      delivered_at: at.sent,
      opened_at: opens[0]?.at ?? at.clicked ?? null,
      clicked_at: at.clicked ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const open of opens)
    await db
      .insertInto('email_events')
      .values({
        provider_event_id: randomUUID(),
        send_id: row.id,
        type: 'email.opened',
        occurred_at: open.at,
        machine_open: open.machineFlag ?? false,
        payload: '{}',
      })
      .execute();
}

async function flowStep(
  db: Database,
  flowId: string,
  leadId: string,
  at: { sent: Date; opened?: Date; clicked?: Date },
): Promise<void> {
  const run = await db
    .insertInto('automation_runs')
    .values({ flow_id: flowId, contact_id: leadId, version: 1, state: 'finished', finished_at: at.sent })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('automation_run_steps')
    .values({
      run_id: run.id,
      step_id: 'email-1',
      outcome: 'sent',
      send_status: 'sent',
      sent_at: at.sent,
      opened_at: at.opened ?? null,
      clicked_at: at.clicked ?? null,
    })
    .execute();
}

async function flow(db: Database, name: string): Promise<string> {
  const row = await db
    .insertInto('automation_flows')
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('automation_flow_versions')
    .values({ flow_id: row.id, version: 1, definition: JSON.stringify({ trigger: null, steps: [] }) })
    .execute();
  return row.id;
}

async function attributionOf(db: Database, enquiryId: string) {
  return db
    .selectFrom('enquiry_attributions')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
}

describe('attribution at submit (decision 096)', () => {
  it('keeps the first and last click across campaigns and flows, opens aside when a click exists', async () => {
    const services = leadServices();
    const email = `ann-${randomUUID()}@example.com`;
    const ann = await contact(t.db, email);
    const spring = await campaign(t.db, 'Spring market');
    const winter = await campaign(t.db, 'Winter market');
    const welcome = await flow(t.db, 'Welcome');
    await send(t.db, spring, ann, email, { sent: ago(12), clicked: ago(10) });
    await send(t.db, winter, ann, email, { sent: ago(2), opens: [{ at: ago(1) }] });
    await flowStep(t.db, welcome, ann, { sent: ago(4), opened: ago(3, -60), clicked: ago(3) });

    const result = await submitLead(services, form(email), request, NOW);
    const row = await attributionOf(t.db, result.enquiryId);
    expect(row).toMatchObject({
      first_campaign_id: spring,
      first_flow_id: null,
      first_kind: 'click',
      first_at: ago(10),
      last_campaign_id: null,
      last_flow_id: welcome,
      last_kind: 'click',
      last_at: ago(3),
      submitted_at: NOW,
    });
  });

  it('counts a reader open when no click exists, never a machine open, and follows the window setting', async () => {
    const services = leadServices();
    const email = `bea-${randomUUID()}@example.com`;
    const bea = await contact(t.db, email);
    const autumn = await campaign(t.db, 'Autumn market');
    const old = await campaign(t.db, 'Old news');
    // Opened 5 s after delivery (the machine window is 10 s) and once more, flagged by the provider.
    await send(t.db, old, bea, email, {
      sent: ago(6),
      opens: [{ at: ago(6, 5) }, { at: ago(5), machineFlag: true }],
    });
    // A click 40 days ago is outside the default 30-day window.
    await send(t.db, old, bea, `old-${email}`, { sent: ago(41), clicked: ago(40) });
    // A reader's open eight days ago: a machine's open at delivery comes first.
    await send(t.db, autumn, bea, `a-${email}`, { sent: ago(9), opens: [{ at: ago(9, 2) }, { at: ago(8) }] });

    const first = await submitLead(services, form(email), request, NOW);
    expect(await attributionOf(t.db, first.enquiryId)).toMatchObject({
      first_campaign_id: autumn,
      first_kind: 'open',
      first_at: ago(8),
      last_campaign_id: autumn,
      last_at: ago(8),
    });

    // With a 7-day window the reader's open is too old and the machine's opens never count.
    await t.db.updateTable('settings').set({ attribution_window_days: 7 }).execute();
    try {
      const second = await submitLead(services, form(email), request, NOW);
      expect(await attributionOf(t.db, second.enquiryId)).toBeUndefined();
    } finally {
      await t.db.updateTable('settings').set({ attribution_window_days: 30 }).execute();
    }
  });

  it('stores nothing for a new contact, and nothing from an erased contact’s sends', async () => {
    const services = leadServices();
    const email = `cal-${randomUUID()}@example.com`;
    const winter = await campaign(t.db, 'Erased reader');
    // What erasure leaves of a send (decision 036): no contact, a placeholder address.
    await t.db
      .insertInto('email_sends')
      .values({
        campaign_id: winter,
        lead_id: null,
        recipient_email: `erased:${randomUUID()}`,
        status: 'delivered',
        provider_message_id: randomUUID(),
        sent_at: ago(3),
        clicked_at: ago(2),
        opened_at: ago(2),
      })
      .execute();
    const result = await submitLead(services, form(email), request, NOW);
    expect(result.created).toBe(true);
    expect(await attributionOf(t.db, result.enquiryId)).toBeUndefined();
  });
});
