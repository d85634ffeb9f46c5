import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_MESSAGES, type AppointmentSettingsInput } from '#shared/appointments/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { checkRenderedEmail } from '#test/support/email-checks.ts';
import { type FakeResend, startFakeResend } from '#test/support/fake-resend.ts';
import { icsValue } from '#test/support/ics.ts';
import { calendarOf, sellerJourney, sellerTokenIn } from '#test/support/seller-journey.ts';
import { purchaseRecord } from '#test/support/register.ts';
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
import { formatVisit } from './appointment-emails.ts';
import { runAppointmentReminders } from './appointments.ts';

// A visit and a kit follow the enquiry's fate, and the team hears of the seller's bookings
// (decision 062): through the procedures the admin and the seller's page call, on a real
// PostgreSQL, with every e-mail sent by the real Resend SDK to the fake provider.

const DAY_MS = 86_400_000;

const SETTINGS: AppointmentSettingsInput = {
  slotMinutes: 60,
  horizonDays: 14,
  minNoticeHours: 24,
  blackoutDates: [],
  hours: [1, 2, 3, 4, 5, 6, 7].flatMap((weekday) => [
    { location: 'sydney' as const, weekday, opens: '09:00', closes: '17:00' },
    { location: 'melbourne' as const, weekday, opens: '09:00', closes: '17:00' },
  ]),
};

describe('visits and kits follow the enquiry; the team hears of bookings', () => {
  const t = useTestDatabase();
  let fake: FakeResend;
  let jobs: RecordingJobQueue;
  let services: AppServices;
  let owner: SessionUser;
  let buyer: { id: string; email: string };
  let slotIndex = 0;
  const admin = () => callerFor(services, owner).admin;
  const journey = sellerJourney({
    db: () => t.db,
    services: () => services,
    jobs: () => jobs,
    fake: () => fake,
    admin: () => admin(),
  });
  const { seller, deliver } = journey;
  const enquiry = journey.offeredEnquiry;
  const acceptedEnquiry = (email: string, name: string, assigneeId: string | null = null) =>
    journey.acceptedEnquiry(email, name, { assigneeId });

  /** A free slot no other test took: each test books its own. */
  async function nextSlot(token: string, location: 'sydney' | 'melbourne' = 'sydney') {
    const days = await seller().slots({ token, location });
    const slot = days.flatMap((d) => d.slots)[slotIndex++];
    if (!slot) throw new Error('no free slot');
    return slot;
  }

  async function booked(email: string, name: string, assignee: string | null = null) {
    const made = await acceptedEnquiry(email, name, assignee);
    const slot = await nextSlot(made.token);
    await seller().book({ token: made.token, location: 'sydney', startsAt: slot.startsAt });
    const mails = await deliver();
    const row = await t.db
      .selectFrom('appointments')
      .selectAll()
      .where('enquiry_id', '=', made.id)
      .executeTakeFirstOrThrow();
    return { ...made, slot, row, mails };
  }

  const visitsOf = (enquiryId: string) =>
    t.db
      .selectFrom('appointments')
      .select(['state', 'ics_sequence', 'cancelled_with_status', 'starts_at'])
      .where('enquiry_id', '=', enquiryId)
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
    owner = { id: user.id, email: user.email, role: 'owner' };
    // A purchase names a member who may record it.
    await t.db.insertInto('user_roles').values({ user_id: user.id, role: 'owner' }).execute();
    buyer = await t.db
      .insertInto('users')
      .values({ email: 'buyer@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_roles').values({ user_id: buyer.id, role: 'buyer' }).execute();
    await admin().appointments.saveSettings(SETTINGS);
  });
  afterAll(async () => {
    await fake.close();
  });

  it('cancels a future visit when the enquiry is lost, e-mails the seller a CANCEL .ics, and reminds no one', async () => {
    const visit = await booked('lena@example.com', 'Lena Lost');
    const invite = calendarOf(visit.mails.find((m) => m.to.includes('lena@example.com')));

    await admin().enquiries.setStatus({ id: visit.id, to: 'lost', reason: 'Sold it elsewhere' });
    expect(await visitsOf(visit.id)).toEqual([
      { state: 'cancelled', ics_sequence: 1, cancelled_with_status: 'lost', starts_at: visit.row.starts_at },
    ]);
    const sent = await deliver();
    // The seller only: the team made the change and hears nothing of it.
    expect(sent.map((m) => m.to)).toEqual([['lena@example.com']]);
    const [mail] = sent;
    expect(mail?.subject).toBe(`Your visit in Sydney is cancelled – ${services.config.site.name}`);
    expect(mail?.html).toContain('as your enquiry with us is now closed');
    expect(mail?.html).not.toContain('as you asked');
    expect(await checkRenderedEmail({ html: mail?.html ?? '', text: mail?.text })).toEqual([]);
    const { attachment, calendar, event } = calendarOf(mail);
    expect(attachment.filename).toBe('cancelled.ics');
    expect(attachment.content_type).toContain('method=CANCEL');
    expect(icsValue(calendar, 'METHOD')).toBe('CANCEL');
    expect(icsValue(event, 'STATUS')).toBe('CANCELLED');
    // The same event the seller's calendar holds, one SEQUENCE on: it leaves their calendar.
    expect(icsValue(event, 'UID')).toBe(icsValue(invite.event, 'UID'));
    expect(icsValue(event, 'SEQUENCE')).toBe('1');

    // The reminder run 23 hours before the visit sends nothing.
    await t.db
      .updateTable('appointments')
      .set({ reminder_sent_at: new Date() })
      .where('enquiry_id', '!=', visit.id)
      .execute();
    const at = new Date(Date.parse(visit.slot.startsAt) - 23 * 3_600_000);
    expect((await runAppointmentReminders(services, at)).reminded).toBe(0);
    expect(await deliver()).toEqual([]);

    // The timeline says why it ended, beside the status change.
    const detail = await admin().enquiries.get({ id: visit.id });
    const status = detail.timeline.find((e) => e.kind === 'status' && e.to === 'lost');
    const cancelled = detail.timeline.find((e) => e.kind === 'appointment' && e.action === 'cancelled');
    expect(cancelled).toMatchObject({ withStatus: 'lost', city: 'Sydney' });
    expect(cancelled?.at).toBe(status?.at);
    expect(detail.timeline.indexOf(cancelled!)).toBeGreaterThan(detail.timeline.indexOf(status!));

    // Reopening does not revive it: no visit on the page, none to book until an offer is accepted.
    await admin().enquiries.setStatus({ id: visit.id, to: 'contacted' });
    expect((await visitsOf(visit.id)).map((v) => v.state)).toEqual(['cancelled']);
    expect((await seller().nextStep({ token: visit.token })).appointment).toBeNull();
    expect(await codeOf(seller().slots({ token: visit.token, location: 'sydney' }))).toBe('FORBIDDEN');
    expect(await deliver()).toEqual([]);
  });

  it('cancels a future visit silently when the watch is purchased', async () => {
    const visit = await booked('pia@example.com', 'Pia Purchase');
    await admin().enquiries.setStatus({
      id: visit.id,
      to: 'purchased',
      purchase: purchaseRecord(owner.id, { priceCents: 1_900_000 }),
    });
    expect(await visitsOf(visit.id)).toEqual([
      {
        state: 'cancelled',
        ics_sequence: 1,
        cancelled_with_status: 'purchased',
        starts_at: visit.row.starts_at,
      },
    ]);
    expect((await deliver()).filter((m) => m.to.includes('pia@example.com'))).toEqual([]);
    const at = new Date(Date.parse(visit.slot.startsAt) - 23 * 3_600_000);
    await t.db
      .updateTable('appointments')
      .set({ reminder_sent_at: new Date() })
      .where('enquiry_id', '!=', visit.id)
      .execute();
    expect((await runAppointmentReminders(services, at)).reminded).toBe(0);
    expect((await admin().appointments.today()).appointments.map((a) => a.enquiryId)).not.toContain(visit.id);
  });

  it('cancels a spammer’s future visit and sends them nothing', async () => {
    // Spam is reached from New or Contacted only; a visit row is written beside such an enquiry
    // as a booking would write it, to show the rule holds for every closed status.
    const { id } = await enquiry('spam@example.com', 'Sam Spam');
    await admin().enquiries.setStatus({ id, to: 'contacted' });
    const starts = new Date(Date.now() + 3 * DAY_MS);
    await t.db
      .insertInto('appointments')
      .values({
        enquiry_id: id,
        location: 'melbourne',
        starts_at: starts,
        ends_at: new Date(starts.getTime() + 3_600_000),
      })
      .execute();
    jobs.jobs.splice(0);
    await admin().enquiries.setStatus({ id, to: 'spam' });
    expect((await visitsOf(id)).map((v) => [v.state, v.ics_sequence, v.cancelled_with_status])).toEqual([
      ['cancelled', 1, 'spam'],
    ]);
    expect(jobs.jobs.filter((j) => j.name === 'email.send')).toEqual([]);
  });

  it('leaves a past visit as it was', async () => {
    const { id } = await acceptedEnquiry('paul@example.com', 'Paul Past');
    const starts = new Date(Date.now() - 2 * DAY_MS);
    await t.db
      .insertInto('appointments')
      .values({
        enquiry_id: id,
        location: 'sydney',
        starts_at: starts,
        ends_at: new Date(starts.getTime() + 3_600_000),
        reminder_sent_at: new Date(starts.getTime() - DAY_MS),
      })
      .execute();
    await admin().enquiries.setStatus({ id, to: 'lost', reason: 'Changed their mind' });
    expect(await visitsOf(id)).toEqual([
      { state: 'booked', ics_sequence: 0, cancelled_with_status: null, starts_at: starts },
    ]);
    expect(await deliver()).toEqual([]);
  });

  it('withdraws a kit not yet posted: it leaves Today and cannot be marked posted', async () => {
    const { id, token } = await acceptedEnquiry('kate@example.com', 'Kate Kit');
    const kit = {
      token,
      recipientName: 'Kate Kit',
      addressLine1: '12 George Street',
      suburb: 'Paddington',
      state: 'NSW' as const,
      postcode: '2021',
    };
    await seller().requestKit(kit);
    await deliver();
    const panel = await admin().appointments.forEnquiry({ id });
    expect((await admin().appointments.today()).kits.map((k) => k.enquiryId)).toContain(id);

    await admin().enquiries.setStatus({ id, to: 'lost', reason: 'No answer' });
    expect((await admin().appointments.today()).kits.map((k) => k.enquiryId)).not.toContain(id);
    expect((await admin().appointments.forEnquiry({ id })).kit).toBeNull();
    expect((await seller().nextStep({ token })).kit).toBeNull();
    const dispatch = () => admin().appointments.markKitDispatched({ id: panel.kit!.id });
    await expect(dispatch()).rejects.toThrow(APPOINTMENT_MESSAGES.kitWithdrawn);
    expect(await codeOf(dispatch())).toBe('CONFLICT');
    const detail = await admin().enquiries.get({ id });
    expect(
      detail.timeline
        .filter((e) => e.kind === 'shipping_kit')
        .map((e) => e.kind === 'shipping_kit' && e.action),
    ).toEqual(['requested', 'withdrawn']);
    expect(await deliver()).toEqual([]);

    // Reopened and accepted again, the seller may ask for a kit once more.
    await admin().enquiries.setStatus({ id, to: 'contacted' });
    await admin().enquiries.recordOffer({
      id,
      amountCents: 2_100_000,
      validUntil: '2099-01-31',
      conditions: null,
    });
    const offer = sellerTokenIn((await deliver()).at(-1)?.html);
    const page = await seller().get({ token: offer });
    await seller().accept({
      token: offer,
      offerId: page.offer?.id ?? '',
      typedName: 'Kate Kit',
      declaration: true,
    });
    await seller().requestKit({ ...kit, token: offer });
    expect((await admin().appointments.today()).kits.map((k) => k.enquiryId)).toContain(id);
    jobs.jobs.splice(0);
  });

  it('leaves a posted kit as it was', async () => {
    const { id, token } = await acceptedEnquiry('pete@example.com', 'Pete Posted');
    await seller().requestKit({
      token,
      recipientName: 'Pete Posted',
      addressLine1: '1 Collins Street',
      suburb: 'Melbourne',
      state: 'VIC',
      postcode: '3000',
    });
    const panel = await admin().appointments.forEnquiry({ id });
    await admin().appointments.markKitDispatched({ id: panel.kit!.id });
    await admin().enquiries.setStatus({
      id,
      to: 'purchased',
      purchase: purchaseRecord(owner.id, { priceCents: 1_900_000 }),
    });
    expect((await admin().appointments.forEnquiry({ id })).kit?.dispatchedAt).not.toBeNull();
    jobs.jobs.splice(0);
  });

  describe('the team’s notice of what the seller did on their page', () => {
    it('tells the assignee of a booking, a move and a cancellation, once each', async () => {
      const visit = await booked('anna@example.com', 'Anna Assigned', buyer.id);
      const adminLink = `${services.config.appUrl}/admin/enquiries/${visit.id}`;
      const timezone = (await admin().appointments.settings()).timezone;

      const [bookedNotice, ...moreBooked] = visit.mails.filter((m) => m.to.includes(buyer.email));
      expect(moreBooked).toHaveLength(0);
      expect(visit.mails.filter((m) => m.to.includes(services.config.site.email))).toHaveLength(0);
      expect(bookedNotice?.subject).toMatch(/^Anna Assigned booked a visit in Sydney – [0-9A-F]{8}$/);
      expect(bookedNotice?.html).toContain(formatVisit(new Date(visit.slot.startsAt), timezone));
      expect(bookedNotice?.html).toContain('Sydney NSW 2000');
      expect(bookedNotice?.html).toContain(`href="${adminLink}"`);
      expect(bookedNotice?.attachments ?? []).toEqual([]);
      expect(await checkRenderedEmail({ html: bookedNotice?.html ?? '', text: bookedNotice?.text })).toEqual(
        [],
      );

      const later = await nextSlot(visit.token, 'melbourne');
      await seller().reschedule({ token: visit.token, location: 'melbourne', startsAt: later.startsAt });
      const moved = (await deliver()).filter((m) => m.to.includes(buyer.email));
      expect(moved.map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Anna Assigned moved their visit to Melbourne – /),
      ]);
      expect(moved[0]?.html).toContain(formatVisit(new Date(later.startsAt), timezone));
      expect(moved[0]?.html).toContain(formatVisit(new Date(visit.slot.startsAt), timezone));
      expect(moved[0]?.html).toContain('Melbourne VIC 3000');
      expect(await checkRenderedEmail({ html: moved[0]?.html ?? '', text: moved[0]?.text })).toEqual([]);

      await seller().cancelAppointment({ token: visit.token });
      const cancelled = (await deliver()).filter((m) => m.to.includes(buyer.email));
      expect(cancelled.map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Anna Assigned cancelled their visit in Melbourne – /),
      ]);
      expect(cancelled[0]?.html).toContain(`href="${adminLink}"`);
      expect(await checkRenderedEmail({ html: cancelled[0]?.html ?? '', text: cancelled[0]?.text })).toEqual(
        [],
      );
    });

    it('tells the business address when nobody is assigned, and of a kit', async () => {
      const business = services.config.site.email;
      const visit = await booked('una@example.com', 'Una Unassigned');
      const notices = visit.mails.filter((m) => m.to.includes(business));
      expect(notices.map((m) => m.subject)).toEqual([
        expect.stringMatching(/^Una Unassigned booked a visit in Sydney – /),
      ]);
      expect(visit.mails).toHaveLength(2);

      const kit = await acceptedEnquiry('kim@example.com', 'Kim Kit', buyer.id);
      await seller().requestKit({
        token: kit.token,
        recipientName: 'Kim Kit',
        addressLine1: '3 Queen Street',
        suburb: 'Brisbane City',
        state: 'QLD',
        postcode: '4000',
      });
      const sent = await deliver();
      expect(sent.map((m) => m.to[0]).sort()).toEqual([buyer.email, 'kim@example.com'].sort());
      const notice = sent.find((m) => m.to.includes(buyer.email));
      expect(notice?.subject).toMatch(/^Kim Kit asked for an insured shipping kit – /);
      expect(notice?.html).toContain('Brisbane City QLD 4000');
      expect(notice?.html).not.toContain('3 Queen Street');
      expect(notice?.html).toContain(`href="${services.config.appUrl}/admin/enquiries/${kit.id}"`);
      expect(await checkRenderedEmail({ html: notice?.html ?? '', text: notice?.text })).toEqual([]);
    });
  });
});
