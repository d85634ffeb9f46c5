import { z } from 'zod';
import { watchBrandChoices, watchConditionChoices } from '../content/choices.ts';

// A segment is data (decision 032): a name, all/any, and a list of conditions from this closed set.
// The server compiles them to SQL with every value bound as a parameter (server/segments/compile.ts);
// the same schema checks them in the editor and at the boundary.

export const MAX_SEGMENT_NAME = 100;
export const MAX_CONDITIONS = 20;
export const MAX_TEXT_VALUE = 200;
export const MAX_WITHIN_DAYS = 3650;
export const SEGMENT_PREVIEW_SIZE = 20;

export const SEGMENT_MESSAGES = {
  notFound: 'Segment not found',
  nameTaken: 'A segment with this name already exists',
  inUse: (campaigns: string[]) =>
    `This segment is the audience of ${campaigns.length === 1 ? 'a draft or scheduled campaign' : `${campaigns.length} draft or scheduled campaigns`} (${campaigns.join(', ')}). Choose another audience there first.`,
} as const;

export const CONSENT_STATES = ['subscribed', 'pending', 'unsubscribed', 'suppressed'] as const;
export const ENQUIRY_FIELDS = ['source', 'utm_source', 'utm_medium', 'utm_campaign'] as const;
export const TEXT_OPERATORS = ['is', 'contains'] as const;
export const ENGAGEMENT_ACTIONS = ['received', 'opened', 'clicked'] as const;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day (YYYY-MM-DD) that exists, read in the business's timezone by the compiler. */
const daySchema = z
  .string()
  .regex(DATE_PATTERN, 'Enter a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'Enter a real date');

const optionalDay = daySchema.nullish().transform((value) => value ?? null);

/** Both ends of a date range are optional; when both are given they must be in order. */
function rangeInOrder(c: { from: string | null; to: string | null }): boolean {
  return c.from === null || c.to === null || c.from <= c.to;
}
const RANGE_ORDER = { message: 'The start date must be on or before the end date', path: ['to'] };

const textValue = z
  .string({ error: 'Enter a value' })
  .trim()
  .min(1, 'Enter a value')
  .max(MAX_TEXT_VALUE, `At most ${MAX_TEXT_VALUE} characters`);

export const consentConditionSchema = z.object({
  kind: z.literal('consent'),
  state: z.enum(CONSENT_STATES, { error: 'Choose a consent state' }),
});

export const createdConditionSchema = z
  .object({ kind: z.literal('created'), from: optionalDay, to: optionalDay })
  .refine(rangeInOrder, RANGE_ORDER)
  .refine((c) => c.from !== null || c.to !== null, {
    message: 'Enter a start date, an end date or both',
    path: ['from'],
  });

/** Has an enquiry; each filled field narrows which enquiries count (none: any enquiry). */
export const enquiryConditionSchema = z
  .object({
    kind: z.literal('enquiry'),
    brand: z
      .enum(watchBrandChoices, { error: 'Choose a brand' })
      .nullish()
      .transform((v) => v ?? null),
    condition: z
      .enum(watchConditionChoices, { error: 'Choose a condition' })
      .nullish()
      .transform((v) => v ?? null),
    from: optionalDay,
    to: optionalDay,
  })
  .refine(rangeInOrder, RANGE_ORDER);

/** An enquiry whose source or UTM field is (or contains) a value, compared without case. */
export const enquirySourceConditionSchema = z.object({
  kind: z.literal('enquiry_source'),
  field: z.enum(ENQUIRY_FIELDS, { error: 'Choose a field' }),
  op: z.enum(TEXT_OPERATORS, { error: 'Choose is or contains' }),
  value: textValue,
});

/** Received, opened or clicked a campaign (any, or one) within the last N days, from our own sends. */
export const engagementConditionSchema = z.object({
  kind: z.literal('engagement'),
  action: z.enum(ENGAGEMENT_ACTIONS, { error: 'Choose received, opened or clicked' }),
  campaignId: z
    .uuid('Choose a campaign')
    .nullish()
    .transform((v) => v ?? null),
  withinDays: z
    .number({ error: 'Enter a number of days' })
    .int('Enter a whole number of days')
    .min(1, 'At least 1 day')
    .max(MAX_WITHIN_DAYS, `At most ${MAX_WITHIN_DAYS} days`),
});

/** Was sent at least one campaign and never opened any. */
export const neverOpenedConditionSchema = z.object({ kind: z.literal('never_opened') });

export const emailDomainConditionSchema = z.object({
  kind: z.literal('email_domain'),
  domain: z
    .string({ error: 'Enter a domain' })
    .trim()
    .toLowerCase()
    .transform((d) => d.replace(/^@/, ''))
    .pipe(
      z
        .string()
        .min(3, 'Enter a domain such as gmail.com')
        .max(253, 'At most 253 characters')
        .regex(/^[a-z0-9.-]+\.[a-z0-9-]+$/, 'Enter a domain such as gmail.com'),
    ),
});

export const segmentConditionSchema = z.discriminatedUnion(
  'kind',
  [
    consentConditionSchema,
    createdConditionSchema,
    enquiryConditionSchema,
    enquirySourceConditionSchema,
    engagementConditionSchema,
    neverOpenedConditionSchema,
    emailDomainConditionSchema,
  ],
  { error: 'Choose a condition' },
);
export type SegmentCondition = z.output<typeof segmentConditionSchema>;
export type SegmentConditionInput = z.input<typeof segmentConditionSchema>;
export type ConditionKind = SegmentCondition['kind'];

export const segmentMatchSchema = z.enum(['all', 'any'], { error: 'Choose all or any' });
export type SegmentMatch = z.infer<typeof segmentMatchSchema>;

/** What a segment selects: the part the compiler reads and a campaign copies when it is sent. */
export const segmentDefinitionSchema = z.object({
  match: segmentMatchSchema,
  conditions: z
    .array(segmentConditionSchema)
    .min(1, 'Add at least one condition')
    .max(MAX_CONDITIONS, `At most ${MAX_CONDITIONS} conditions`),
});
export type SegmentDefinition = z.output<typeof segmentDefinitionSchema>;

export const segmentNameSchema = z
  .string({ error: 'Segment name is required' })
  .refine((v) => !/[\r\n]/.test(v), 'Name cannot contain line breaks')
  .trim()
  .min(1, 'Segment name is required')
  .max(MAX_SEGMENT_NAME, `Name must be at most ${MAX_SEGMENT_NAME} characters`);

export const segmentIdInputSchema = z.object({ id: z.uuid(SEGMENT_MESSAGES.notFound) });
export const segmentSaveInputSchema = segmentDefinitionSchema.extend({
  id: z.uuid(SEGMENT_MESSAGES.notFound).optional(),
  name: segmentNameSchema,
});

/**
 * Who a segment's conditions reach now, split by why a match is not in the audience (decision 032).
 * Every match is in exactly one part: the audience, suppressed, else unsubscribed, else pending
 * confirmation, else never agreed (`matched` minus the others).
 */
export interface AudienceReach {
  matched: number;
  audience: number;
  suppressed: number;
  unsubscribed: number;
  pending: number;
}

export interface SegmentSummary {
  id: string;
  name: string;
  match: SegmentMatch;
  conditions: SegmentCondition[];
  /** Counted for every segment of the list in one query. */
  reach: AudienceReach;
  createdAt: string;
  updatedAt: string;
  createdByEmail: string | null;
  updatedByEmail: string | null;
}

export interface SegmentPreview {
  /** Matching contacts who may receive marketing: the audience a campaign would get. */
  audience: number;
  reach: AudienceReach;
  /** Matching contacts who may not (no consent, unsubscribed or suppressed): never mailed. */
  cannotReceive: number;
  /** The first audience members, newest first. */
  members: Array<{ id: string; email: string; fullName: string | null; createdAt: string }>;
}

/** The segment as a campaign recorded it when it was sent (decision 032). */
export const segmentSnapshotSchema = segmentDefinitionSchema.extend({
  id: z.uuid(),
  name: z.string(),
});
export type SegmentSnapshot = z.output<typeof segmentSnapshotSchema>;

const CONSENT_LABELS: Record<(typeof CONSENT_STATES)[number], string> = {
  subscribed: 'subscribed',
  pending: 'pending confirmation',
  unsubscribed: 'unsubscribed',
  suppressed: 'suppressed',
};

export const ENQUIRY_FIELD_LABELS: Record<(typeof ENQUIRY_FIELDS)[number], string> = {
  source: 'Enquiry source',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
};

function between(from: string | null, to: string | null): string {
  if (from && to) return `between ${from} and ${to}`;
  if (from) return `on or after ${from}`;
  return `on or before ${to ?? ''}`;
}

/** One line per condition, for the segment list, the campaign page and screen readers. */
export function describeCondition(
  condition: SegmentCondition,
  campaignName?: (id: string) => string | undefined,
): string {
  switch (condition.kind) {
    case 'consent':
      return `Consent is ${CONSENT_LABELS[condition.state]}`;
    case 'created':
      return `Contact created ${between(condition.from, condition.to)}`;
    case 'enquiry': {
      const parts = [
        condition.brand ? `for ${condition.brand}` : null,
        condition.condition ? `in condition "${condition.condition}"` : null,
        condition.from || condition.to ? `submitted ${between(condition.from, condition.to)}` : null,
      ].filter(Boolean);
      return parts.length ? `Has an enquiry ${parts.join(', ')}` : 'Has any enquiry';
    }
    case 'enquiry_source':
      return `${ENQUIRY_FIELD_LABELS[condition.field]} ${condition.op} "${condition.value}"`;
    case 'engagement': {
      const which = condition.campaignId
        ? campaignName?.(condition.campaignId)
          ? `campaign "${campaignName(condition.campaignId)}"`
          : 'a chosen campaign'
        : 'any campaign';
      return `${condition.action[0]?.toUpperCase()}${condition.action.slice(1)} ${which} in the last ${condition.withinDays} day${condition.withinDays === 1 ? '' : 's'}`;
    }
    case 'never_opened':
      return 'Was sent a campaign and never opened one';
    case 'email_domain':
      return `E-mail domain is ${condition.domain}`;
  }
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-AU')} ${n === 1 ? one : many}`;

/**
 * Why an audience is empty, and what to do, in words (decision 032); null when it is not empty. The
 * segment page, the segment list and the campaign's audience picker all say this.
 */
export function explainEmptyAudience(reach: AudienceReach): { reason: string; action: string } | null {
  if (reach.audience > 0) return null;
  if (reach.matched === 0)
    return {
      reason: 'No contact matches these conditions.',
      action:
        'Check each condition’s value, remove the narrowest one, or match any condition instead of all of them.',
    };
  const neverAgreed = reach.matched - reach.suppressed - reach.unsubscribed - reach.pending;
  const parts = [
    neverAgreed > 0 ? `${plural(neverAgreed, 'has', 'have')} not agreed to marketing` : null,
    reach.pending > 0 ? `${plural(reach.pending, 'is', 'are')} pending confirmation` : null,
    reach.unsubscribed > 0 ? `${plural(reach.unsubscribed, 'has', 'have')} unsubscribed` : null,
    reach.suppressed > 0 ? `${plural(reach.suppressed, 'is', 'are')} suppressed` : null,
  ].filter((p): p is string => p !== null);
  const actions = [
    neverAgreed > 0
      ? 'record the consent of contacts who agreed (on their page, or by import with its evidence)'
      : null,
    reach.pending > 0 ? 'pending contacts join once they confirm the link e-mailed to them' : null,
    reach.unsubscribed + reach.suppressed > 0
      ? 'unsubscribed and suppressed contacts are never e-mailed'
      : null,
  ].filter((p): p is string => p !== null);
  const matched = plural(reach.matched, 'contact matches', 'contacts match');
  return {
    reason: `No subscribed contact matches these conditions: ${matched} but none is subscribed (${parts.join(', ')}).`,
    action: `To reach them, ${actions.join('; ')}. Or change the conditions.`,
  };
}

/** The warnings of one condition: a repeat of an earlier one, or one no contact can meet with it. */
export type ConditionWarning = { kind: 'duplicate' | 'contradiction'; other: number; message: string };

function contradicts(a: SegmentCondition, b: SegmentCondition): boolean {
  if (a.kind === 'consent' && b.kind === 'consent') {
    // The compiler's subscribed needs no unsubscribe; the other states can overlap.
    const states = new Set([a.state, b.state]);
    return states.has('subscribed') && states.has('unsubscribed');
  }
  if (a.kind === 'email_domain' && b.kind === 'email_domain') return a.domain !== b.domain;
  if (a.kind === 'created' && b.kind === 'created')
    return (
      (a.to !== null && b.from !== null && a.to < b.from) ||
      (b.to !== null && a.from !== null && b.to < a.from)
    );
  const pair = [a.kind, b.kind].sort().join('+');
  if (pair === 'engagement+never_opened') {
    const engagement = a.kind === 'engagement' ? a : b.kind === 'engagement' ? b : null;
    return engagement?.action === 'opened' || engagement?.action === 'clicked';
  }
  return false;
}

/**
 * Duplicate conditions (same field, operator and value twice) and, under "all", pairs no contact
 * can meet together (decision 032). Warnings only: the segment still saves, as the count shows
 * what it means. Conditions still being typed (invalid) are skipped. Indexed like `conditions`.
 */
export function conditionWarnings(
  match: SegmentMatch,
  conditions: readonly unknown[],
): Array<ConditionWarning | null> {
  const parsed = conditions.map((c) => segmentConditionSchema.safeParse(c).data ?? null);
  // The parsed form compares values as the compiler reads them (trimmed, lower-case domains).
  // A text value is compared without case by the compiler, so "Google" repeats "google".
  const keys = parsed.map((c) =>
    c === null
      ? null
      : JSON.stringify(c.kind === 'enquiry_source' ? { ...c, value: c.value.toLowerCase() } : c),
  );
  return parsed.map((condition, index) => {
    if (condition === null) return null;
    for (let other = 0; other < index; other++) {
      const earlier = parsed[other];
      if (!earlier) continue;
      if (keys[other] === keys[index])
        return {
          kind: 'duplicate',
          other,
          message: `Same as condition ${other + 1}: a repeated condition changes nothing.`,
        };
      if (match === 'all' && contradicts(earlier, condition))
        return {
          kind: 'contradiction',
          other,
          message: `Contradicts condition ${other + 1}: with "all", no contact can meet both, so the segment is empty.`,
        };
    }
    return null;
  });
}
