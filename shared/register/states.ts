// The dealer's register rules per Australian state and territory, as data (decision 058). Each
// entry names its source; where this project could not confirm a rule it says so ("confirm with
// your licence") rather than inventing one. The business must confirm them against its licence.

import {
  NSW_PUBLIC_HOLIDAYS,
  NSW_VIC_PUBLIC_HOLIDAYS_UNTIL,
  QLD_PUBLIC_HOLIDAYS,
  QLD_PUBLIC_HOLIDAYS_UNTIL,
  UNCERTAIN_PUBLIC_HOLIDAYS,
  VIC_PUBLIC_HOLIDAYS,
} from './holidays.ts';

export const AU_STATES = ['NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT'] as const;
export type AuState = (typeof AU_STATES)[number];

export const IDENTITY_DOCUMENTS = [
  'driver_licence',
  'passport',
  'proof_of_age_card',
  'photo_card',
  'firearms_licence',
  'government_photo_id',
] as const;
export type IdentityDocument = (typeof IDENTITY_DOCUMENTS)[number];

export const IDENTITY_DOCUMENT_LABELS: Record<IdentityDocument, string> = {
  driver_licence: 'Australian driver licence',
  passport: 'Passport',
  proof_of_age_card: 'Proof-of-age card',
  photo_card: 'State photo card',
  firearms_licence: 'Firearms licence',
  government_photo_id: 'Other government-issued photo ID',
};

/** The fields every register entry holds (what the acts list; the form asks for all of them). */
export const REGISTER_FIELDS = [
  'description',
  'serial',
  'identifying_marks',
  'seller_name',
  'seller_address',
  'identity_document',
  'received_at',
  'price',
  'employee',
] as const;
export type RegisterField = (typeof REGISTER_FIELDS)[number];

export interface HoldPeriod {
  days: number;
  /**
   * Working days skip Saturdays and Sundays, and the state's public holidays where this project
   * lists them (NSW, VIC and QLD 2026–2027, holidays.ts); past the list, weekends only.
   */
  kind: 'calendar' | 'working';
}

export interface StateRule {
  state: AuState;
  name: string;
  /** null: no hold period this project could confirm; the business confirms with its licence. */
  holdPeriod: HoldPeriod | null;
  acceptedDocuments: readonly IdentityDocument[];
  registerFields: readonly RegisterField[];
  /** The act (and section where known) each rule comes from. */
  source: string;
  /** What is still to be confirmed with the licence, shown beside the rule. */
  confirm: string | null;
}

export const CONFIRM_WITH_LICENCE = 'Confirm with your licence';

/**
 * Where this project could not confirm the accepted list, the most common photo documents only,
 * so nothing doubtful is accepted before the business has confirmed it.
 */
const CORE_PHOTO_ID: readonly IdentityDocument[] = [
  'driver_licence',
  'passport',
  'proof_of_age_card',
  'photo_card',
];

const PHOTO_ID: readonly IdentityDocument[] = [
  'driver_licence',
  'passport',
  'proof_of_age_card',
  'photo_card',
  'firearms_licence',
  'government_photo_id',
];

export const STATE_RULES: Readonly<Record<AuState, StateRule>> = {
  NSW: {
    state: 'NSW',
    name: 'New South Wales',
    // NSW Fair Trading: "Most businesses also need to hold goods for at least 14 days before
    // selling them"; jewellery, watches included, are prescribed goods (decision 070).
    holdPeriod: { days: 14, kind: 'calendar' },
    acceptedDocuments: PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source:
      'Pawnbrokers and Second-hand Dealers Act 1996 (NSW) and Pawnbrokers and Second-hand Dealers Regulation 2021 (records, proof of identity, ownership declaration; prescribed goods, jewellery including watches, held at least 14 days: NSW Fair Trading)',
    confirm: `${CONFIRM_WITH_LICENCE}: exemptions from the 14-day hold that your licence may give.`,
  },
  VIC: {
    state: 'VIC',
    name: 'Victoria',
    holdPeriod: { days: 7, kind: 'calendar' },
    acceptedDocuments: PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source:
      'Second-Hand Dealers and Pawnbrokers Act 1989 (Vic) s 19 (identity), s 20 (records), s 21 (retention of goods for seven days); Regulations 2018 r 12 (evidence of identity)',
    confirm: null,
  },
  QLD: {
    state: 'QLD',
    name: 'Queensland',
    holdPeriod: { days: 7, kind: 'working' },
    acceptedDocuments: PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source:
      'Second-hand Dealers and Pawnbrokers Act 2003 (Qld): nominated goods (jewellery, identifiable goods) kept for 7 working days; transactions register',
    confirm: `${CONFIRM_WITH_LICENCE}: the Queensland public holidays skipped (state-wide ones of 2026 and 2027, no regional show days; weekends only after 2027).`,
  },
  WA: {
    state: 'WA',
    name: 'Western Australia',
    holdPeriod: null,
    acceptedDocuments: CORE_PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source: 'Pawnbrokers and Second-hand Dealers Act 1994 (WA)',
    confirm: `${CONFIRM_WITH_LICENCE}: hold period and accepted identity documents.`,
  },
  SA: {
    state: 'SA',
    name: 'South Australia',
    holdPeriod: null,
    acceptedDocuments: PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source: 'Second-hand Goods Act 2013 (SA) (retention of goods before sale)',
    confirm: `${CONFIRM_WITH_LICENCE}: the retention period for your class of goods.`,
  },
  TAS: {
    state: 'TAS',
    name: 'Tasmania',
    holdPeriod: { days: 7, kind: 'calendar' },
    acceptedDocuments: PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source: 'Second-hand Dealers and Pawnbrokers Act 1994 (Tas) s 11 (duty to retain goods for 7 days)',
    confirm: null,
  },
  ACT: {
    state: 'ACT',
    name: 'Australian Capital Territory',
    holdPeriod: null,
    acceptedDocuments: CORE_PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source: 'Second-hand Dealers Act 1906 (ACT)',
    confirm: `${CONFIRM_WITH_LICENCE}: hold period and accepted identity documents.`,
  },
  NT: {
    state: 'NT',
    name: 'Northern Territory',
    holdPeriod: null,
    acceptedDocuments: CORE_PHOTO_ID,
    registerFields: REGISTER_FIELDS,
    source: 'No second-hand dealers act was found for the Northern Territory',
    confirm: `${CONFIRM_WITH_LICENCE}: whether any record or hold period applies.`,
  },
};

/** The business's state when none is chosen: the seed business is in Sydney. */
export const DEFAULT_STATE: AuState = 'NSW';

/** Adds whole days to a YYYY-MM-DD day (calendar arithmetic in UTC: days have no time zone). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Public holidays by state, where listed (decisions 058 and 070). */
const PUBLIC_HOLIDAYS: Partial<Record<AuState, { days: Readonly<Record<string, string>>; until: string }>> = {
  NSW: { days: NSW_PUBLIC_HOLIDAYS, until: NSW_VIC_PUBLIC_HOLIDAYS_UNTIL },
  VIC: { days: VIC_PUBLIC_HOLIDAYS, until: NSW_VIC_PUBLIC_HOLIDAYS_UNTIL },
  QLD: { days: QLD_PUBLIC_HOLIDAYS, until: QLD_PUBLIC_HOLIDAYS_UNTIL },
};

/**
 * How a listed holiday whose date is not settled counts: as a holiday for a hold (held a day
 * longer), as a working day for a deadline (due a day earlier), decision 070.
 */
export type UncertainHolidays = 'holiday' | 'working';

/** The state's public holiday on `day` (YYYY-MM-DD), if this project lists one. */
export function publicHoliday(state: AuState, day: string, uncertain: UncertainHolidays): string | null {
  const name = PUBLIC_HOLIDAYS[state]?.days[day];
  if (!name) return null;
  if (uncertain === 'working' && UNCERTAIN_PUBLIC_HOLIDAYS[state as 'NSW' | 'VIC' | 'QLD']?.includes(day))
    return null;
  return name;
}

export function isBusinessDay(state: AuState, day: string, uncertain: UncertainHolidays): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && publicHoliday(state, day, uncertain) === null;
}

/**
 * The day `days` business days after `from` (the day itself not counted): Saturdays, Sundays and
 * the state's listed public holidays are skipped; a day past the list counts if it is a weekday.
 */
export function addBusinessDays(
  state: AuState,
  from: string,
  days: number,
  uncertain: UncertainHolidays,
): string {
  let day = from;
  let left = days;
  while (left > 0) {
    day = addDays(day, 1);
    if (isBusinessDay(state, day, uncertain)) left -= 1;
  }
  return day;
}

/**
 * Said beside a business-day date that runs past the state's list of public holidays, where only
 * weekends were skipped; null when the list covers it or the state lists none.
 */
export function businessDayNote(state: AuState, day: string | null): string | null {
  const holidays = PUBLIC_HOLIDAYS[state];
  if (!day || !holidays || day <= holidays.until) return null;
  return `Public holidays after ${holidays.until} are not listed here: only weekends were skipped. Check this date.`;
}

/**
 * The day until which a watch bought on `purchasedOn` (the business's day) must be held, or null
 * when the state sets no confirmed hold period. Working days skip Saturdays, Sundays and the
 * state's listed public holidays; a day past the list is counted as a working day.
 */
export function holdUntil(state: AuState, purchasedOn: string): string | null {
  const period = STATE_RULES[state].holdPeriod;
  if (!period) return null;
  if (period.kind === 'calendar') return addDays(purchasedOn, period.days);
  return addBusinessDays(state, purchasedOn, period.days, 'holiday');
}

/**
 * Said beside a working-day hold date that runs past the state's list of public holidays, where
 * only weekends were skipped; null when the list covers it or the state lists none.
 */
export function holdDateNote(state: AuState, heldUntil: string | null): string | null {
  if (STATE_RULES[state].holdPeriod?.kind !== 'working') return null;
  return businessDayNote(state, heldUntil);
}

export function acceptsDocument(state: AuState, document: IdentityDocument): boolean {
  return STATE_RULES[state].acceptedDocuments.includes(document);
}
