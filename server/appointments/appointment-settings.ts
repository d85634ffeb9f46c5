import { sql } from 'kysely';
import {
  APPOINTMENT_LOCATIONS,
  type AppointmentSettings,
  type AppointmentSettingsView,
  type FreeDay,
  HORIZON_DAYS_DEFAULT,
  locationBySlug,
  type LocationHours,
  type LocationSlug,
  MIN_NOTICE_HOURS_DEFAULT,
  SLOT_MINUTES_DEFAULT,
} from '#shared/appointments/schemas.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { freeDays } from './appointment-slots.ts';

// The Owner's appointment settings and the free slots they give (decision 062).

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
  const [settings, timezone, bookable] = await Promise.all([
    readAppointmentSettings(db),
    getSettingsTimezone(db),
    anySlotFree(db),
  ]);
  return { ...settings, timezone, locations: APPOINTMENT_LOCATIONS, bookable };
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

/**
 * Whether a seller could book a visit now: some location has a free slot within the horizon
 * (decision 095). The seller's page offers "Book a visit" only then, and the Owner's dashboard
 * warns when not. Locations are tried in order and the first free one answers.
 */
export async function anySlotFree(db: DbExecutor, now = new Date()): Promise<boolean> {
  const open = await db.selectFrom('location_hours').select('location').distinct().execute();
  for (const location of APPOINTMENT_LOCATIONS.filter((l) => open.some((o) => o.location === l.slug))) {
    if ((await freeSlots(db, location.slug, now)).length > 0) return true;
  }
  return false;
}
