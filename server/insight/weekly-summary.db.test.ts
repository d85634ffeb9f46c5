import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#shared/auth/permissions.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { runWeeklySummaries, summaryWeek } from './weekly-summary.ts';

const t = useTestDatabase();

// A hand-written fortnight (decision 100). Australia/Sydney is UTC+11 throughout. Every expected
// figure below is worked out from this comment, never from the report's query:
//   week     Mon 30 Nov .. Sun 6 Dec 2026, summed up on Monday 7 Dec from 8 am Sydney (21:00Z on 6 Dec)
//   previous Mon 23 Nov .. Sun 29 Nov 2026
//   A 30 Nov  google / cpc     reply 2 h, offer 10 h $8,000, purchased 50 h  $9,000
//   B  1 Dec  google / cpc     reply 4 h
//   C  2 Dec  chrono24 referrer reply 6 h, offer 30 h $4,000, purchased 90 h  $5,000
//   D  3 Dec  direct           new
//   E  6 Dec 23:59 Sydney      new (inside)
//   F  7 Dec 00:00 Sydney      new (outside: this week)
//   G 29 Nov 23:59 Sydney      new (previous week)
//   H 24 Nov                   purchased 24 h $3,000 (previous week)
// Week: 5 enquiries (A-E), 2 purchases, $14,000; previous: 2 enquiries, 1 purchase, $3,000.
// Sources: google / cpc 1 purchase of 2; chrono24.com.au 1 of 1; direct 0 of 2: google / cpc wins
// the tie on purchases by its enquiries. Medians: reply (2, 4, 6) 4 h; offer (10, 30) 20 h;
// purchase (50, 90) 70 h: stages 4, 16 and 50 hours, so "Offer to purchase" is slowest at 50.

const HOUR = 3_600_000;
const MONDAY_0830 = new Date('2026-12-06T21:30:00Z');

interface Spec {
  created: string;
  utm?: [string, string];
  referrer?: string;
  replyHours?: number;
  offer?: { hours: number; cents: number };
  purchase?: { hours: number; cents: number };
}

async function enquiry(spec: Spec): Promise<void> {
  const created = new Date(spec.created);
  const at = (hours: number) => new Date(created.getTime() + hours * HOUR);
  const lead = await t.db
    .insertInto('leads')
    .values({ email: `${crypto.randomUUID()}@example.com`, full_name: 'A Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await t.db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      watch_brand: 'Rolex',
      watch_condition: 'Excellent',
      created_at: created,
      first_replied_at: spec.replyHours === undefined ? null : at(spec.replyHours),
      utm_source: spec.utm?.[0] ?? null,
      utm_medium: spec.utm?.[1] ?? null,
      referrer: spec.referrer ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (spec.offer)
    await t.db
      .insertInto('enquiry_offers')
      .values({ enquiry_id: row.id, amount_cents: spec.offer.cents, created_at: at(spec.offer.hours) })
      .execute();
  await t.db
    .updateTable('enquiries')
    .set({
      status: spec.purchase ? 'purchased' : spec.replyHours === undefined ? 'new' : 'contacted',
      status_changed_at: spec.purchase ? at(spec.purchase.hours) : created,
      purchase_price_cents: spec.purchase?.cents ?? null,
    })
    .where('id', '=', row.id)
    .execute();
}

async function member(email: string, role: Role, weeklySummary: boolean): Promise<SessionUser> {
  const user = await createUser(t.db, { email, password: 'x-password-1', verified: true });
  await grantAdmin(t.db, email, role);
  await t.db.updateTable('users').set({ weekly_summary: weeklySummary }).where('id', '=', user.id).execute();
  return { id: user.id, email: user.email, role };
}

let owner: SessionUser;
let opal: SessionUser;
let viewer: SessionUser;

beforeAll(async () => {
  await t.db.updateTable('settings').set({ timezone: 'Australia/Sydney' }).execute();
  owner = await member('olive@example.com', 'owner', true);
  await member('oscar@example.com', 'owner', false);
  opal = await member('opal@example.com', 'owner', true);
  // A Viewer's flag (set behind the procedure's back) sends nothing: the summary is the Owners'.
  viewer = await member('vera@example.com', 'viewer', true);
  await enquiry({
    created: '2026-11-30T00:00:00Z',
    utm: ['google', 'cpc'],
    replyHours: 2,
    offer: { hours: 10, cents: 800_000 },
    purchase: { hours: 50, cents: 900_000 },
  });
  await enquiry({ created: '2026-12-01T00:00:00Z', utm: ['google', 'cpc'], replyHours: 4 });
  await enquiry({
    created: '2026-12-02T00:00:00Z',
    referrer: 'https://www.chrono24.com.au/forum',
    replyHours: 6,
    offer: { hours: 30, cents: 400_000 },
    purchase: { hours: 90, cents: 500_000 },
  });
  await enquiry({ created: '2026-12-03T00:00:00Z' });
  await enquiry({ created: '2026-12-06T12:59:00Z' });
  await enquiry({ created: '2026-12-06T13:00:00Z' });
  await enquiry({ created: '2026-11-29T12:59:00Z' });
  await enquiry({ created: '2026-11-24T00:00:00Z', purchase: { hours: 24, cents: 300_000 } });
});

describe('the week summed up (decision 100)', () => {
  it('is the Monday-to-Sunday before, from Monday 8 am in the business timezone only', () => {
    expect(summaryWeek(MONDAY_0830, 'Australia/Sydney')).toEqual({ from: '2026-11-30', to: '2026-12-06' });
    expect(summaryWeek(new Date('2026-12-06T20:59:00Z'), 'Australia/Sydney')).toBeNull(); // 7:59 am
    expect(summaryWeek(new Date('2026-12-06T21:00:00Z'), 'Australia/Sydney')).not.toBeNull(); // 8:00 am
    expect(summaryWeek(new Date('2026-12-07T13:00:00Z'), 'Australia/Sydney')).toBeNull(); // Tuesday
    // 8:30 am Monday in Sydney is still Sunday in UTC.
    expect(summaryWeek(MONDAY_0830, 'UTC')).toBeNull();
  });
});

describe('the weekly summary e-mail (decision 100)', () => {
  it('sends nothing before Monday 8 am', async () => {
    const jobs = recordingJobQueue();
    const result = await runWeeklySummaries(testServices(t.db, { jobs }), new Date('2026-12-06T20:30:00Z'));
    expect(result).toEqual({ sent: 0 });
    expect(jobs.jobs).toHaveLength(0);
  });

  it('e-mails each Owner who opted in the week’s figures, once however many workers run', async () => {
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    const runs = await Promise.all([
      runWeeklySummaries(services, MONDAY_0830),
      runWeeklySummaries(services, MONDAY_0830),
    ]);
    expect(runs.reduce((sum, r) => sum + r.sent, 0)).toBe(2);
    expect(await runWeeklySummaries(services, new Date('2026-12-07T01:37:00Z'))).toEqual({ sent: 0 });

    const sent = jobs.jobs.map(
      (j) => j.payload as { message: { to: string[]; subject: string; text: string } },
    );
    expect(sent.map((s) => s.message.to).sort()).toEqual([['olive@example.com'], ['opal@example.com']]);
    expect(jobs.jobs.map((j) => j.options.singletonKey).sort()).toEqual(
      [`insight-weekly-2026-11-30-${owner.id}`, `insight-weekly-2026-11-30-${opal.id}`].sort(),
    );
    const { subject, text } = sent[0]!.message;
    expect(subject).toBe('Your week: 5 enquiries, 2 purchases');
    expect(text).toContain('Monday to Sunday, 30 Nov 2026 to 6 Dec 2026, against the week before.');
    expect(text).toContain('Enquiries: 5 (up from 2)');
    expect(text).toContain('Purchases: 2 (up from 1)');
    expect(text).toContain('Purchase value: $14,000.00 (up from $3,000.00)');
    expect(text).toContain('Best source: google / cpc, 1 purchase from 2 enquiries');
    expect(text).toContain('Slowest step: Offer to purchase, a median of 50 hours');
    expect(text).toContain('/admin/insight?from=2026-11-30&to=2026-12-06&by=source');

    const rows = await t.db.selectFrom('insight_weekly_summaries').select(['week_start']).execute();
    expect(rows).toHaveLength(2);
  });

  it('lets an Owner turn their own summary on and off, and nobody else', async () => {
    const api = callerFor(testServices(t.db), owner).admin.insight;
    expect(await api.weeklySummary()).toEqual({ enabled: true });
    expect(await api.setWeeklySummary({ enabled: false })).toEqual({ enabled: false });
    expect(await api.weeklySummary()).toEqual({ enabled: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('action', '=', 'admin.insight.setWeeklySummary')
      .execute();
    expect(audit).toEqual([{ action: 'admin.insight.setWeeklySummary', actor_id: owner.id }]);
    expect(await codeOf(api.setWeeklySummary({ enabled: 'yes' } as never))).toBe('BAD_REQUEST');
    const asViewer = callerFor(testServices(t.db), viewer).admin.insight;
    expect(await codeOf(asViewer.weeklySummary())).toBe('FORBIDDEN');
    expect(await codeOf(asViewer.setWeeklySummary({ enabled: true }))).toBe('FORBIDDEN');
  });
});
