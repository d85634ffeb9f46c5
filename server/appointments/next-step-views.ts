import {
  APPOINTMENT_LOCATIONS,
  type EnquiryNextStepView,
  formatAddress,
  kitAddressLines,
  locationBySlug,
  type LocationSlug,
  type SellerNextStepView,
} from '#shared/appointments/schemas.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { anySlotFree } from './appointment-settings.ts';
import { currentAppointment, isMarkable, openKit } from './visits.ts';

// The visit and the kit as the seller's page and the enquiry page show them (decision 062).

/** What the seller's page shows under "Visit us or ship it". */
export async function sellerNextStep(
  db: Database,
  enquiryId: string,
  now = new Date(),
): Promise<SellerNextStepView> {
  const [enquiry, appointment, past, kit, timezone, bookable] = await Promise.all([
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
    anySlotFree(db, now),
  ]);
  const hoursSet = await db.selectFrom('location_hours').select('location').distinct().execute();
  const open = new Set(hoursSet.map((b) => b.location));
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
    bookable,
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
      .select(['users.email as outcome_by_email', 'users.name as outcome_by_name'])
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
      outcomeByName: r.outcome_by_name,
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
