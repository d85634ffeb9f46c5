import { sql } from 'kysely';
import {
  APPOINTMENT_MESSAGES,
  type AppointmentOutcome,
  kitAddressLines,
  locationBySlug,
  type TodayView,
  type TodayVisit,
} from '#shared/appointments/schemas.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { issueSellerLink } from '../seller-link/entry.ts';
import { kitPostedEmail } from './appointment-emails.ts';
import { localDate } from '#shared/time/zones.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import {
  conflict,
  isMarkable,
  lockedEnquiry,
  type MailServices,
  type NextStepResult,
  refuse,
} from './visits.ts';

// The buyers' side (decision 062): "Today", a kit posted (and the seller told, decision 095), a
// visit's outcome.

/**
 * A buyer marks a kit as posted; refused when it already was. In the same transaction the seller's
 * "on its way" e-mail is queued, the one the kit request promised (decision 095), keyed by the kit.
 */
export async function markKitDispatched(
  trx: DbTransaction,
  services: MailServices,
  kitId: string,
  userId: string,
): Promise<NextStepResult & { enquiryId?: string }> {
  const row = await trx
    .updateTable('shipping_kit_requests')
    .set({ dispatched_at: sql<Date>`now()`, dispatched_by: userId })
    .where('id', '=', kitId)
    .where('dispatched_at', 'is', null)
    .where('withdrawn_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
  if (row) {
    const seller = await lockedEnquiry(trx, row.enquiry_id);
    if (seller) {
      const link = await issueSellerLink(trx, services.config, row.enquiry_id);
      await enqueueEmail(
        services,
        kitPostedEmail(services.config, {
          to: seller.email,
          fullName: seller.name,
          enquiryId: row.enquiry_id,
          addressLines: kitAddressLines({
            recipientName: row.recipient_name,
            addressLine1: row.address_line1,
            addressLine2: row.address_line2,
            suburb: row.suburb,
            state: row.state,
            postcode: row.postcode,
          }),
          url: link.url,
        }),
        `shipping-kit-posted-${row.id}`,
        { trx },
        { aboutEnquiryIds: [row.enquiry_id] },
      );
    }
    return { status: 'ok', enquiryId: row.enquiry_id };
  }
  const exists = await trx
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
