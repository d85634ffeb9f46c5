import { z } from 'zod';
import { trimReferrer } from './referrer.ts';
import { watchBrandChoices, watchConditionChoices } from '../content/choices.ts';

/** Sell-form rules (docs/spec/public-site.md §5). Messages are verbatim from the spec; the client and server share them. */

export const MAX_PHOTOS = 10;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const MIN_WATCH_YEAR = 1900;
export const MAX_UTM_LENGTH = 200;

export const TOO_MANY_PHOTOS_MESSAGE = 'Please upload a maximum of 10 photos.';
export const SUBMISSION_SUCCESS_MESSAGE =
  "Form submitted successfully! We'll review your watch details and get back to you within 24 hours.";

/** The one failure toast; the underlying error is deliberately not shown to the seller (docs/spec/public-site.md §8). */
export function submissionFailedMessage(phone: string): string {
  return `Submission failed. Please try again or call us directly at ${phone}.`;
}

export const LEAD_MESSAGES = {
  /** Not in the spec's table: an empty box says what is missing rather than "at least 2 characters". */
  nameRequired: 'Please enter your full name',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: 'Name must be less than 100 characters',
  nameCharacters: 'Name can only contain letters, spaces, hyphens, and apostrophes',
  emailInvalid: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  /** Not in the spec's table either: an empty box says the number is missing (decision 053). */
  phoneRequired: 'Please enter your phone number',
  phoneTooShort: 'Phone number must be at least 8 digits',
  phoneTooLong: 'Phone number must be less than 20 characters',
  phoneInvalid: 'Please enter a valid phone number',
  brand: 'Please select a watch brand',
  modelTooLong: 'Model must be less than 100 characters',
  year: 'Please enter a valid year',
  condition: 'Please select watch condition',
  detailsTooLong: 'Additional details must be less than 2000 characters',
  photos: TOO_MANY_PHOTOS_MESSAGE,
} as const;

/**
 * The latest acceptable watch year, read at validation time so a long-running server rolls over at New
 * Year. It uses the calendar at UTC+14, the first zone to reach a new year, so an Australian seller typing
 * this year's date on 1 January is never rejected by a server (or browser) still in the old year.
 */
export function currentYear(now: Date = new Date()): number {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).getUTCFullYear();
}

// Letters of any script (plus combining marks, so decomposed "José" passes), space, hyphen, and both the
// typewriter and the typographic apostrophe that phones insert.
const namePattern = /^[\p{L}\p{M} '\u2019-]+$/u;
const phonePattern = /^\+?[\d\s\-()]+$/;

/** Runs the rules of one field in order and reports only the first that fails (docs/spec/public-site.md §5). */
function firstFailing<T>(rules: ReadonlyArray<readonly [(value: T) => boolean, string]>) {
  return (value: T, ctx: z.RefinementCtx): void => {
    for (const [passes, message] of rules) {
      if (!passes(value)) {
        ctx.addIssue({ code: 'custom', message });
        return;
      }
    }
  };
}

// Code points, not UTF-16 units, so an emoji or a rare CJK character counts as one character.
const charCount = (value: string): number => [...value].length;

const fullName = z
  .string({ error: LEAD_MESSAGES.nameRequired })
  .trim()
  .superRefine(
    firstFailing<string>([
      [(v) => v !== '', LEAD_MESSAGES.nameRequired],
      [(v) => charCount(v) >= 2, LEAD_MESSAGES.nameTooShort],
      [(v) => charCount(v) <= 100, LEAD_MESSAGES.nameTooLong],
      [(v) => namePattern.test(v), LEAD_MESSAGES.nameCharacters],
    ]),
  );

const email = z
  .string({ error: LEAD_MESSAGES.emailInvalid })
  .trim()
  .superRefine(
    firstFailing<string>([
      [(v) => v !== '', LEAD_MESSAGES.emailInvalid],
      // Length before format, so the format regex never runs on an arbitrarily long input.
      [(v) => v.length <= 255, LEAD_MESSAGES.emailTooLong],
      [(v) => z.regexes.email.test(v), LEAD_MESSAGES.emailInvalid],
    ]),
  );

const phone = z
  .string({ error: LEAD_MESSAGES.phoneRequired })
  .trim()
  .superRefine(
    firstFailing<string>([
      [(v) => v !== '', LEAD_MESSAGES.phoneRequired],
      [(v) => v.length >= 8, LEAD_MESSAGES.phoneTooShort],
      [(v) => v.length <= 20, LEAD_MESSAGES.phoneTooLong],
      [(v) => phonePattern.test(v), LEAD_MESSAGES.phoneInvalid],
    ]),
  );

/** Optional trimmed text: empty or missing becomes null, so storage never holds a meaningless ''. */
function optionalText(max: number, message: string) {
  return z
    .string({ error: message })
    .trim()
    .superRefine(firstFailing<string>([[(v) => charCount(v) <= max, message]]))
    .nullish()
    .transform((v) => (v ? v : null));
}

const watchYear = z
  .union([z.string(), z.number(), z.null()], { error: LEAD_MESSAGES.year })
  .optional()
  .transform((value, ctx): number | null => {
    if (value === undefined || value === null) return null;
    let year: number;
    if (typeof value === 'string') {
      const trimmed = value.trim();
      if (trimmed === '') return null;
      if (!/^\d{1,4}$/.test(trimmed)) {
        ctx.addIssue({ code: 'custom', message: LEAD_MESSAGES.year });
        return z.NEVER;
      }
      year = Number(trimmed);
    } else {
      year = value;
    }
    if (!Number.isInteger(year) || year < MIN_WATCH_YEAR || year > currentYear()) {
      ctx.addIssue({ code: 'custom', message: LEAD_MESSAGES.year });
      return z.NEVER;
    }
    return year;
  });

export const leadFormSchema = z.object({
  fullName,
  email,
  phone,
  watchBrand: z.enum(watchBrandChoices, { error: LEAD_MESSAGES.brand }),
  watchModel: optionalText(100, LEAD_MESSAGES.modelTooLong),
  watchYear,
  watchCondition: z.enum(watchConditionChoices, { error: LEAD_MESSAGES.condition }),
  hasBox: z.boolean().default(false),
  hasPapers: z.boolean().default(false),
  additionalDetails: optionalText(2000, LEAD_MESSAGES.detailsTooLong),
  // Consent must be an explicit tick (decision 003), hence false when absent.
  emailMarketingConsent: z.boolean().default(false),
  smsMarketingConsent: z.boolean().default(false),
});

/**
 * A utm value is attribution, not something the seller typed. An over-long one from a mangled ad link is
 * cut to the column size rather than rejected, because rejecting it would lose the lead over a field the
 * seller cannot see or fix.
 */
const utm = z
  .string()
  .nullish()
  .transform((v) => {
    const trimmed = v?.trim();
    return trimmed ? trimmed.slice(0, MAX_UTM_LENGTH) : null;
  });

export const leadSubmitInputSchema = leadFormSchema.extend({
  utm_source: utm,
  utm_medium: utm,
  utm_campaign: utm,
  utm_content: utm,
  utm_term: utm,
  // The external page the visit came from (decision 100): attribution like the utm values, so a
  // malformed one is dropped rather than refused.
  referrer: z
    .string()
    .nullish()
    .transform((v) => trimReferrer(v)),
  // Client-generated; also the idempotency key that stops a retried submission being stored twice.
  meta_event_id: z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Invalid event id'),
  photo_upload_ids: z.array(z.uuid()).max(MAX_PHOTOS, TOO_MANY_PHOTOS_MESSAGE).default([]),
});

export type LeadFormInput = z.input<typeof leadFormSchema>;
export type LeadSubmitInput = z.input<typeof leadSubmitInputSchema>;
export type LeadSubmit = z.output<typeof leadSubmitInputSchema>;

/**
 * The message to show beside each field: the first issue reported for it. Nested paths (one bad photo id)
 * are attributed to their top-level field; issues without a path are skipped as they belong to no field.
 */
export function firstErrorPerField<T>(
  error: z.ZodError<T>,
): Partial<Record<Extract<keyof T, string>, string>> {
  const result: Partial<Record<string, string>> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || Object.hasOwn(result, field)) continue;
    result[field] = issue.message;
  }
  return result;
}
