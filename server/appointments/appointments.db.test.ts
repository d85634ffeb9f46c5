import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, type AppointmentSettingsInput } from '#shared/appointments/schemas.ts';
import { SELLER_MESSAGES } from '#shared/enquiries/seller.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { icsProperty, icsValue } from '#test/support/ics.ts';
import { calendarOf, sellerJourney } from '#test/support/seller-journey.ts';
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
import { bookAppointment } from './booking.ts';

// Visits and shipping kits after an accepted offer (decision 062), through the procedures the
// seller's page and the admin call, on a real PostgreSQL, with the e-mails sent by the real Resend
// SDK to the fake provider and their .ics read back.

const HOURS_EVERY_DAY = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
  location: 'sydney' as const,
  weekday,
  opens: '09:00',
  closes: '17:00',
}));

const SETTINGS: AppointmentSettingsInput = {
  slotMinutes: 60,
  horizonDays: 14,
  minNoticeHours: 24,
  blackoutDates: [],
  hours: [...HOURS_EVERY_DAY, { location: 'melbourne', weekday: 1, opens: '10:00', closes: '12:00' }],
};

describe('appointments and shipping kits', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let owner: SessionUser;
  const journey = sellerJourney({
    db: () => t.db,
    services: () => services,
    jobs: () => jobs,
    fake: () => fake,
    admin: () => admin(),
  });
  const { seller, deliver, acceptedEnquiry } = journey;
  const enquiry = journey.offeredEnquiry;
  const admin = () => callerFor(services, owner).admin;

  async function firstSlots(token: string, location: 'sydney' | 'melbourne' = 'sydney') {
    const days = await seller().slots({ token, location });
    return days.flatMap((d) => d.slots.map((s) => ({ ...s, day: d.day })));
  }

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
    owner = { id: user.id, email: user.email, role: 'owner' };
    await admin().appointments.saveSettings(SETTINGS);
  });
  afterAll(async () => {
    await fake.close();
  });

  it('keeps the Owner’s settings and refuses bad ones with clear messages (400)', async () => {
    const view = await admin().appointments.settings();
    expect(view).toMatchObject({
      slotMinutes: 60,
      horizonDays: 14,
      minNoticeHours: 24,
      timezone: 'Australia/Sydney',
    });
    expect(view.hours).toHaveLength(8);
    expect(view.locations.map((l) => l.slug)).toContain('sydney');
    const bad: Array<[Partial<AppointmentSettingsInput>, string]> = [
      [{ slotMinutes: 10 }, APPOINTMENT_MESSAGES.slotMinutes],
      [{ slotMinutes: 300 }, APPOINTMENT_MESSAGES.slotMinutes],
      [{ blackoutDates: ['2026-02-30'] }, APPOINTMENT_MESSAGES.day],
      [
        { hours: [{ location: 'sydney', weekday: 1, opens: '16:00', closes: '10:00' }] },
        APPOINTMENT_MESSAGES.hoursOrder,
      ],
      [{ hours: [HOURS_EVERY_DAY[0]!, HOURS_EVERY_DAY[0]!] }, APPOINTMENT_MESSAGES.hoursTwice],
    ];
    for (const [change, message] of bad) {
      const call = admin().appointments.saveSettings({ ...SETTINGS, ...change });
      await expect(call).rejects.toThrow(message);
      expect(await codeOf(admin().appointments.saveSettings({ ...SETTINGS, ...change }))).toBe('BAD_REQUEST');
    }
    expect((await admin().appointments.settings()).slotMinutes).toBe(60);
  });

  it('refuses a bad token with the one invalid-link answer', async () => {
    for (const call of [
      () => seller().nextStep({ token: 'not-a-token' }),
      () => seller().slots({ token: 'not-a-token', location: 'sydney' }),
      () => seller().book({ token: 'not-a-token', location: 'sydney', startsAt: '2099-01-01T00:00:00Z' }),
      () => seller().cancelAppointment({ token: 'not-a-token' }),
    ]) {
      await expect(call()).rejects.toThrow(SELLER_MESSAGES.linkInvalid);
      expect(await codeOf(call())).toBe('NOT_FOUND');
    }
  });

  it('refuses booking, slots and a kit before the offer is accepted (403)', async () => {
    const { token } = await enquiry('early@example.com', 'Early Bird');
    expect((await seller().nextStep({ token })).open).toBe(false);
    expect(await codeOf(seller().slots({ token, location: 'sydney' }))).toBe('FORBIDDEN');
    const book = () => seller().book({ token, location: 'sydney', startsAt: '2099-01-01T00:00:00Z' });
    await expect(book()).rejects.toThrow(APPOINTMENT_MESSAGES.notAccepted);
    expect(await codeOf(book())).toBe('FORBIDDEN');
    const kit = () =>
      seller().requestKit({
        token,
        recipientName: 'Early Bird',
        addressLine1: '1 George Street',
        suburb: 'Sydney',
        state: 'NSW',
        postcode: '2000',
      });
    expect(await codeOf(kit())).toBe('FORBIDDEN');
    expect(await t.db.selectFrom('appointments').select('id').execute()).toHaveLength(0);
  });

  it('books a free slot, e-mails the confirmation with a REQUEST .ics, and takes the slot off the list', async () => {
    const { id, token } = await acceptedEnquiry('olivia@example.com', 'Olivia Brown');
    const next = await seller().nextStep({ token });
    expect(next.open).toBe(true);
    expect(next.locations.map((l) => l.slug)).toEqual(['sydney', 'melbourne']);
    const slots = await firstSlots(token);
    const slot = slots[0]!;
    expect(slot.time).toMatch(/^(09|1[0-6]):00$/);
    const booked = await seller().book({ token, location: 'sydney', startsAt: slot.startsAt });
    expect(booked.appointment).toMatchObject({ city: 'Sydney', startsAt: slot.startsAt });

    // The seller's confirmation, and the team's notice (appointments-fate.db.test.ts) to the business.
    const sent = await deliver();
    expect(sent.map((m) => m.to[0])).toEqual(['olivia@example.com', services.config.site.email]);
    const [mail] = sent;
    expect(mail?.subject).toBe(`Your visit in Sydney is booked – ${services.config.site.name}`);
    expect(await checkRenderedEmail({ html: mail?.html ?? '', text: mail?.text })).toEqual([]);
    const { calendar, event, attachment } = calendarOf(mail);
    expect(attachment.filename).toBe('invite.ics');
    expect(attachment.content_type).toContain('method=REQUEST');
    expect(icsValue(calendar, 'METHOD')).toBe('REQUEST');
    expect(icsValue(event, 'SEQUENCE')).toBe('0');
    expect(icsValue(event, 'STATUS')).toBe('CONFIRMED');
    const row = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('enquiry_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(icsValue(event, 'UID')).toBe(`${row.ics_uid}@localhost`);
    const utc = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(icsValue(event, 'DTSTART')).toBe(utc(slot.startsAt));
    expect(icsValue(event, 'DTEND')).toBe(utc(new Date(Date.parse(slot.startsAt) + 3_600_000).toISOString()));
    expect(icsValue(event, 'LOCATION')).toContain('Sydney NSW 2000');
    expect(icsProperty(event, 'ORGANIZER')?.value).toMatch(
      new RegExp(`^mailto:${services.config.site.email}$`, 'i'),
    );
    expect(icsProperty(event, 'ORGANIZER')?.params.CN).toContain(services.config.site.address.streetAddress);
    expect(icsProperty(event, 'ATTENDEE')?.value).toMatch(/^mailto:olivia@example\.com$/i);

    expect((await firstSlots(token)).map((s) => s.startsAt)).not.toContain(slot.startsAt);
    // A second booking while one stands is refused.
    const again = () => seller().book({ token, location: 'sydney', startsAt: slots[1]!.startsAt });
    await expect(again()).rejects.toThrow(APPOINTMENT_MESSAGES.alreadyBooked);
    expect(await codeOf(again())).toBe('CONFLICT');
    // A time that is not a free slot is refused.
    const other = await acceptedEnquiry('noah@example.com', 'Noah Smith');
    const odd = new Date(Date.parse(slots[1]!.startsAt) + 60_000).toISOString();
    await expect(seller().book({ token: other.token, location: 'sydney', startsAt: odd })).rejects.toThrow(
      APPOINTMENT_MESSAGES.slotUnavailable,
    );
    expect(
      await codeOf(seller().book({ token: other.token, location: 'sydney', startsAt: 'tomorrow' })),
    ).toBe('BAD_REQUEST');
  });

  it('gives one of two sellers racing for a slot the slot, and the other a clear 409', async () => {
    const a = await acceptedEnquiry('ava@example.com', 'Ava Race');
    const b = await acceptedEnquiry('ben@example.com', 'Ben Race');
    const slot = (await firstSlots(a.token))[3]!;
    const results = await Promise.allSettled([
      seller().book({ token: a.token, location: 'sydney', startsAt: slot.startsAt }),
      seller().book({ token: b.token, location: 'sydney', startsAt: slot.startsAt }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected');
    // Whichever came second was refused: by the index in the same instant, or by the free list after.
    expect(String(refused?.reason)).toMatch(
      new RegExp(
        `${APPOINTMENT_MESSAGES.slotTaken}|${APPOINTMENT_MESSAGES.slotUnavailable}`.replace(/\./g, '\\.'),
      ),
    );
    const rows = await t.db
      .selectFrom('appointments')
      .select('enquiry_id')
      .where('starts_at', '=', new Date(slot.startsAt))
      .where('state', '=', 'booked')
      .execute();
    expect(rows).toHaveLength(1);
    expect(
      (await deliver()).filter((m) => m.subject.startsWith('Your visit in Sydney is booked')),
    ).toHaveLength(1);
  });

  it('refuses the second of two bookings that both saw the slot free, by the unique index', async () => {
    const a = await acceptedEnquiry('ida@example.com', 'Ida Index');
    const b = await acceptedEnquiry('ian@example.com', 'Ian Index');
    const slot = (await firstSlots(a.token))[4]!;
    const input = (enquiryId: string) => ({
      enquiryId,
      location: 'sydney' as const,
      startsAt: slot.startsAt,
    });
    const first = await t.db.startTransaction().execute();
    expect(await bookAppointment(first, services, input(a.id))).toEqual({ status: 'ok' });
    // The second reads the slot as free (the first has not committed) and waits on the index.
    const second = t.db.transaction().execute((trx) => bookAppointment(trx, services, input(b.id)));
    for (let i = 0; i < 200; i++) {
      const waiting = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock'`.execute(t.db);
      if ((waiting.rows[0]?.n ?? 0) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.commit().execute();
    expect(await second).toEqual({ status: 'conflict', message: APPOINTMENT_MESSAGES.slotTaken });
    const rows = await t.db
      .selectFrom('appointments')
      .select('enquiry_id')
      .where('starts_at', '=', new Date(slot.startsAt))
      .where('state', '=', 'booked')
      .execute();
    expect(rows.map((r) => r.enquiry_id)).toEqual([a.id]);
    jobs.jobs.splice(0);
  });

  it('reschedules with the same UID and SEQUENCE 1, cancels with METHOD:CANCEL and SEQUENCE 2', async () => {
    const { id, token } = await acceptedEnquiry('mia@example.com', 'Mia Move');
    const slots = await firstSlots(token);
    await seller().book({ token, location: 'sydney', startsAt: slots[5]!.startsAt });
    const first = calendarOf((await deliver())[0]);
    const melbourne = (await firstSlots(token, 'melbourne'))[0]!;
    const moved = await seller().reschedule({ token, location: 'melbourne', startsAt: melbourne.startsAt });
    expect(moved.appointment).toMatchObject({ city: 'Melbourne', startsAt: melbourne.startsAt });
    const [movedMail] = await deliver();
    expect(movedMail?.subject).toContain('Your visit in Melbourne has moved');
    expect(await checkRenderedEmail({ html: movedMail?.html ?? '', text: movedMail?.text })).toEqual([]);
    const second = calendarOf(movedMail);
    expect(icsValue(second.calendar, 'METHOD')).toBe('REQUEST');
    expect(icsValue(second.event, 'UID')).toBe(icsValue(first.event, 'UID'));
    expect(icsValue(second.event, 'SEQUENCE')).toBe('1');
    expect(icsValue(second.event, 'LOCATION')).toContain('Melbourne VIC 3000');
    // The old Sydney slot is free again.
    expect((await firstSlots(token)).map((s) => s.startsAt)).toContain(slots[5]!.startsAt);

    await seller().cancelAppointment({ token });
    const [cancelMail] = await deliver();
    expect(cancelMail?.subject).toContain('Your visit in Melbourne is cancelled');
    const third = calendarOf(cancelMail);
    expect(third.attachment.filename).toBe('cancelled.ics');
    expect(icsValue(third.calendar, 'METHOD')).toBe('CANCEL');
    expect(icsValue(third.event, 'STATUS')).toBe('CANCELLED');
    expect(icsValue(third.event, 'UID')).toBe(icsValue(first.event, 'UID'));
    expect(icsValue(third.event, 'SEQUENCE')).toBe('2');
    expect((await seller().nextStep({ token })).appointment).toBeNull();
    expect(await codeOf(seller().cancelAppointment({ token }))).toBe('CONFLICT');

    const history = await admin().appointments.forEnquiry({ id });
    expect(history.appointments.map((a) => a.state).sort()).toEqual(['cancelled', 'rescheduled']);
    const detail = await admin().enquiries.get({ id });
    const kinds = detail.timeline
      .filter((e) => e.kind === 'appointment')
      .map((e) => e.kind === 'appointment' && e.action);
    expect(kinds).toEqual(['booked', 'rescheduled', 'cancelled']);
  });

  it('sends each booked visit one reminder 24 h before, even with two runs at once; none when cancelled', async () => {
    const kept = await acceptedEnquiry('remy@example.com', 'Remy Remind');
    const dropped = await acceptedEnquiry('cara@example.com', 'Cara Cancel');
    const slots = await firstSlots(kept.token);
    const keptSlot = slots[8]!;
    const droppedSlot = slots[9]!;
    await seller().book({ token: kept.token, location: 'sydney', startsAt: keptSlot.startsAt });
    await seller().book({ token: dropped.token, location: 'sydney', startsAt: droppedSlot.startsAt });
    await seller().cancelAppointment({ token: dropped.token });
    await deliver();
    // Visits of the other tests are not this test's: their reminders count as sent.
    await t.db
      .updateTable('appointments')
      .set({ reminder_sent_at: new Date() })
      .where('enquiry_id', 'not in', [kept.id, dropped.id])
      .execute();
    // The runs happen 23 hours before both visits.
    const at = new Date(Date.parse(droppedSlot.startsAt) - 23 * 3_600_000);
    const early = await runAppointmentReminders(
      services,
      new Date(Date.parse(keptSlot.startsAt) - 25 * 3_600_000),
    );
    expect(early.reminded).toBe(0);
    const runs = await Promise.all([
      runAppointmentReminders(services, at),
      runAppointmentReminders(services, at),
    ]);
    expect(runs.map((r) => r.reminded).sort()).toEqual([0, 1]);
    expect((await runAppointmentReminders(services, at)).reminded).toBe(0);
    const sent = await deliver();
    expect(sent.map((m) => m.to[0])).toEqual(['remy@example.com']);
    expect(sent[0]?.subject).toContain('Reminder: your visit in Sydney');
    expect(await checkRenderedEmail({ html: sent[0]?.html ?? '', text: sent[0]?.text })).toEqual([]);

    // A rescheduled visit gets a fresh reminder for its new time.
    const later = slots[12]!;
    await seller().reschedule({ token: kept.token, location: 'sydney', startsAt: later.startsAt });
    await deliver();
    const laterRun = new Date(Date.parse(later.startsAt) - 23 * 3_600_000);
    expect((await runAppointmentReminders(services, laterRun)).reminded).toBe(1);
    expect((await runAppointmentReminders(services, laterRun)).reminded).toBe(0);
    expect((await deliver()).map((m) => m.to[0])).toEqual(['remy@example.com']);
  });

  it('takes a blackout day off the list', async () => {
    const { token } = await acceptedEnquiry('bea@example.com', 'Bea Blackout');
    const days = await seller().slots({ token, location: 'sydney' });
    const blocked = days[1]!.day;
    await admin().appointments.saveSettings({ ...SETTINGS, blackoutDates: [blocked] });
    const after = await seller().slots({ token, location: 'sydney' });
    expect(after.map((d) => d.day)).not.toContain(blocked);
    expect(after.map((d) => d.day)).toContain(days[2]!.day);
    await admin().appointments.saveSettings(SETTINGS);
  });

  it('refuses a kit address whose postcode is not in its state, and takes one kit per enquiry', async () => {
    const { id, token } = await acceptedEnquiry('kit@example.com', 'Kit Carson');
    const address = {
      token,
      recipientName: 'Kit Carson',
      addressLine1: '12 Collins Street',
      suburb: 'Melbourne',
      state: 'VIC' as const,
      postcode: '3000',
      phone: '0400 123 456',
    };
    const refusals: Array<[Record<string, string>, string]> = [
      [{ postcode: '2000' }, APPOINTMENT_MESSAGES.postcodeState('VIC')],
      [{ postcode: '300' }, APPOINTMENT_MESSAGES.postcode],
      [{ state: 'XYZ' }, APPOINTMENT_MESSAGES.state],
      [{ state: 'ACT', postcode: '2700' }, APPOINTMENT_MESSAGES.postcodeState('ACT')],
      [{ recipientName: ' ' }, APPOINTMENT_MESSAGES.recipientName],
      [{ phone: '12' }, APPOINTMENT_MESSAGES.phone],
    ];
    for (const [change, message] of refusals) {
      const call = () => seller().requestKit({ ...address, ...change });
      await expect(call()).rejects.toThrow(message);
      expect(await codeOf(call())).toBe('BAD_REQUEST');
    }
    const view = await seller().requestKit(address);
    expect(view.kit).toMatchObject({
      recipientName: 'Kit Carson',
      address: '12 Collins Street, Melbourne VIC 3000',
    });
    const [mail] = await deliver();
    expect(mail?.subject).toContain('Your insured shipping kit');
    expect(await checkRenderedEmail({ html: mail?.html ?? '', text: mail?.text })).toEqual([]);
    await expect(seller().requestKit(address)).rejects.toThrow(APPOINTMENT_MESSAGES.kitRequested);
    const slot = (await firstSlots(token))[0]!;
    await expect(seller().book({ token, location: 'sydney', startsAt: slot.startsAt })).rejects.toThrow(
      APPOINTMENT_MESSAGES.kitInsteadOfVisit,
    );

    const today = await admin().appointments.today();
    expect(today.kits.map((k) => k.enquiryId)).toContain(id);
    const panel = await admin().appointments.forEnquiry({ id });
    expect(panel.kit?.addressLines).toEqual(['Kit Carson', '12 Collins Street', 'Melbourne VIC 3000']);
    await deliver();
    await admin().appointments.markKitDispatched({ id: panel.kit!.id });
    // The "on its way" e-mail the kit request promised (decision 095), to the seller, once.
    const posted = await deliver();
    expect(posted.map((m) => [m.to, m.subject])).toEqual([
      [['kit@example.com'], expect.stringContaining('Your insured shipping kit is on its way')],
    ]);
    expect(posted[0]?.text).toContain('12 Collins Street');
    expect(await checkRenderedEmail({ html: posted[0]?.html ?? '', text: posted[0]?.text })).toEqual([]);
    expect(await codeOf(admin().appointments.markKitDispatched({ id: panel.kit!.id }))).toBe('CONFLICT');
    expect(await deliver()).toEqual([]);
    expect(await codeOf(admin().appointments.markKitDispatched({ id: crypto.randomUUID() }))).toBe(
      'NOT_FOUND',
    );
    expect((await admin().appointments.today()).kits.map((k) => k.enquiryId)).not.toContain(id);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'admin.appointments.markKitDispatched')
      .execute();
    expect(audit).toHaveLength(1);
    const detail = await admin().enquiries.get({ id });
    expect(
      detail.timeline
        .filter((e) => e.kind === 'shipping_kit')
        .map((e) => e.kind === 'shipping_kit' && e.action),
    ).toEqual(['requested', 'dispatched']);
  });

  it('lists today’s visits in the business’s timezone in time order', async () => {
    const a = await acceptedEnquiry('t1@example.com', 'Tess Early');
    const b = await acceptedEnquiry('t2@example.com', 'Tom Late');
    // Visits today are inside the minimum notice, so they are written as the booking would write them.
    const today = await admin().appointments.today();
    const noonToday = (hours: number) => {
      const [y, m, d] = today.day.split('-').map(Number);
      // 01:00 to 06:00 UTC of a Sydney day is 11:00 to 17:00 there (UTC+10 or +11): the same day.
      return new Date(Date.UTC(y!, m! - 1, d, hours, 0, 0));
    };
    await t.db
      .insertInto('appointments')
      .values([
        { enquiry_id: b.id, location: 'sydney', starts_at: noonToday(5), ends_at: noonToday(6) },
        { enquiry_id: a.id, location: 'melbourne', starts_at: noonToday(1), ends_at: noonToday(2) },
      ])
      .execute();
    const list = await admin().appointments.today();
    const mine = list.appointments.filter((x) => [a.id, b.id].includes(x.enquiryId));
    expect(mine.map((x) => x.sellerName)).toEqual(['Tess Early', 'Tom Late']);
    expect(mine.map((x) => x.city)).toEqual(['Melbourne', 'Sydney']);
  });
});
