import { sql } from 'kysely';
import {
  APPOINTMENT_LOCATIONS,
  APPOINTMENT_MESSAGES,
  type AppointmentOutcome,
  type AppointmentSettings,
  type AppointmentSettingsView,
  type EnquiryNextStepView,
  formatAddress,
  type FreeDay,
  HORIZON_DAYS_DEFAULT,
  kitAddressLines,
  locationBySlug,
  type LocationHours,
  type LocationSlug,
  MIN_NOTICE_HOURS_DEFAULT,
  REMINDER_HOURS_BEFORE,
  type SellerNextStepView,
  type ShippingKitInput,
  SLOT_MINUTES_DEFAULT,
  type TodayView,
  type TodayVisit,
} from '#shared/appointments/schemas.ts';
import { type EnquiryStatus, isClosed } from '#shared/enquiries/status.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone, localDate } from '../settings/entry.ts';
import {
  appointmentEmail,
  type AppointmentEmailKind,
  shippingKitEmail,
  teamNoticeEmail,
  type TeamNoticeInput,
} from './appointment-emails.ts';
import { freeDays } from './appointment-slots.ts';
import { issueSellerLink } from './seller-link.ts';

// Appointments and insured shipping kits after an accepted offer (decision 062). Every change of a
// seller's visit happens in one transaction that locks the enquiry row (so one seller's double
// click is one booking) and queues its e-mail with the .ics; a slot taken by another seller in the
// same instant is refused by the partial unique index `appointments_slot_once`, not by a read.

export type MailServices = Pick<AppServices, 'jobs'> & {
  config: Pick<AppConfig, 'appUrl' | 'appSecret' | 'site' | 'emailFrom' | 'inboundDomain'>;
};

export type NextStepResult =
  { status: 'ok' } | { status: 'not_found' | 'refused' | 'conflict'; message: string };

const refuse = (message: string): NextStepResult => ({ status: 'refused', message });
const conflict = (message: string): NextStepResult => ({ status: 'conflict', message });

/**
 * Bookings, moves, cancellations and kit requests on one enquiry's page, on top of the page's
 * per-network limit (decision 059): a person changes their visit a few times, a script does not.
 */
export const NEXT_STEP_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

export function consumeNextStepAllowance(db: DbExecutor, enquiryId: string, now = new Date()) {
  return consumeRateLimit(db, `seller-next-step:enquiry:${enquiryId}`, NEXT_STEP_LIMIT, now);
}

const DEFAULT_SETTINGS: AppointmentSettings = {
  slotMinutes: SLOT_MINUTES_DEFAULT,
  horizonDays: HORIZON_DAYS_DEFAULT,
  minNoticeHours: MIN_NOTICE_HOURS_DEFAULT,
  blackoutDates: [],
  hours: [],
};

export async function readAppointmentSettings(db: DbExecutor): Promise<AppointmentSettings> {
  const [row, hours] = await Promise.all([
    db
      .selectFrom('appointment_settings')
      .select([
        'slot_minutes',
        'horizon_days',
        'min_notice_hours',
        sql<string[]>`array(SELECT to_char(d, 'YYYY-MM-DD') FROM unnest(blackout_dates) d ORDER BY d)`.as(
          'blackout',
        ),
      ])
      .executeTakeFirst(),
    db
      .selectFrom('location_hours')
      .select([
        'location',
        'weekday',
        sql<string>`to_char(opens, 'HH24:MI')`.as('opens'),
        sql<string>`to_char(closes, 'HH24:MI')`.as('closes'),
      ])
      .orderBy('location')
      .orderBy('weekday')
      .execute(),
  ]);
  return {
    ...(row
      ? {
          slotMinutes: row.slot_minutes,
          horizonDays: row.horizon_days,
          minNoticeHours: row.min_notice_hours,
          blackoutDates: row.blackout,
        }
      : DEFAULT_SETTINGS),
    hours: hours.flatMap((h): LocationHours[] => {
      const location = locationBySlug(h.location);
      return location
        ? [{ location: location.slug, weekday: h.weekday, opens: h.opens, closes: h.closes }]
        : [];
    }),
  };
}

export async function appointmentSettingsView(db: DbExecutor): Promise<AppointmentSettingsView> {
  const [settings, timezone] = await Promise.all([readAppointmentSettings(db), getSettingsTimezone(db)]);
  return { ...settings, timezone, locations: APPOINTMENT_LOCATIONS };
}

/** The Owner's settings, the weekly hours replaced whole. */
export async function saveAppointmentSettings(trx: DbTransaction, input: AppointmentSettings): Promise<void> {
  await trx
    .insertInto('appointment_settings')
    .values({
      id: true,
      slot_minutes: input.slotMinutes,
      horizon_days: input.horizonDays,
      min_notice_hours: input.minNoticeHours,
      blackout_dates: input.blackoutDates,
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        slot_minutes: input.slotMinutes,
        horizon_days: input.horizonDays,
        min_notice_hours: input.minNoticeHours,
        blackout_dates: input.blackoutDates,
        updated_at: sql<Date>`now()`,
      }),
    )
    .execute();
  await trx.deleteFrom('location_hours').execute();
  if (input.hours.length > 0)
    await trx
      .insertInto('location_hours')
      .values(
        input.hours.map((h) => ({
          location: h.location,
          weekday: h.weekday,
          opens: h.opens,
          closes: h.closes,
        })),
      )
      .execute();
}

/** The free slots of a location from `now` on, by day, in the business's timezone. */
export async function freeSlots(
  db: DbExecutor,
  location: LocationSlug,
  now = new Date(),
): Promise<FreeDay[]> {
  const [settings, timezone, booked] = await Promise.all([
    readAppointmentSettings(db),
    getSettingsTimezone(db),
    db
      .selectFrom('appointments')
      .select(['starts_at', 'ends_at'])
      .where('location', '=', location)
      .where('state', '=', 'booked')
      .where('ends_at', '>', now)
      .execute(),
  ]);
  return freeDays({
    settings,
    hours: settings.hours.filter((h) => h.location === location),
    timezone,
    booked: booked.map((b) => ({ startsAt: b.starts_at, endsAt: b.ends_at })),
    now,
  });
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === constraint;

async function lockedEnquiry(trx: DbTransaction, enquiryId: string) {
  const row = await trx
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .leftJoin('users', 'users.id', 'enquiries.assignee_id')
    .select([
      'enquiries.id',
      'enquiries.status',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
      'users.email as assignee_email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .forUpdate('enquiries')
    .executeTakeFirst();
  if (!row) return undefined;
  return { ...row, name: row.contact_name ?? row.full_name ?? row.email };
}

/**
 * The enquiry's visit to come or under way (decision 062): booked, not marked, its end not passed.
 * A booked row whose end has passed is history even before a buyer marks it: it is not moved or
 * cancelled, does not block a kit, and gives way to a new booking (`lapseEndedVisits`).
 */
function currentAppointment(db: DbExecutor, enquiryId: string, now: Date) {
  return db
    .selectFrom('appointments')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('ends_at', '>', now)
    .executeTakeFirst();
}

/**
 * Before a new booking, in its transaction on the locked enquiry (decision 062): a booked visit of
 * the enquiry whose end has passed unmarked becomes `lapsed`, so `appointments_one_per_enquiry`
 * (WHERE state = 'booked') takes the new one. The index cannot say "ends in the future" (an index
 * predicate cannot call now()), hence a state. A lapsed visit stays on "Still to mark".
 */
async function lapseEndedVisits(trx: DbTransaction, enquiryId: string, now: Date): Promise<void> {
  await trx
    .updateTable('appointments')
    .set({ state: 'lapsed', updated_at: sql<Date>`now()` })
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('ends_at', '<=', now)
    .execute();
}

/** The enquiry's kit: asked for and not withdrawn with the enquiry (posted or not). */
function openKit(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('shipping_kit_requests')
    .selectAll()
    .where('enquiry_id', '=', enquiryId)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
}

/**
 * The team's notice of the seller's change (decision 062): to the assignee, or with nobody assigned
 * to the business's address the new-lead alert goes to, queued in the change's transaction under a
 * key per row (or kit) and kind, so a retried job tells nobody twice.
 */
async function queueTeamNotice(
  trx: DbTransaction,
  services: MailServices,
  seller: { name: string; assignee_email: string | null },
  notice: Omit<TeamNoticeInput, 'to' | 'sellerName' | 'timezone'>,
  key: string,
): Promise<void> {
  const timezone = await getSettingsTimezone(trx);
  await enqueueEmail(
    services,
    teamNoticeEmail(services.config, {
      ...notice,
      to: seller.assignee_email ?? services.config.site.email,
      sellerName: seller.name,
      timezone,
    }),
    key,
    { trx },
    { aboutEnquiryIds: [notice.enquiryId] },
  );
}

function visitOf(row: { location: string; starts_at: Date }) {
  const location = locationBySlug(row.location);
  return location ? { location, startsAt: row.starts_at } : null;
}

async function queueAppointmentEmail(
  trx: DbTransaction,
  services: MailServices,
  kind: AppointmentEmailKind,
  seller: { name: string; email: string },
  row: {
    id: string;
    enquiry_id: string;
    location: string;
    starts_at: Date;
    ends_at: Date;
    ics_uid: string;
    ics_sequence: number;
  },
): Promise<void> {
  const location = locationBySlug(row.location);
  if (!location) return;
  const [timezone, link] = await Promise.all([
    getSettingsTimezone(trx),
    issueSellerLink(trx, services.config, row.enquiry_id),
  ]);
  await enqueueEmail(
    services,
    appointmentEmail(services.config, kind, {
      uid: row.ics_uid,
      sequence: row.ics_sequence,
      enquiryId: row.enquiry_id,
      location,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      seller,
      timezone,
      url: link.url,
    }),
    // One e-mail per row and kind: a row is one version of the visit (decision 062).
    `appointment-${kind}-${row.id}`,
    { trx },
    { aboutEnquiryIds: [row.enquiry_id] },
  );
}

/** Whether `startsAt` is one of the location's free slots now; its end when it is. */
async function slotEnd(
  trx: DbTransaction,
  location: LocationSlug,
  startsAt: string,
  now: Date,
): Promise<Date | null> {
  const wanted = new Date(startsAt).getTime();
  const days = await freeSlots(trx, location, now);
  const found = days.some((d) => d.slots.some((s) => new Date(s.startsAt).getTime() === wanted));
  if (!found) return null;
  const { slotMinutes } = await readAppointmentSettings(trx);
  return new Date(wanted + slotMinutes * 60_000);
}

async function insertBooking(
  trx: DbTransaction,
  values: {
    enquiry_id: string;
    location: LocationSlug;
    starts_at: Date;
    ends_at: Date;
    ics_uid?: string;
    ics_sequence?: number;
  },
) {
  // A savepoint, so a refused insert leaves the transaction usable for the refusal's answer.
  await sql`SAVEPOINT booking`.execute(trx);
  try {
    const row = await trx.insertInto('appointments').values(values).returningAll().executeTakeFirstOrThrow();
    await sql`RELEASE SAVEPOINT booking`.execute(trx);
    return { ok: true as const, row };
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT booking`.execute(trx);
    if (isUniqueViolation(error, 'appointments_slot_once'))
      return { ok: false as const, refused: APPOINTMENT_MESSAGES.slotTaken };
    if (isUniqueViolation(error, 'appointments_one_per_enquiry'))
      return { ok: false as const, refused: APPOINTMENT_MESSAGES.alreadyBooked };
    throw error;
  }
}

export async function bookAppointment(
  trx: DbTransaction,
  services: MailServices,
  input: { enquiryId: string; location: LocationSlug; startsAt: string },
  now = new Date(),
): Promise<NextStepResult> {
  const seller = await lockedEnquiry(trx, input.enquiryId);
  if (!seller) return { status: 'not_found', message: APPOINTMENT_MESSAGES.notAccepted };
  if (seller.status !== 'accepted') return refuse(APPOINTMENT_MESSAGES.notAccepted);
  if (await currentAppointment(trx, input.enquiryId, now))
    return conflict(APPOINTMENT_MESSAGES.alreadyBooked);
  if (await openKit(trx, input.enquiryId)) return conflict(APPOINTMENT_MESSAGES.kitInsteadOfVisit);
  const endsAt = await slotEnd(trx, input.location, input.startsAt, now);
  if (!endsAt) return conflict(APPOINTMENT_MESSAGES.slotUnavailable);
  await lapseEndedVisits(trx, input.enquiryId, now);
  const inserted = await insertBooking(trx, {
    enquiry_id: input.enquiryId,
    location: input.location,
    starts_at: new Date(input.startsAt),
    ends_at: endsAt,
  });
  if (!inserted.ok) return conflict(inserted.refused);
  await queueAppointmentEmail(trx, services, 'booked', seller, inserted.row);
  await queueTeamNotice(
    trx,
    services,
    seller,
    { kind: 'booked', enquiryId: input.enquiryId, visit: visitOf(inserted.row) },
    `appointment-team-booked-${inserted.row.id}`,
  );
  return { status: 'ok' };
}

/**
 * Moves the seller's visit: the booked row becomes `rescheduled` and a new row is booked with the
 * same calendar UID and the next SEQUENCE (and an empty reminder_sent_at: a fresh reminder).
 */
export async function rescheduleAppointment(
  trx: DbTransaction,
  services: MailServices,
  input: { enquiryId: string; location: LocationSlug; startsAt: string },
  now = new Date(),
): Promise<NextStepResult> {
  const seller = await lockedEnquiry(trx, input.enquiryId);
  if (!seller) return { status: 'not_found', message: APPOINTMENT_MESSAGES.notAccepted };
  if (seller.status !== 'accepted') return refuse(APPOINTMENT_MESSAGES.notAccepted);
  const current = await currentAppointment(trx, input.enquiryId, now);
  if (!current) return conflict(APPOINTMENT_MESSAGES.nothingBooked);
  const endsAt = await slotEnd(trx, input.location, input.startsAt, now);
  if (!endsAt) return conflict(APPOINTMENT_MESSAGES.slotUnavailable);
  await trx
    .updateTable('appointments')
    .set({ state: 'rescheduled', updated_at: sql<Date>`now()` })
    .where('id', '=', current.id)
    .execute();
  const inserted = await insertBooking(trx, {
    enquiry_id: input.enquiryId,
    location: input.location,
    starts_at: new Date(input.startsAt),
    ends_at: endsAt,
    ics_uid: current.ics_uid,
    ics_sequence: current.ics_sequence + 1,
  });
  if (!inserted.ok) {
    // The old visit stands: undo its change before answering.
    await trx.updateTable('appointments').set({ state: 'booked' }).where('id', '=', current.id).execute();
    return conflict(inserted.refused);
  }
  await queueAppointmentEmail(trx, services, 'rescheduled', seller, inserted.row);
  await queueTeamNotice(
    trx,
    services,
    seller,
    {
      kind: 'rescheduled',
      enquiryId: input.enquiryId,
      visit: visitOf(inserted.row),
      previous: visitOf(current),
    },
    `appointment-team-rescheduled-${inserted.row.id}`,
  );
  return { status: 'ok' };
}

export async function cancelAppointment(
  trx: DbTransaction,
  services: MailServices,
  enquiryId: string,
  now = new Date(),
): Promise<NextStepResult> {
  const seller = await lockedEnquiry(trx, enquiryId);
  if (!seller) return { status: 'not_found', message: APPOINTMENT_MESSAGES.notAccepted };
  const current = await currentAppointment(trx, enquiryId, now);
  if (!current) return conflict(APPOINTMENT_MESSAGES.nothingBooked);
  const cancelled = await trx
    .updateTable('appointments')
    .set({ state: 'cancelled', ics_sequence: current.ics_sequence + 1, updated_at: sql<Date>`now()` })
    .where('id', '=', current.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await queueAppointmentEmail(trx, services, 'cancelled', seller, cancelled);
  await queueTeamNotice(
    trx,
    services,
    seller,
    { kind: 'cancelled', enquiryId, visit: visitOf(cancelled) },
    `appointment-team-cancelled-${cancelled.id}`,
  );
  return { status: 'ok' };
}

export async function requestShippingKit(
  trx: DbTransaction,
  services: MailServices,
  enquiryId: string,
  kit: Omit<ShippingKitInput, 'token'>,
): Promise<NextStepResult> {
  const seller = await lockedEnquiry(trx, enquiryId);
  if (!seller) return { status: 'not_found', message: APPOINTMENT_MESSAGES.notAccepted };
  if (seller.status !== 'accepted') return refuse(APPOINTMENT_MESSAGES.notAccepted);
  if (await openKit(trx, enquiryId)) return conflict(APPOINTMENT_MESSAGES.kitRequested);
  if (await currentAppointment(trx, enquiryId, new Date()))
    return conflict(APPOINTMENT_MESSAGES.visitInsteadOfKit);
  const requested = await trx
    .insertInto('shipping_kit_requests')
    .values({
      enquiry_id: enquiryId,
      recipient_name: kit.recipientName,
      address_line1: kit.addressLine1,
      address_line2: kit.addressLine2,
      suburb: kit.suburb,
      state: kit.state,
      postcode: kit.postcode,
      phone: kit.phone,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const link = await issueSellerLink(trx, services.config, enquiryId);
  await enqueueEmail(
    services,
    shippingKitEmail(services.config, {
      to: seller.email,
      fullName: seller.name,
      enquiryId,
      addressLines: kitAddressLines(kit),
      url: link.url,
    }),
    `shipping-kit-${enquiryId}`,
    { trx },
    { aboutEnquiryIds: [enquiryId] },
  );
  await queueTeamNotice(
    trx,
    services,
    seller,
    { kind: 'kit', enquiryId, visit: null, kitTo: `${kit.suburb} ${kit.state} ${kit.postcode}` },
    `shipping-kit-team-${requested.id}`,
  );
  return { status: 'ok' };
}

/** Whether entering `status` ends the enquiry's visit and kit (decision 062). */
export function endsNextSteps(status: EnquiryStatus): boolean {
  return isClosed(status) || status === 'purchased';
}

/**
 * The visit and the kit follow the enquiry (decision 062). Called in the transaction of every status
 * change, on the locked enquiry row: when it enters Declined, Lost, Spam or Purchased, a booked
 * visit still to come is cancelled (state `cancelled`, SEQUENCE + 1, the status kept beside it for
 * the timeline) and a kit not yet posted is withdrawn, so neither stays on "Today" and the reminder
 * job, which claims only booked rows, sends nothing. The seller gets the cancellation with its
 * METHOD:CANCEL .ics, so the visit leaves their calendar, when the enquiry was declined or lost;
 * not when it is spam (nothing goes to a spammer) nor when the watch was bought (the purchase
 * happened; the visit is moot). A visit already begun or past is history and stays as it was.
 * Reopening the enquiry revives nothing.
 */
export async function endNextStepsWith(
  trx: DbTransaction,
  services: MailServices,
  enquiryId: string,
  to: EnquiryStatus,
): Promise<{ cancelledVisits: number; withdrawnKits: number }> {
  if (!endsNextSteps(to)) return { cancelledVisits: 0, withdrawnKits: 0 };
  // now() is the transaction's start: the same instant as the status change's timeline entry.
  const cancelled = await trx
    .updateTable('appointments')
    .set({
      state: 'cancelled',
      ics_sequence: sql<number>`ics_sequence + 1`,
      cancelled_with_status: to,
      updated_at: sql<Date>`now()`,
    })
    .where('enquiry_id', '=', enquiryId)
    .where('state', '=', 'booked')
    .where('starts_at', '>', sql<Date>`now()`)
    .returningAll()
    .execute();
  const withdrawn = await trx
    .updateTable('shipping_kit_requests')
    .set({ withdrawn_at: sql<Date>`now()` })
    .where('enquiry_id', '=', enquiryId)
    .where('dispatched_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .executeTakeFirst();
  if (to !== 'spam' && to !== 'purchased' && cancelled.length > 0) {
    const seller = await trx
      .selectFrom('enquiries')
      .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
      .select(['enquiries.contact_name', 'leads.full_name', 'leads.email'])
      .where('enquiries.id', '=', enquiryId)
      .executeTakeFirstOrThrow();
    const recipient = { name: seller.contact_name ?? seller.full_name ?? seller.email, email: seller.email };
    for (const row of cancelled) await queueAppointmentEmail(trx, services, 'closed', recipient, row);
  }
  return { cancelledVisits: cancelled.length, withdrawnKits: Number(withdrawn.numUpdatedRows) };
}

/** What the seller's page shows under "Visit us or ship it". */
export async function sellerNextStep(
  db: Database,
  enquiryId: string,
  now = new Date(),
): Promise<SellerNextStepView> {
  const [enquiry, appointment, past, kit, timezone] = await Promise.all([
    db.selectFrom('enquiries').select('status').where('id', '=', enquiryId).executeTakeFirst(),
    currentAppointment(db, enquiryId, now),
    // The latest visit that is history: ended, or marked by a buyer (decision 062).
    db
      .selectFrom('appointments')
      .selectAll()
      .where('enquiry_id', '=', enquiryId)
      .where((eb) =>
        eb.or([
          eb('state', 'in', ['lapsed', 'attended', 'no_show']),
          eb.and([eb('state', '=', 'booked'), eb('ends_at', '<=', now)]),
        ]),
      )
      .orderBy('starts_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    openKit(db, enquiryId),
    getSettingsTimezone(db),
  ]);
  const bookable = await db.selectFrom('location_hours').select('location').distinct().execute();
  const open = new Set(bookable.map((b) => b.location));
  const visitView = (row: typeof appointment) => {
    const location = row ? locationBySlug(row.location) : undefined;
    return row && location
      ? {
          location: location.slug,
          city: location.city,
          address: formatAddress(location.address),
          startsAt: row.starts_at.toISOString(),
          endsAt: row.ends_at.toISOString(),
          timezone,
        }
      : null;
  };
  return {
    open: enquiry?.status === 'accepted',
    locations: APPOINTMENT_LOCATIONS.filter((l) => open.has(l.slug)).map((l) => ({
      slug: l.slug,
      city: l.city,
      address: formatAddress(l.address),
    })),
    appointment: visitView(appointment),
    pastVisit: appointment ? null : visitView(past),
    kit: kit
      ? {
          recipientName: kit.recipient_name,
          address: kitAddressLines({
            recipientName: kit.recipient_name,
            addressLine1: kit.address_line1,
            addressLine2: kit.address_line2,
            suburb: kit.suburb,
            state: kit.state,
            postcode: kit.postcode,
          })
            .slice(1)
            .join(', '),
          requestedAt: kit.created_at.toISOString(),
          dispatchedAt: kit.dispatched_at?.toISOString() ?? null,
        }
      : null,
  };
}

/** The enquiry page's panel: every version of the visit, newest first, and the kit. */
export async function enquiryNextStep(
  db: DbExecutor,
  enquiryId: string,
  now = new Date(),
): Promise<EnquiryNextStepView> {
  const [rows, kit, timezone] = await Promise.all([
    db
      .selectFrom('appointments')
      .leftJoin('users', 'users.id', 'appointments.outcome_by')
      .selectAll('appointments')
      .select('users.email as outcome_by_email')
      .where('enquiry_id', '=', enquiryId)
      .orderBy('appointments.created_at', 'desc')
      .orderBy('ics_sequence', 'desc')
      .execute(),
    openKit(db, enquiryId),
    getSettingsTimezone(db),
  ]);
  return {
    timezone,
    appointments: rows.map((r) => ({
      id: r.id,
      location: (locationBySlug(r.location)?.slug ?? r.location) as LocationSlug,
      city: locationBySlug(r.location)?.city ?? r.location,
      startsAt: r.starts_at.toISOString(),
      endsAt: r.ends_at.toISOString(),
      state: r.state,
      reminderSentAt: r.reminder_sent_at?.toISOString() ?? null,
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
      sequence: r.ics_sequence,
      markable: isMarkable(r, now),
      outcomeAt: r.outcome_at?.toISOString() ?? null,
      outcomeBy: r.outcome_by_email,
    })),
    kit: kit
      ? {
          id: kit.id,
          recipientName: kit.recipient_name,
          addressLines: kitAddressLines({
            recipientName: kit.recipient_name,
            addressLine1: kit.address_line1,
            addressLine2: kit.address_line2,
            suburb: kit.suburb,
            state: kit.state,
            postcode: kit.postcode,
          }),
          phone: kit.phone,
          createdAt: kit.created_at.toISOString(),
          dispatchedAt: kit.dispatched_at?.toISOString() ?? null,
        }
      : null,
  };
}

/** A buyer marks a kit as posted; refused when it already was. */
export async function markKitDispatched(
  db: DbExecutor,
  kitId: string,
  userId: string,
): Promise<NextStepResult & { enquiryId?: string }> {
  const row = await db
    .updateTable('shipping_kit_requests')
    .set({ dispatched_at: sql<Date>`now()`, dispatched_by: userId })
    .where('id', '=', kitId)
    .where('dispatched_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .returning('enquiry_id')
    .executeTakeFirst();
  if (row) return { status: 'ok', enquiryId: row.enquiry_id };
  const exists = await db
    .selectFrom('shipping_kit_requests')
    .select('withdrawn_at')
    .where('id', '=', kitId)
    .executeTakeFirst();
  if (!exists) return { status: 'not_found', message: APPOINTMENT_MESSAGES.kitNotFound };
  return {
    status: 'conflict',
    message: exists.withdrawn_at ? APPOINTMENT_MESSAGES.kitWithdrawn : APPOINTMENT_MESSAGES.kitDispatched,
  };
}

/** Whether a buyer may record the visit's outcome now: not yet marked, not moved or cancelled, begun. */
function isMarkable(row: { state: string; starts_at: Date }, now: Date): boolean {
  return (row.state === 'booked' || row.state === 'lapsed') && row.starts_at <= now;
}

/**
 * A buyer records what happened at a visit (decision 062): once it has begun, a booked or lapsed
 * visit becomes `attended` or `no_show` with who and when. The UPDATE's conditions decide, so of two
 * buyers marking at once one wins and the other is told what was recorded; marking again is refused
 * (409), a visit still to begin too, rather than recording a guess.
 */
export async function markAppointmentOutcome(
  db: DbExecutor,
  input: { id: string; outcome: AppointmentOutcome },
  userId: string,
  now = new Date(),
): Promise<NextStepResult & { enquiryId?: string }> {
  const row = await db
    .updateTable('appointments')
    .set({ state: input.outcome, outcome_at: now, outcome_by: userId, updated_at: sql<Date>`now()` })
    .where('id', '=', input.id)
    .where('state', 'in', ['booked', 'lapsed'])
    .where('starts_at', '<=', now)
    .returning('enquiry_id')
    .executeTakeFirst();
  if (row) return { status: 'ok', enquiryId: row.enquiry_id };
  const found = await db
    .selectFrom('appointments')
    .select(['state', 'starts_at'])
    .where('id', '=', input.id)
    .executeTakeFirst();
  if (!found) return { status: 'not_found', message: APPOINTMENT_MESSAGES.visitNotFound };
  if (found.state === 'attended' || found.state === 'no_show')
    return conflict(APPOINTMENT_MESSAGES.outcomeMarked(found.state));
  if (found.state === 'cancelled' || found.state === 'rescheduled')
    return conflict(APPOINTMENT_MESSAGES.outcomeNotVisit);
  return refuse(APPOINTMENT_MESSAGES.outcomeTooEarly);
}

const STILL_TO_MARK_LIMIT = 50;

/** The buyers' "Today": today's visits in the business's timezone, in time order, and open kits. */
export async function todayList(db: DbExecutor, now = new Date()): Promise<TodayView> {
  const timezone = await getSettingsTimezone(db);
  const day = localDate(now, timezone);
  const visits = () =>
    db
      .selectFrom('appointments')
      .innerJoin('enquiries', 'enquiries.id', 'appointments.enquiry_id')
      .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
      .select([
        'appointments.id',
        'appointments.enquiry_id',
        'appointments.location',
        'appointments.starts_at',
        'appointments.ends_at',
        'appointments.state',
        'enquiries.contact_name',
        'leads.full_name',
        'leads.email',
      ])
      .orderBy('appointments.starts_at');
  const localDay = sql<string>`to_char(appointments.starts_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD')`;
  // The business's midnight today, as an instant: "Still to mark" is what began before it.
  const todayVisit = (a: Awaited<ReturnType<ReturnType<typeof visits>['execute']>>[number]): TodayVisit => ({
    id: a.id,
    enquiryId: a.enquiry_id,
    reference: enquiryReference(a.enquiry_id),
    sellerName: a.contact_name ?? a.full_name ?? a.email,
    city: locationBySlug(a.location)?.city ?? a.location,
    startsAt: a.starts_at.toISOString(),
    endsAt: a.ends_at.toISOString(),
    state: a.state,
    markable: isMarkable(a, now),
  });
  const midnight = sql<Date>`(${day}::date::timestamp AT TIME ZONE ${timezone})`;
  const [appointments, toMark, kits] = await Promise.all([
    visits()
      .where('appointments.state', 'in', ['booked', 'lapsed', 'attended', 'no_show'])
      .where(localDay, '=', day)
      .execute(),
    visits()
      .where('appointments.state', 'in', ['booked', 'lapsed'])
      .where('appointments.starts_at', '<', midnight)
      .limit(STILL_TO_MARK_LIMIT)
      .execute(),
    db
      .selectFrom('shipping_kit_requests')
      .select(['id', 'enquiry_id', 'recipient_name', 'suburb', 'state', 'created_at'])
      .where('dispatched_at', 'is', null)
      .where('withdrawn_at', 'is', null)
      .orderBy('created_at')
      .limit(200)
      .execute(),
  ]);
  return {
    day,
    timezone,
    appointments: appointments.map(todayVisit),
    toMark: toMark.map(todayVisit),
    kits: kits.map((k) => ({
      id: k.id,
      enquiryId: k.enquiry_id,
      reference: enquiryReference(k.enquiry_id),
      recipientName: k.recipient_name,
      suburb: k.suburb,
      state: k.state,
      createdAt: k.created_at.toISOString(),
    })),
  };
}

const REMINDER_BATCH = 100;

/**
 * The reminder, once per booked visit (decision 062): the rows due within the next 24 hours whose
 * reminder_sent_at is empty are claimed with one UPDATE … RETURNING (SKIP LOCKED, and the condition
 * checked again on the locked row) in the transaction that queues their e-mails under a key made
 * from the row, so two runs at once, or a retried run, send one reminder. A cancelled or
 * rescheduled row is no longer `booked` and gets none; the rescheduled visit's new row gets its own.
 */
export async function runAppointmentReminders(
  services: Pick<AppServices, 'db' | 'jobs'> & MailServices,
  now = new Date(),
): Promise<{ reminded: number }> {
  return services.db.transaction().execute(async (trx) => {
    const due = new Date(now.getTime() + REMINDER_HOURS_BEFORE * 3_600_000);
    const claimed = await sql<{
      id: string;
      enquiry_id: string;
      location: string;
      starts_at: Date;
      ends_at: Date;
      ics_uid: string;
      ics_sequence: number;
    }>`
      UPDATE appointments SET reminder_sent_at = now()
      WHERE id IN (
        SELECT id FROM appointments
        WHERE state = 'booked' AND reminder_sent_at IS NULL AND starts_at > ${now} AND starts_at <= ${due}
        ORDER BY starts_at
        LIMIT ${REMINDER_BATCH}
        FOR UPDATE SKIP LOCKED)
        AND state = 'booked' AND reminder_sent_at IS NULL
      RETURNING id, enquiry_id, location, starts_at, ends_at, ics_uid, ics_sequence`.execute(trx);
    for (const row of claimed.rows) {
      const seller = await trx
        .selectFrom('enquiries')
        .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
        .select(['enquiries.contact_name', 'leads.full_name', 'leads.email'])
        .where('enquiries.id', '=', row.enquiry_id)
        .executeTakeFirst();
      if (!seller) continue;
      await queueAppointmentEmail(
        trx,
        services,
        'reminder',
        { name: seller.contact_name ?? seller.full_name ?? seller.email, email: seller.email },
        row,
      );
    }
    return { reminded: claimed.rows.length };
  });
}
