import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sendNow } from '#test/support/campaign-fixtures.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { recordingJobQueue, testServices } from '#test/support/services.ts';
import type { Database } from '../db/database.ts';
import { countAudience } from './audience.ts';

// The sunset policy (decision 089) over a hand-computed fixture. "Now" is the moment the test
// runs; each contact's history is placed that many days before it, well clear of the 12-month line
// (365 days), so no calendar month length decides a case.

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface History {
  /** Days ago the contact was created (and consented, unless `consentDaysAgo`). */
  createdDaysAgo: number;
  consentDaysAgo?: number;
  stillSubscribedDaysAgo?: number;
  unsubscribed?: boolean;
  /** A campaign send delivered that many days ago, with its opens (seconds after delivery, a flag). */
  send?: { deliveredDaysAgo: number; opens?: Array<{ after: number; machine?: boolean }>; clicked?: boolean };
}

const FIXTURE: Record<string, History> = {
  // A reader's open 11 months (330 days) ago: active.
  open11: { createdDaysAgo: 1000, send: { deliveredDaysAgo: 330, opens: [{ after: 3600 }] } },
  // A reader's open 13 months (400 days) ago, nothing since: inactive.
  open13: { createdDaysAgo: 1000, send: { deliveredDaysAgo: 400, opens: [{ after: 3600 }] } },
  // Opened 2 seconds after delivery, 2 months ago: a privacy proxy, not a reader (decision 025).
  machineOnly: { createdDaysAgo: 1000, send: { deliveredDaysAgo: 60, opens: [{ after: 2 }] } },
  // An hour after delivery, but the provider flags it as a machine's.
  machineFlagged: {
    createdDaysAgo: 1000,
    send: { deliveredDaysAgo: 60, opens: [{ after: 3600, machine: true }] },
  },
  // Clicks only (no open event at all): a click needs a reader.
  clicks11: { createdDaysAgo: 1000, send: { deliveredDaysAgo: 330, clicked: true } },
  clicks13: { createdDaysAgo: 1000, send: { deliveredDaysAgo: 400, clicked: true } },
  // Joined 3 months ago and never opened: no engagement yet is not inactivity.
  newContact: { createdDaysAgo: 90 },
  // On file for years, but consented 2 months ago: the period starts at the consent.
  newConsent: { createdDaysAgo: 1000, consentDaysAgo: 60 },
  // Never sent anything, on file for years: inactive.
  neverSent: { createdDaysAgo: 1000 },
  // Said "yes, keep me subscribed" to the re-permission e-mail a month ago: active again.
  confirmed: { createdDaysAgo: 1000, stillSubscribedDaysAgo: 30 },
  // Inactive, but unsubscribed: outside every audience, so counted nowhere.
  unsubscribed: { createdDaysAgo: 1000, unsubscribed: true },
};

const INACTIVE = ['clicks13', 'machineFlagged', 'machineOnly', 'neverSent', 'open13'];
const ACTIVE = ['clicks11', 'confirmed', 'newConsent', 'newContact', 'open11'];

async function seed(db: Database, now: number): Promise<void> {
  const ago = (days: number) => new Date(now - days * DAY);
  const campaignId = randomUUID();
  for (const [name, history] of Object.entries(FIXTURE)) {
    const lead = await db
      .insertInto('leads')
      .values({
        email: `${name.toLowerCase()}@example.com`,
        full_name: name,
        email_marketing_consent: true,
        created_at: ago(history.createdDaysAgo),
        consent_at: ago(history.consentDaysAgo ?? history.createdDaysAgo),
        still_subscribed_at:
          history.stillSubscribedDaysAgo === undefined ? null : ago(history.stillSubscribedDaysAgo),
        email_unsubscribed_at: history.unsubscribed ? ago(10) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const send = history.send;
    if (!send) continue;
    const delivered = ago(send.deliveredDaysAgo);
    const opens = send.opens ?? [];
    const row = await db
      .insertInto('email_sends')
      .values({
        campaign_id: campaignId,
        lead_id: lead.id,
        recipient_email: `${name.toLowerCase()}@example.com`,
        status: 'delivered',
        provider_message_id: `msg-${name}`,
        sent_at: delivered,
        delivered_at: delivered,
        opened_at: opens[0] ? new Date(delivered.getTime() + opens[0].after * 1000) : null,
        clicked_at: send.clicked ? new Date(delivered.getTime() + HOUR) : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [index, open] of opens.entries()) {
      await db
        .insertInto('email_events')
        .values({
          provider_event_id: `evt-${name}-${index}`,
          provider_message_id: `msg-${name}`,
          send_id: row.id,
          type: 'email.opened',
          occurred_at: new Date(delivered.getTime() + open.after * 1000),
          machine_open: open.machine ?? false,
          payload: JSON.stringify({}),
        })
        .execute();
    }
  }
}

async function setSunsetMonths(db: Database, months: number): Promise<void> {
  await db.updateTable('settings').set({ sunset_months: months }).execute();
}

describe('the sunset policy (decision 089)', () => {
  const t = useTestDatabase();

  it('counts exactly the inactive contacts of the audience, and nobody when the policy is off', async () => {
    await sql`TRUNCATE leads, email_campaigns, email_sends, email_events CASCADE`.execute(t.db);
    const now = Date.now();
    await seed(t.db, now);
    await setSunsetMonths(t.db, 12);

    const at = new Date(now);
    expect(await countAudience(t.db, { segmentId: null, includeInactive: false }, at)).toEqual({
      subscribers: ACTIVE.length,
      inactive: INACTIVE.length,
      sunsetMonths: 12,
    });
    expect(await countAudience(t.db, { segmentId: null, includeInactive: true }, at)).toEqual({
      subscribers: ACTIVE.length + INACTIVE.length,
      inactive: INACTIVE.length,
      sunsetMonths: 12,
    });

    // 24 months (about 730 days): open13 and clicks13 (400 days) are back in; the contacts on file
    // for 1,000 days with nothing but machine opens, or nothing at all, are still out.
    await setSunsetMonths(t.db, 24);
    expect(await countAudience(t.db, { segmentId: null, includeInactive: false }, at)).toEqual({
      subscribers: ACTIVE.length + 2,
      inactive: 3 /* machineFlagged, machineOnly, neverSent */,
      sunsetMonths: 24,
    });

    await setSunsetMonths(t.db, 0);
    expect(await countAudience(t.db, { segmentId: null, includeInactive: false }, at)).toEqual({
      subscribers: ACTIVE.length + INACTIVE.length,
      inactive: 0,
      sunsetMonths: 0,
    });
  });

  it('leaves exactly the inactive contacts out of a Send Now snapshot, unless the campaign includes them', async () => {
    await sql`TRUNCATE leads, email_campaigns, email_sends, email_events CASCADE`.execute(t.db);
    await seed(t.db, Date.now());
    await setSunsetMonths(t.db, 12);
    const services = testServices(t.db, { jobs: recordingJobQueue() });

    const recipients = async (campaignId: string) =>
      (
        await t.db
          .selectFrom('email_sends')
          .select('recipient_name')
          .where('campaign_id', '=', campaignId)
          .orderBy('recipient_name')
          .execute()
      ).map((row) => row.recipient_name);

    const usual = await sendNow(services, { name: 'Without the inactive' });
    expect(usual.include_inactive).toBe(false);
    expect(usual.total_recipients).toBe(ACTIVE.length);
    expect(await recipients(usual.id)).toEqual(ACTIVE);

    const everyone = await sendNow(services, { name: 'With the inactive', includeInactive: true });
    expect(everyone.include_inactive).toBe(true);
    expect(await recipients(everyone.id)).toEqual([...ACTIVE, ...INACTIVE].sort());
  });
});
