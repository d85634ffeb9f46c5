import { z } from 'zod';
import { readDay, readOneOf } from '../url-search.ts';

// The owner's reports (decision 096): attribution of campaigns and flows, and the funnel from
// enquiry to purchase. Amounts are AUD whole cents (decision 058); `null` where the reader may not
// see prices.

export const attributionInputSchema = z.object({ id: z.uuid('Not found') });

/** What one campaign or flow brought: enquiries whose last touch it is, their purchases and value. */
export interface AttributedFigures {
  enquiries: number;
  purchases: number;
  /** Purchase value in cents; null when the reader's role may not see prices. */
  valueCents: number | null;
}

export const FUNNEL_DIMENSIONS = ['source', 'brand', 'assignee', 'location'] as const;
export type FunnelDimension = (typeof FUNNEL_DIMENSIONS)[number];
export const FUNNEL_DIMENSION_LABELS: Record<FunnelDimension, string> = {
  source: 'Source',
  brand: 'Brand',
  assignee: 'Buyer',
  location: 'Visit location',
};

/** The longest period a report covers, in days. */
export const FUNNEL_MAX_DAYS = 366;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = z
  .string()
  .regex(DAY, 'Enter a date as YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), 'Enter a real date');

export const funnelInputSchema = z
  .object({ from: day, to: day, by: z.enum(FUNNEL_DIMENSIONS).default('source') })
  .refine((v) => v.from <= v.to, { message: 'The period must end on or after its first day', path: ['to'] })
  .refine((v) => daysBetween(v.from, v.to) < FUNNEL_MAX_DAYS, {
    message: `Choose at most ${FUNNEL_MAX_DAYS} days`,
    path: ['from'],
  });

export const FUNNEL_STEPS = ['enquiries', 'contacted', 'offered', 'accepted', 'purchased'] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];
export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  enquiries: 'Enquiries',
  contacted: 'Contacted',
  offered: 'Offered',
  accepted: 'Accepted',
  purchased: 'Purchased',
};

export interface FunnelFigures {
  enquiries: number;
  contacted: number;
  offered: number;
  accepted: number;
  purchased: number;
  purchaseValueCents: number;
  /** Over purchases that had an offer: the first offer's and the price's averages, in cents. */
  averageFirstOfferCents: number | null;
  averagePriceCents: number | null;
  medianHoursToFirstReply: number | null;
  medianHoursToOffer: number | null;
  medianHoursToPurchase: number | null;
}

export interface FunnelRow extends FunnelFigures {
  key: string;
  label: string;
}

export interface FunnelReport {
  period: { from: string; to: string };
  previous: { from: string; to: string };
  current: FunnelFigures;
  prior: FunnelFigures;
  by: FunnelDimension;
  rows: FunnelRow[];
}

/** Whole days from `from` to `to` (calendar dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  const shift = (value: string, days: number) =>
    new Date(Date.parse(`${value}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  return { from: shift(from, -length), to: shift(from, -1) };
}

/** Each step's conversion from the step before it, null where the step before is empty. */
export function stepConversions(figures: FunnelFigures): Record<FunnelStep, number | null> {
  const out = { enquiries: null } as Record<FunnelStep, number | null>;
  for (let i = 1; i < FUNNEL_STEPS.length; i += 1) {
    const before = figures[FUNNEL_STEPS[i - 1]!];
    out[FUNNEL_STEPS[i]!] = before === 0 ? null : figures[FUNNEL_STEPS[i]!] / before;
  }
  return out;
}

export const ATTRIBUTION_WINDOW_MIN_DAYS = 1;
export const ATTRIBUTION_WINDOW_MAX_DAYS = 365;
const windowMessage = `Enter ${ATTRIBUTION_WINDOW_MIN_DAYS} to ${ATTRIBUTION_WINDOW_MAX_DAYS} days (a whole number)`;

/** The Owner's choices for the reports (decision 096). */
export const insightSettingsSchema = z.object({
  attributionWindowDays: z
    .number(windowMessage)
    .int(windowMessage)
    .min(ATTRIBUTION_WINDOW_MIN_DAYS, windowMessage)
    .max(ATTRIBUTION_WINDOW_MAX_DAYS, windowMessage),
  marketersSeePrices: z.boolean(),
});
export type InsightSettings = z.infer<typeof insightSettingsSchema>;

/** An Owner's own weekly summary e-mail (decision 100): on or off. */
export const weeklySummaryInputSchema = z.object({ enabled: z.boolean('Choose on or off') });

/** The funnel page's URL (`?from=2026-11-01&to=2026-11-30&by=brand`); a missing day is the default. */
export interface FunnelSearch {
  from?: string;
  to?: string;
  by?: FunnelDimension;
}

export function parseFunnelSearch(raw: Record<string, unknown>): FunnelSearch {
  return { from: readDay(raw.from), to: readDay(raw.to), by: readOneOf(raw.by, FUNNEL_DIMENSIONS) };
}

export const deskInputSchema = z
  .object({ from: day, to: day })
  .refine((v) => v.from <= v.to, { message: 'The period must end on or after its first day', path: ['to'] })
  .refine((v) => daysBetween(v.from, v.to) < FUNNEL_MAX_DAYS, {
    message: `Choose at most ${FUNNEL_MAX_DAYS} days`,
    path: ['from'],
  });

/** One Buyer's desk over a period (decision 096): the enquiries assigned to them that came in. */
export interface DeskRow {
  memberId: string;
  name: string;
  handled: number;
  replied: number;
  /** First replies within the site's promise (hours, `slaHours`). */
  repliedWithinSla: number;
  medianHoursToFirstReply: number | null;
  offersMade: number;
  offersAccepted: number;
  purchases: number;
}

export interface DeskReport {
  period: { from: string; to: string };
  slaHours: number;
  rows: DeskRow[];
}

export interface DeskSearch {
  from?: string;
  to?: string;
}

export function parseDeskSearch(raw: Record<string, unknown>): DeskSearch {
  return { from: readDay(raw.from), to: readDay(raw.to) };
}
