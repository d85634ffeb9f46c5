import { z } from 'zod';
import { cities, citySlugs, type CitySlug } from '../content/cities.ts';
import type { PostalAddress } from '../content/types.ts';
import { MAX_SELLER_TOKEN_LENGTH } from '../enquiries/seller.ts';
import { AUSTRALIAN_STATES, type AustralianStateCode, postcodeInState, STATE_NAMES } from './postcodes.ts';

/**
 * Appointments and insured shipping kits after an accepted offer (decision 062): one zod schema per
 * input, the words the seller's page, the admin and the server share, and the business's locations,
 * which are the public site's cities (shared/content/cities.ts), not a second list.
 */

export const SLOT_MINUTES_MIN = 15;
export const SLOT_MINUTES_MAX = 240;
export const SLOT_MINUTES_DEFAULT = 60;
export const HORIZON_DAYS_DEFAULT = 30;
export const MIN_NOTICE_HOURS_DEFAULT = 24;
export const REMINDER_HOURS_BEFORE = 24;

export type LocationSlug = CitySlug;

export interface AppointmentLocation {
  slug: LocationSlug;
  /** "Sydney" */
  city: string;
  address: PostalAddress;
}

export const APPOINTMENT_LOCATIONS: readonly AppointmentLocation[] = citySlugs.map((slug, i) => {
  const city = cities[i];
  if (!city) throw new Error(`no city for ${slug}`);
  return { slug, city: city.city, address: city.schemaData.address };
});

export function locationBySlug(slug: string): AppointmentLocation | undefined {
  return APPOINTMENT_LOCATIONS.find((l) => l.slug === slug);
}

/** "By appointment, Sydney CBD, Sydney NSW 2000" */
export function formatAddress(a: PostalAddress): string {
  return `${a.streetAddress}, ${a.addressLocality} ${a.addressRegion} ${a.postalCode}`;
}

export const APPOINTMENT_MESSAGES = {
  slotMinutes: `A slot is ${SLOT_MINUTES_MIN} to ${SLOT_MINUTES_MAX} minutes long.`,
  horizonDays: 'Bookings open 1 to 365 days ahead.',
  minNoticeHours: 'Minimum notice is 0 to 720 hours.',
  day: 'Enter a date as YYYY-MM-DD.',
  time: 'Enter a time as HH:MM (24-hour).',
  hoursOrder: 'Closing time must be after opening time.',
  hoursTwice: 'Each location has one set of hours per weekday.',
  location: 'Choose one of our locations.',
  slot: 'Choose a time from the list.',
  notAccepted: 'You can book a visit or ask for a shipping kit once you have accepted our offer.',
  slotTaken: 'Sorry, that time has just been booked by someone else. Please choose another.',
  slotUnavailable: 'That time is no longer available. Please choose another from the list.',
  alreadyBooked: 'You already have a visit booked. Reschedule or cancel it instead.',
  nothingBooked: 'You have no visit booked.',
  kitRequested: 'You have already asked for a shipping kit; we will post it to the address you gave.',
  kitInsteadOfVisit: 'You have asked for a shipping kit. Send us a message if you would rather visit us.',
  visitInsteadOfKit: 'You have a visit booked. Cancel it first if you would rather ship your watch.',
  booked: 'Your visit is booked. We have e-mailed you the details with a calendar invitation.',
  rescheduled: 'Your visit has been moved. We have e-mailed you an updated calendar invitation.',
  cancelled: 'Your visit has been cancelled.',
  kitSent: 'Thank you. We will post an insured shipping kit to you.',
  recipientName: 'Enter the name the parcel is addressed to.',
  addressLine1: 'Enter the street address.',
  suburb: 'Enter the suburb or town.',
  state: 'Choose the state or territory.',
  postcode: 'Enter the 4-digit postcode.',
  postcodeState: (state: AustralianStateCode) => `That postcode is not in ${STATE_NAMES[state]}.`,
  phone: 'Enter a phone number of 8 to 15 digits, or leave it empty.',
  kitNotFound: 'That shipping kit request was not found.',
  kitDispatched: 'This shipping kit is already marked as dispatched.',
  kitWithdrawn: 'This shipping kit request was withdrawn: the enquiry is closed or purchased.',
  settingsSaved: 'Appointment settings saved.',
  visitNotFound: 'That visit was not found.',
  outcome: 'Choose Attended or Did not attend.',
  outcomeTooEarly: 'This visit has not started yet. Mark it once its time has come.',
  outcomeMarked: (outcome: AppointmentOutcome) =>
    `This visit is already marked as ${APPOINTMENT_OUTCOME_LABELS[outcome]}.`,
  outcomeNotVisit: 'This visit was moved or cancelled, so there is nothing to mark.',
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

export const calendarDaySchema = z
  .string()
  .regex(DAY, APPOINTMENT_MESSAGES.day)
  .refine(
    (d) =>
      !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
    APPOINTMENT_MESSAGES.day,
  );

const timeSchema = z.string().regex(TIME, APPOINTMENT_MESSAGES.time);
const locationSchema = z.enum(citySlugs, { error: APPOINTMENT_MESSAGES.location });

export const locationHoursSchema = z
  .object({
    location: locationSchema,
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: z.number().int().min(1).max(7),
    opens: timeSchema,
    closes: timeSchema,
  })
  .refine((h) => h.opens < h.closes, { message: APPOINTMENT_MESSAGES.hoursOrder, path: ['closes'] });

export type LocationHours = z.infer<typeof locationHoursSchema>;

/** The Owner's appointment settings (admin.appointments.saveSettings); the timezone is settings.timezone. */
export const appointmentSettingsInputSchema = z.object({
  slotMinutes: z
    .number({ error: APPOINTMENT_MESSAGES.slotMinutes })
    .int(APPOINTMENT_MESSAGES.slotMinutes)
    .min(SLOT_MINUTES_MIN, APPOINTMENT_MESSAGES.slotMinutes)
    .max(SLOT_MINUTES_MAX, APPOINTMENT_MESSAGES.slotMinutes),
  horizonDays: z
    .number({ error: APPOINTMENT_MESSAGES.horizonDays })
    .int(APPOINTMENT_MESSAGES.horizonDays)
    .min(1, APPOINTMENT_MESSAGES.horizonDays)
    .max(365, APPOINTMENT_MESSAGES.horizonDays),
  minNoticeHours: z
    .number({ error: APPOINTMENT_MESSAGES.minNoticeHours })
    .int(APPOINTMENT_MESSAGES.minNoticeHours)
    .min(0, APPOINTMENT_MESSAGES.minNoticeHours)
    .max(720, APPOINTMENT_MESSAGES.minNoticeHours),
  blackoutDates: z
    .array(calendarDaySchema)
    .max(366)
    .transform((days) => [...new Set(days)].sort()),
  hours: z
    .array(locationHoursSchema)
    .max(citySlugs.length * 7)
    .refine((rows) => new Set(rows.map((r) => `${r.location}:${r.weekday}`)).size === rows.length, {
      message: APPOINTMENT_MESSAGES.hoursTwice,
    }),
});

export type AppointmentSettingsInput = z.input<typeof appointmentSettingsInputSchema>;
export type AppointmentSettings = z.output<typeof appointmentSettingsInputSchema>;

export interface AppointmentSettingsView extends AppointmentSettings {
  timezone: string;
  locations: readonly AppointmentLocation[];
  /** Whether any location has a free slot now: false leaves sellers no visit to book. */
  bookable: boolean;
}

const token = z.string().trim().min(1).max(MAX_SELLER_TOKEN_LENGTH);

export const sellerSlotsInputSchema = z.object({ token, location: locationSchema });

export const sellerBookInputSchema = z.object({
  token,
  location: locationSchema,
  startsAt: z.iso.datetime({ offset: true, error: APPOINTMENT_MESSAGES.slot }),
});

export const sellerCancelInputSchema = z.object({ token });

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => (v ? v : null));

export const shippingKitInputSchema = z
  .object({
    token,
    recipientName: z
      .string({ error: APPOINTMENT_MESSAGES.recipientName })
      .trim()
      .min(2, APPOINTMENT_MESSAGES.recipientName)
      .max(200),
    addressLine1: z
      .string({ error: APPOINTMENT_MESSAGES.addressLine1 })
      .trim()
      .min(3, APPOINTMENT_MESSAGES.addressLine1)
      .max(200),
    addressLine2: optionalText(200),
    suburb: z
      .string({ error: APPOINTMENT_MESSAGES.suburb })
      .trim()
      .min(2, APPOINTMENT_MESSAGES.suburb)
      .max(100),
    state: z.enum(AUSTRALIAN_STATES, { error: APPOINTMENT_MESSAGES.state }),
    postcode: z
      .string({ error: APPOINTMENT_MESSAGES.postcode })
      .trim()
      .regex(/^\d{4}$/, APPOINTMENT_MESSAGES.postcode),
    phone: optionalText(30).refine(
      (p) => p === null || /^\+?[\d\s()-]{8,20}$/.test(p),
      APPOINTMENT_MESSAGES.phone,
    ),
  })
  .superRefine((kit, ctx) => {
    if (!postcodeInState(kit.postcode, kit.state))
      ctx.addIssue({
        code: 'custom',
        path: ['postcode'],
        message: APPOINTMENT_MESSAGES.postcodeState(kit.state),
      });
  });

export type ShippingKitInput = z.output<typeof shippingKitInputSchema>;

export const kitIdInputSchema = z.object({ id: z.uuid(APPOINTMENT_MESSAGES.kitNotFound) });

/**
 * Where a visit stands (decision 062): `booked` is the enquiry's visit until its end passes or a
 * buyer marks it; `rescheduled` was replaced by a new row; `attended` and `no_show` are what a buyer
 * recorded once it began; `lapsed` ended unmarked and its seller booked again (it can still be
 * marked).
 */
export type AppointmentState = 'booked' | 'cancelled' | 'rescheduled' | 'lapsed' | AppointmentOutcome;

/** What a buyer records of a visit that has begun (admin.appointments.markOutcome). */
export const APPOINTMENT_OUTCOMES = ['attended', 'no_show'] as const;
export type AppointmentOutcome = (typeof APPOINTMENT_OUTCOMES)[number];
export const APPOINTMENT_OUTCOME_LABELS: Record<AppointmentOutcome, string> = {
  attended: 'Attended',
  no_show: 'Did not attend',
};

export const appointmentOutcomeInputSchema = z.object({
  id: z.uuid(APPOINTMENT_MESSAGES.visitNotFound),
  outcome: z.enum(APPOINTMENT_OUTCOMES, { error: APPOINTMENT_MESSAGES.outcome }),
});

/** One free slot: its instant (ISO, UTC) and how the business's clock shows it. */
export interface FreeSlot {
  startsAt: string;
  /** "10:00" in the business's timezone. */
  time: string;
}

export interface FreeDay {
  /** YYYY-MM-DD in the business's timezone. */
  day: string;
  slots: FreeSlot[];
}

export interface SellerAppointmentView {
  location: LocationSlug;
  city: string;
  address: string;
  startsAt: string;
  endsAt: string;
  timezone: string;
}

export interface SellerKitView {
  recipientName: string;
  address: string;
  requestedAt: string;
  dispatchedAt: string | null;
}

/** What the seller's page shows under "Visit us or ship it". */
export interface SellerNextStepView {
  /** Whether the section is open (the offer was accepted and the watch not yet bought). */
  open: boolean;
  locations: Array<{ slug: LocationSlug; city: string; address: string }>;
  /** Whether any location has a free slot: "Book a visit" is offered only then (decision 095). */
  bookable: boolean;
  /** The visit to come (or under way): booked, not marked, its end not yet passed. */
  appointment: SellerAppointmentView | null;
  /** The latest visit that is history (ended or marked), when none is to come. */
  pastVisit: SellerAppointmentView | null;
  kit: SellerKitView | null;
}

export interface AdminAppointmentView {
  id: string;
  location: LocationSlug;
  city: string;
  startsAt: string;
  endsAt: string;
  state: AppointmentState;
  reminderSentAt: string | null;
  createdAt: string;
  updatedAt: string;
  /** The calendar SEQUENCE: 0 when first booked, one more with every move. */
  sequence: number;
  /** Whether a buyer may mark it now: booked or lapsed, and begun. */
  markable: boolean;
  outcomeAt: string | null;
  /** The member who marked it, by address. */
  outcomeBy: string | null;
  /** Their name (decision 102), null for a member without one. */
  outcomeByName: string | null;
}

export interface AdminKitView {
  id: string;
  recipientName: string;
  addressLines: string[];
  phone: string | null;
  createdAt: string;
  dispatchedAt: string | null;
}

export interface EnquiryNextStepView {
  timezone: string;
  appointments: AdminAppointmentView[];
  kit: AdminKitView | null;
}

export interface TodayVisit {
  id: string;
  enquiryId: string;
  reference: string;
  sellerName: string;
  city: string;
  startsAt: string;
  endsAt: string;
  state: AppointmentState;
  /** Whether a buyer may mark it now: booked or lapsed, and begun. */
  markable: boolean;
}

export interface TodayView {
  day: string;
  timezone: string;
  /** Today's visits (booked, lapsed or marked) in time order. */
  appointments: TodayVisit[];
  /** "Still to mark": visits of earlier days nobody marked, oldest first. */
  toMark: TodayVisit[];
  kits: Array<{
    id: string;
    enquiryId: string;
    reference: string;
    recipientName: string;
    suburb: string;
    state: AustralianStateCode;
    createdAt: string;
  }>;
}

export function kitAddressLines(kit: {
  recipientName: string;
  addressLine1: string;
  addressLine2: string | null;
  suburb: string;
  state: string;
  postcode: string;
}): string[] {
  return [
    kit.recipientName,
    kit.addressLine1,
    ...(kit.addressLine2 ? [kit.addressLine2] : []),
    `${kit.suburb} ${kit.state} ${kit.postcode}`,
  ];
}
