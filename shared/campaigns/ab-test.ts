import { z } from 'zod';
import { MAX_SUBJECT } from './rules.ts';

/** The A/B subject test (decision 037): limits, the form's schema and the winner rule. */

export const AB_VARIANTS = ['A', 'B'] as const;
export type AbVariant = (typeof AB_VARIANTS)[number];
export const AB_METRICS = ['opens', 'clicks'] as const;
export type AbMetric = (typeof AB_METRICS)[number];

export const AB_TEST_PERCENT = { min: 10, max: 50, default: 20 } as const;
export const AB_WAIT_HOURS = { min: 1, max: 24, default: 4 } as const;

export const AB_METRIC_LABELS: Record<AbMetric, string> = {
  opens: 'Open rate (excluding machine opens)',
  clicks: 'Click rate',
};

const lineBreak = /[\r\n]/;

/** The form's optional second subject and how the test runs; null means no test. */
export const abTestSchema = z.object({
  subjectB: z
    .string({ error: 'Subject line B is required' })
    .refine((value) => !lineBreak.test(value), 'Subject B cannot contain line breaks')
    .trim()
    .min(1, 'Subject line B is required')
    .max(MAX_SUBJECT, `Subject B must be less than ${MAX_SUBJECT} characters`),
  testPercent: z
    .number({ error: 'Choose the test share' })
    .int('The test share is a whole percentage')
    .min(AB_TEST_PERCENT.min, `The test share must be at least ${AB_TEST_PERCENT.min}%`)
    .max(AB_TEST_PERCENT.max, `The test share must be at most ${AB_TEST_PERCENT.max}%`),
  waitHours: z
    .number({ error: 'Choose how long to wait' })
    .int('The wait is a whole number of hours')
    .min(AB_WAIT_HOURS.min, `Wait at least ${AB_WAIT_HOURS.min} hour`)
    .max(AB_WAIT_HOURS.max, `Wait at most ${AB_WAIT_HOURS.max} hours`),
  metric: z.enum(AB_METRICS, { error: 'Choose how the winner is picked' }),
});
export type AbTest = z.output<typeof abTestSchema>;

/**
 * How many recipients test the subjects: the share of the audience, rounded, and at least one per
 * subject so a small audience still compares both (never more than the audience).
 */
export function abTestSize(audience: number, percent: number): number {
  return Math.min(audience, Math.max(2, Math.round((audience * percent) / 100)));
}

/**
 * Below this many recipients per subject, a difference in open or click rate is mostly chance
 * (decision 037): the editor warns, it does not block, since a small list may still want to try.
 */
export const AB_MIN_PER_SUBJECT = 100;

/** Recipients per subject in the test phase: the smaller half of the test share. */
export function abRecipientsPerSubject(audience: number, percent: number): number {
  return Math.floor(abTestSize(audience, percent) / 2);
}

/** The editor's warning for a test too small to tell the subjects apart, or null. */
export function abSmallTestWarning(audience: number, percent: number): string | null {
  if (audience <= 0) return null;
  const perSubject = abRecipientsPerSubject(audience, percent);
  if (perSubject >= AB_MIN_PER_SUBJECT) return null;
  return (
    `${perSubject.toLocaleString('en-AU')} recipient${perSubject === 1 ? '' : 's'} per subject: ` +
    `results under ${AB_MIN_PER_SUBJECT} per subject are mostly chance`
  );
}

export interface AbVariantResult {
  variant: AbVariant;
  subject: string;
  /** Accepted by the provider. */
  sent: number;
  delivered: number;
  /** Readers' opens: machine opens left out (decision 025). */
  opened: number;
  clicked: number;
  /** Percentages of delivered; null before anything was delivered. */
  openRate: number | null;
  clickRate: number | null;
}

/** The higher rate by the chosen metric wins; a tie (including no data) goes to A, the control. */
export function pickWinner(metric: AbMetric, a: AbVariantResult, b: AbVariantResult): AbVariant {
  const rate = (v: AbVariantResult) => (metric === 'opens' ? v.openRate : v.clickRate) ?? 0;
  return rate(b) > rate(a) ? 'B' : 'A';
}

/** What the details page shows of a test. */
export interface AbTestReport {
  metric: AbMetric;
  testPercent: number;
  waitHours: number;
  /** When the winner is (or was to be) chosen: set once the test phase has sent everything. */
  winnerDueAt: string | null;
  winner: AbVariant | null;
  winnerChosenAt: string | null;
  variants: [AbVariantResult, AbVariantResult];
  /** Recipients waiting for the winner, and those who have received it since. */
  held: number;
  remainder: number;
}
