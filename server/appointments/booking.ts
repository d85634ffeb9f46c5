import { sql } from 'kysely';
import {
  APPOINTMENT_MESSAGES,
  kitAddressLines,
  type LocationSlug,
  type ShippingKitInput,
} from '#shared/appointments/schemas.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import { shippingKitEmail } from './appointment-emails.ts';
import { freeSlots, readAppointmentSettings } from './appointment-settings.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import {
  conflict,
  currentAppointment,
  lapseEndedVisits,
  lockedEnquiry,
  type MailServices,
  type NextStepResult,
  openKit,
  queueAppointmentEmail,
  queueTeamNotice,
  refuse,
  visitOf,
} from './visits.ts';

// Appointments and insured shipping kits after an accepted offer (decision 062). Every change of a
// seller's visit happens in one transaction that locks the enquiry row (so one seller's double
// click is one booking) and queues its e-mail with the .ics; a slot taken by another seller in the
// same instant is refused by the partial unique index `appointments_slot_once`, not by a read.

/**
 * Bookings, moves, cancellations and kit requests on one enquiry's page, on top of the page's
 * per-network limit (decision 059): a person changes their visit a few times, a script does not.
 */
export const NEXT_STEP_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

export function consumeNextStepAllowance(db: DbExecutor, enquiryId: string, now = new Date()) {
  return consumeRateLimit(db, `seller-next-step:enquiry:${enquiryId}`, NEXT_STEP_LIMIT, now);
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  error.code === '23505' &&
  'constraint' in error &&
  error.constraint === constraint;

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
