import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, type AppointmentSettingsInput } from '#shared/appointments/schemas.ts';
import { describeAudit, sentenceText } from '#shared/audit/sentences.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { sellerJourney } from '#test/support/seller-journey.ts';
import {
  callerFor,
  codeOf,
  type RecordingJobQueue,
  recordingJobQueue,
  testServices,
} from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { createEmailTransport } from '../email/transport.ts';
import type { AppServices } from '../services.ts';
import { runAppointmentReminders } from './appointments.ts';
import { todayList } from './today.ts';

// What happened at a visit (decision 062): a buyer marks a begun visit attended or not (audited,
// on the timeline), a visit whose end passed or that was marked stops being the enquiry's visit so
// its seller can book again, the reminder leaves it alone, and "Today" keeps the unmarked ones of
// earlier days in "Still to mark". On a real PostgreSQL; a visit is moved into the past through
// the database, never by waiting.

const SETTINGS: AppointmentSettingsInput = {
  slotMinutes: 60,
  horizonDays: 14,
  minNoticeHours: 24,
  blackoutDates: [],
  hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    location: 'sydney' as const,
    weekday,
    opens: '09:00',
    closes: '17:00',
  })),
};

describe('visit outcomes', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let owner: SessionUser;
  let buyer: SessionUser;
  const admin = () => callerFor(services, owner).admin;
  const desk = () => callerFor(services, buyer).admin;
  const {
    seller,
    deliver,
    acceptedEnquiry: accepted,
  } = sellerJourney({
    db: () => t.db,
    services: () => services,
    jobs: () => jobs,
    fake: () => fake,
    admin: () => admin(),
  });
  const acceptedEnquiry = (email: string, name: string) =>
    accepted(email, name, { model: 'Submariner', amountCents: 1_500_000 });

  async function freeStarts(token: string): Promise<string[]> {
    const days = await seller().slots({ token, location: 'sydney' });
    return days.flatMap((d) => d.slots.map((s) => s.startsAt));
  }

  /** An accepted enquiry whose seller booked the `nth` free slot on their page. */
  async function bookedVisit(email: string, name: string, nth = 0) {
    const enquiry = await acceptedEnquiry(email, name);
    const startsAt = (await freeStarts(enquiry.token))[nth]!;
    await seller().book({ token: enquiry.token, location: 'sydney', startsAt });
    await deliver();
    const row = await t.db
      .selectFrom('appointments')
      .select('id')
      .where('enquiry_id', '=', enquiry.id)
      .where('state', '=', 'booked')
      .executeTakeFirstOrThrow();
    return { ...enquiry, appointmentId: row.id, startsAt };
  }

  /** Moves a visit in time through the database: `starts` and `ends` are SQL around now(). */
  async function moveVisit(id: string, starts: string, ends: string): Promise<void> {
    await t.db
      .updateTable('appointments')
      .set({
        starts_at: sql<Date>`now() + ${starts}::interval`,
        ends_at: sql<Date>`now() + ${ends}::interval`,
      })
      .where('id', '=', id)
      .execute();
  }

  const stateOf = async (id: string) =>
    (
      await t.db
        .selectFrom('appointments')
        .select(['state', 'outcome_at', 'outcome_by'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).state;

  const auditRows = (entityId: string) =>
    t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.appointments.markOutcome')
      .where('entity_id', '=', entityId)
      .execute();

  beforeAll(async () => {
    fake = await startFakeResend();
    jobs = recordingJobQueue();
    const email = createEmailTransport({ RESEND_API_KEY: 're_test', RESEND_BASE_URL: fake.url }, t.db);
    services = testServices(t.db, { email, jobs });
    const user = await t.db
      .insertInto('users')
      .values({ email: 'owner@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: user.id, role: 'owner' }).execute();
    owner = { id: user.id, email: user.email, role: 'owner' };
    const member = await t.db
      .insertInto('users')
      .values({ email: 'buyer@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: member.id, role: 'buyer' }).execute();
    buyer = { id: member.id, email: member.email, role: 'buyer' };
    await admin().appointments.saveSettings(SETTINGS);
  });
  afterAll(async () => {
    await fake.close();
  });

  it('refuses marking a visit before it starts (412), and bad input (400, 404), recording nothing', async () => {
    const visit = await bookedVisit('early@example.com', 'Eddie Early');
    const mark = () => desk().appointments.markOutcome({ id: visit.appointmentId, outcome: 'attended' });
    await expect(mark()).rejects.toThrow(APPOINTMENT_MESSAGES.outcomeTooEarly);
    expect(await codeOf(mark())).toBe('PRECONDITION_FAILED');
    expect(await stateOf(visit.appointmentId)).toBe('booked');
    expect(await auditRows(visit.appointmentId)).toHaveLength(0);
    const panel = await desk().appointments.forEnquiry({ id: visit.id });
    expect(panel.appointments[0]).toMatchObject({ state: 'booked', markable: false, outcomeAt: null });

    expect(
      await codeOf(
        desk().appointments.markOutcome({ id: visit.appointmentId, outcome: 'maybe' as 'attended' }),
      ),
    ).toBe('BAD_REQUEST');
    expect(await codeOf(desk().appointments.markOutcome({ id: 'nope', outcome: 'attended' }))).toBe(
      'BAD_REQUEST',
    );
    const missing = () => desk().appointments.markOutcome({ id: crypto.randomUUID(), outcome: 'no_show' });
    await expect(missing()).rejects.toThrow(APPOINTMENT_MESSAGES.visitNotFound);
    expect(await codeOf(missing())).toBe('NOT_FOUND');
  });

  it('records attended and did-not-attend with who and when, audited and on the timeline, once', async () => {
    const came = await bookedVisit('came@example.com', 'Cara Came', 1);
    const missed = await bookedVisit('missed@example.com', 'Milo Missed', 2);
    await moveVisit(came.appointmentId, '-2 hours', '-1 hour');
    await moveVisit(missed.appointmentId, '-30 minutes', '30 minutes');

    const panelBefore = await desk().appointments.forEnquiry({ id: came.id });
    expect(panelBefore.appointments[0]).toMatchObject({ state: 'booked', markable: true });
    await desk().appointments.markOutcome({ id: came.appointmentId, outcome: 'attended' });
    await desk().appointments.markOutcome({ id: missed.appointmentId, outcome: 'no_show' });

    const rows = await t.db
      .selectFrom('appointments')
      .select(['id', 'state', 'outcome_by', 'outcome_at'])
      .where('id', 'in', [came.appointmentId, missed.appointmentId])
      .execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(came.appointmentId)).toMatchObject({ state: 'attended', outcome_by: buyer.id });
    expect(byId.get(missed.appointmentId)).toMatchObject({ state: 'no_show', outcome_by: buyer.id });
    expect(byId.get(came.appointmentId)?.outcome_at).toBeInstanceOf(Date);

    const [audit] = await auditRows(came.appointmentId);
    expect(audit).toMatchObject({ actor_id: buyer.id, entity_type: 'appointments' });
    expect(audit?.summary).toMatchObject({ input: { id: came.appointmentId, outcome: 'attended' } });
    const [missedAudit] = await auditRows(missed.appointmentId);
    expect(missedAudit?.summary).toMatchObject({ input: { outcome: 'no_show' } });
    const sentences = (await admin().audit.list({ action: 'markOutcome' })).rows.map((r) =>
      sentenceText(describeAudit(r)),
    );
    expect(sentences.sort()).toEqual([
      'buyer@example.com (Buyer) marked a visit as attended',
      'buyer@example.com (Buyer) marked a visit as not attended',
    ]);

    // The member who marked it by name, the address kept (decision 102).
    const named = () => t.db.updateTable('users').where('email', '=', 'buyer@example.com');
    await named().set({ name: 'Bea Buyer' }).execute();
    const panel = await desk().appointments.forEnquiry({ id: came.id });
    await named().set({ name: null }).execute();
    expect(panel.appointments[0]).toMatchObject({
      state: 'attended',
      markable: false,
      outcomeBy: 'buyer@example.com',
      outcomeByName: 'Bea Buyer',
    });
    const timeline = (await desk().enquiries.get({ id: missed.id })).timeline.flatMap((e) =>
      e.kind === 'appointment' ? [`${e.action} ${e.actor ?? ''}`.trim()] : [],
    );
    expect(timeline).toEqual(['booked', 'no_show buyer@example.com']);

    // Marking again, the same way or the other, is refused with what stands; nothing more is audited.
    for (const outcome of ['attended', 'no_show'] as const) {
      const again = () => desk().appointments.markOutcome({ id: came.appointmentId, outcome });
      await expect(again()).rejects.toThrow(APPOINTMENT_MESSAGES.outcomeMarked('attended'));
      expect(await codeOf(again())).toBe('CONFLICT');
    }
    expect(await stateOf(came.appointmentId)).toBe('attended');
    expect(await auditRows(came.appointmentId)).toHaveLength(1);
  });

  it('lets a seller whose visit passed unmarked book again, without counting the old visit', async () => {
    const visit = await bookedVisit('again@example.com', 'Alma Again', 3);
    const freeWhileBooked = await freeStarts(visit.token);
    expect(freeWhileBooked).not.toContain(visit.startsAt);
    await moveVisit(visit.appointmentId, '-2 days', '-47 hours');

    // The seller's page shows it as past and offers booking again.
    const page = await seller().nextStep({ token: visit.token });
    expect(page.open).toBe(true);
    expect(page.appointment).toBeNull();
    expect(page.pastVisit).toMatchObject({ city: 'Sydney' });
    const moved = await t.db
      .selectFrom('appointments')
      .select('starts_at')
      .where('id', '=', visit.appointmentId)
      .executeTakeFirstOrThrow();
    expect(page.pastVisit?.startsAt).toBe(moved.starts_at.toISOString());
    // The passed visit holds no slot: its old time is free again, and nothing else changed.
    const free = await freeStarts(visit.token);
    expect(free).toEqual([...freeWhileBooked, visit.startsAt].sort());

    const next = free.find((s) => s !== visit.startsAt)!;
    const booked = await seller().book({ token: visit.token, location: 'sydney', startsAt: next });
    expect(booked.appointment).toMatchObject({ startsAt: next });
    expect(booked.pastVisit).toBeNull();
    expect(await stateOf(visit.appointmentId)).toBe('lapsed');
    const states = await t.db
      .selectFrom('appointments')
      .select('state')
      .where('enquiry_id', '=', visit.id)
      .orderBy('created_at')
      .execute();
    expect(states.map((s) => s.state)).toEqual(['lapsed', 'booked']);
    const after = await freeStarts(visit.token);
    expect(after).toHaveLength(free.length - 1);
    expect(after).not.toContain(next);

    // A lapsed visit can still be marked, and it stays out of the seller's way.
    await desk().appointments.markOutcome({ id: visit.appointmentId, outcome: 'no_show' });
    expect(await stateOf(visit.appointmentId)).toBe('no_show');
    expect((await seller().nextStep({ token: visit.token })).appointment).toMatchObject({ startsAt: next });
  });

  it('keeps a visit under way as the enquiry’s until a buyer marks it, then lets the seller book again', async () => {
    const visit = await bookedVisit('underway@example.com', 'Uma Underway', 4);
    await moveVisit(visit.appointmentId, '-10 minutes', '50 minutes');
    const starts = await freeStarts(visit.token);
    const book = () => seller().book({ token: visit.token, location: 'sydney', startsAt: starts[0]! });
    await expect(book()).rejects.toThrow(APPOINTMENT_MESSAGES.alreadyBooked);
    expect(await codeOf(book())).toBe('CONFLICT');
    expect((await seller().nextStep({ token: visit.token })).appointment).not.toBeNull();

    await desk().appointments.markOutcome({ id: visit.appointmentId, outcome: 'attended' });
    const page = await seller().nextStep({ token: visit.token });
    expect(page.appointment).toBeNull();
    expect(page.pastVisit).not.toBeNull();
    expect((await book()).appointment).toMatchObject({ startsAt: starts[0] });
    await deliver();
  });

  it('sends no reminder for a visit that has passed, marked or not', async () => {
    const passed = await bookedVisit('passed@example.com', 'Pia Passed', 5);
    const marked = await bookedVisit('marked@example.com', 'Max Marked', 6);
    const coming = await bookedVisit('coming@example.com', 'Cole Coming', 7);
    // Every other visit of this file has had its reminder, so only these three are in question.
    await t.db
      .updateTable('appointments')
      .set({ reminder_sent_at: new Date() })
      .where('enquiry_id', 'not in', [passed.id, marked.id, coming.id])
      .execute();
    await moveVisit(passed.appointmentId, '-3 hours', '-2 hours');
    await moveVisit(marked.appointmentId, '-3 hours', '-2 hours');
    await desk().appointments.markOutcome({ id: marked.appointmentId, outcome: 'attended' });

    // Run now: the passed visits are not due, whatever the hour.
    expect((await runAppointmentReminders(services)).reminded).toBe(0);
    // Run a day before the coming visit: it alone is reminded.
    const run = new Date(Date.parse(coming.startsAt) - 23 * 3_600_000);
    expect((await runAppointmentReminders(services, run)).reminded).toBe(1);
    expect((await deliver()).map((m) => m.to[0])).toEqual(['coming@example.com']);
    const unreminded = await t.db
      .selectFrom('appointments')
      .select('id')
      .where('id', 'in', [passed.appointmentId, marked.appointmentId])
      .where('reminder_sent_at', 'is', null)
      .execute();
    expect(unreminded).toHaveLength(2);
  });

  it('shows today’s visits with their outcome, and earlier unmarked visits under “Still to mark”', async () => {
    const today = await bookedVisit('today@example.com', 'Tess Today', 8);
    const earlier = await bookedVisit('earlier@example.com', 'Eli Earlier', 9);
    const done = await bookedVisit('done@example.com', 'Dora Done', 10);
    // Today's visit starts at the database's now and "Today" is read just after, so the visit has
    // begun and falls on today whatever the hour; the others are days before.
    await moveVisit(today.appointmentId, '0 minutes', '1 hour');
    await moveVisit(earlier.appointmentId, '-3 days', '-71 hours');
    await moveVisit(done.appointmentId, '-4 days', '-95 hours');
    const { now } = await sql<{ now: Date }>`SELECT now() AS now`.execute(t.db).then((r) => r.rows[0]!);
    await desk().appointments.markOutcome({ id: done.appointmentId, outcome: 'attended' });

    const before = await todayList(t.db, now);
    expect(before.appointments.find((a) => a.id === today.appointmentId)).toMatchObject({
      state: 'booked',
      markable: true,
      sellerName: 'Tess Today',
    });
    expect(before.appointments.map((a) => a.id)).not.toContain(earlier.appointmentId);
    expect(before.toMark.find((a) => a.id === earlier.appointmentId)).toMatchObject({
      state: 'booked',
      markable: true,
      sellerName: 'Eli Earlier',
    });
    expect(before.toMark.map((a) => a.id)).not.toContain(done.appointmentId);
    expect(before.toMark.map((a) => a.id)).not.toContain(today.appointmentId);
    // The procedure answers the same groups.
    expect((await desk().appointments.today()).toMark.map((a) => a.id)).toContain(earlier.appointmentId);

    await desk().appointments.markOutcome({ id: today.appointmentId, outcome: 'attended' });
    await desk().appointments.markOutcome({ id: earlier.appointmentId, outcome: 'no_show' });
    const after = await todayList(t.db, now);
    expect(after.appointments.find((a) => a.id === today.appointmentId)).toMatchObject({
      state: 'attended',
      markable: false,
    });
    expect(after.toMark.map((a) => a.id)).not.toContain(earlier.appointmentId);
  });
});
