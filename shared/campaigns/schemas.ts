import { z } from 'zod';
import type { Permission } from '../auth/permissions.ts';
import { BASIC_EMAIL } from '../email/address.ts';
import type { SegmentSnapshot } from '../segments/schema.ts';
import { type BlockDocument, blockDocumentSchema } from '../templates/blocks.ts';
import { preheaderSchema, textContentSchema, variableValuesSchema } from '../templates/variables.ts';
import { type AbMetric, type AbVariant, abTestSchema } from './ab-test.ts';
import { MAX_HTML_BYTES, MAX_NAME, MAX_SUBJECT, utf8ByteLength } from './rules.ts';
import { WALL_TIME_PATTERN } from '../time/zones.ts';

/** One zod schema per `admin.campaigns.*` input, shared by the campaign form and the server. */

import { CAMPAIGN_STATUS_FILTERS, type CampaignStatus, MAX_SEARCH, SEND_FILTERS } from './search-params.ts';

export {
  CAMPAIGN_STATUSES,
  type CampaignListSearch,
  type CampaignStatus,
  SEND_FILTERS,
} from './search-params.ts';

/** Statuses whose content may still change; everything later is history. */
export const EDITABLE_STATUSES = ['draft', 'scheduled'] as const satisfies readonly CampaignStatus[];

export const CAMPAIGN_PAGE_SIZE = 10;
export const CAMPAIGN_SENDS_PAGE_SIZE = 20;
export const MAX_TEST_EMAILS = 20;

export const NO_CAMPAIGNS_MESSAGE = 'No campaigns found. Create your first campaign to get started.';
export const CAMPAIGN_NOT_FOUND = 'Campaign not found';

const lineBreak = /[\r\n]/;
const noLineBreak = (value: string) => !lineBreak.test(value);

const pageSchema = z.number().int().min(1).max(100_000).default(1);
const searchSchema = z.string().trim().max(MAX_SEARCH).optional();

export const campaignIdInputSchema = z.object({ id: z.uuid('Campaign not found') });

// Line breaks are checked on the raw value, before trimming: a trailing "\n" must be refused, not
// silently trimmed away, because the value (subject especially) becomes a mail header.
export const campaignNameSchema = z
  .string({ error: 'Campaign name is required' })
  .refine(noLineBreak, 'Name cannot contain line breaks')
  .trim()
  .min(1, 'Campaign name is required')
  .max(MAX_NAME, `Name must be less than ${MAX_NAME} characters`);

export const campaignSubjectSchema = z
  .string({ error: 'Subject line is required' })
  .refine(noLineBreak, 'Subject cannot contain line breaks')
  .trim()
  .min(1, 'Subject line is required')
  .max(MAX_SUBJECT, `Subject must be less than ${MAX_SUBJECT} characters`);

export const CAMPAIGN_HTML_REQUIRED = 'Email content is required';

/**
 * The campaign's own HTML: required unless the campaign is made from blocks, whose HTML the server
 * renders (decision 092); `withContent` below says which.
 */
export const campaignHtmlSchema = z
  .string({ error: CAMPAIGN_HTML_REQUIRED })
  .refine(
    (html) => utf8ByteLength(html) < MAX_HTML_BYTES,
    'Email content is too large. Must be less than 5MB',
  )
  .default('');

/**
 * A campaign made from blocks (decision 092): the document, as a template keeps it (decision 054);
 * null or absent: the HTML as written.
 */
export const campaignBlocksSchema = blockDocumentSchema.nullish().transform((doc) => doc ?? null);

/** Content is either blocks or HTML that is not blank. */
function withContent(input: { htmlContent: string; blocks: unknown }, ctx: z.RefinementCtx): void {
  if (input.blocks === null && input.htmlContent.trim() === '')
    ctx.addIssue({ code: 'custom', path: ['htmlContent'], message: CAMPAIGN_HTML_REQUIRED });
}

export const testEmailSchema = z
  .string()
  .max(254, 'Email must be less than 255 characters')
  .regex(BASIC_EMAIL, 'Please enter a valid email address');

/** The editable content of a campaign: what Save Draft stores. */
export const campaignFieldsSchema = z.object({
  name: campaignNameSchema,
  subject: campaignSubjectSchema,
  /** Inbox preview text (decision 011), copied from the template like the HTML; '' is none. */
  preheader: preheaderSchema,
  htmlContent: campaignHtmlSchema,
  /** The blocks the HTML is rendered from (decision 092); null: the HTML as written. */
  blocks: campaignBlocksSchema,
  /** The template's hand-written plain-text part, carried like the HTML (decision 024). */
  textContent: textContentSchema,
  isTestMode: z.boolean().default(false),
  /** Already parsed by `parseTestEmails` in the form; the server re-checks each address. */
  testEmails: z
    .array(testEmailSchema)
    .max(MAX_TEST_EMAILS, `At most ${MAX_TEST_EMAILS} test emails`)
    .default([]),
  templateId: z
    .uuid()
    .nullish()
    .transform((id) => id ?? null),
  /** Values of the custom merge tags (docs/decisions/011-merge-variables.md). */
  variables: variableValuesSchema,
  /** An optional A/B subject test (decision 037); absent or null: one subject for everyone. */
  abTest: abTestSchema.nullable().optional(),
  /** The audience: a segment, or null for every subscribed contact (decision 032). */
  segmentId: z
    .uuid('Choose a segment')
    .nullish()
    .transform((id) => id ?? null),
  /** Send to contacts the sunset policy leaves out as well (decision 089); recorded on the campaign. */
  includeInactive: z.boolean().default(false),
});
export type CampaignFields = z.output<typeof campaignFieldsSchema>;

/** Save Draft: without an id it creates, with one it updates. */
export const campaignSaveDraftInputSchema = campaignFieldsSchema
  .extend({ id: z.uuid().optional() })
  .superRefine(withContent);
export type CampaignSaveDraftInput = z.input<typeof campaignSaveDraftInputSchema>;

export const campaignScheduleInputSchema = campaignFieldsSchema
  .extend({
    id: z.uuid().optional(),
    scheduledAt: z
      .string({ error: 'Choose a date and time' })
      .regex(WALL_TIME_PATTERN, 'Choose a date and time'),
  })
  .superRefine(withContent);

/**
 * Who Send Now would reach: every subscribed contact, or a segment's audience, with or without the
 * contacts the sunset policy leaves out (decision 089).
 */
export const campaignAudienceInputSchema = z
  .object({ segmentId: z.uuid('Choose a segment').nullish(), includeInactive: z.boolean().optional() })
  .optional();

/**
 * The audience's size: `subscribers` is who the campaign would reach as set; `inactive` is how many
 * of the audience the sunset policy leaves out (counted in `subscribers` only when the campaign
 * includes them); `sunsetMonths` is the policy's period, 0 when it is off.
 */
export interface CampaignAudienceCount {
  subscribers: number;
  inactive: number;
  sunsetMonths: number;
}

/** Send Test's choice for an A/B campaign: subject A, subject B, or one e-mail of each. */
export const TEST_SEND_VARIANTS = ['A', 'B', 'both'] as const;
export type TestSendVariant = (typeof TEST_SEND_VARIANTS)[number];

export const campaignSendTestInputSchema = z
  .object({
    to: z
      .string({ error: 'Please enter a test email address' })
      .refine(noLineBreak, 'Email cannot contain line breaks')
      .trim()
      .min(1, 'Please enter a test email address')
      .max(254, 'Email must be less than 255 characters')
      .regex(BASIC_EMAIL, 'Please enter a valid email address'),
    name: campaignNameSchema,
    subject: campaignSubjectSchema,
    preheader: preheaderSchema,
    htmlContent: campaignHtmlSchema,
    /** Blocks are rendered by the server, as Save Draft renders them (decision 092). */
    blocks: campaignBlocksSchema,
    textContent: textContentSchema,
    variables: variableValuesSchema,
    /** An A/B campaign's second subject (decision 037); needed for `variant` 'B' or 'both'. */
    subjectB: campaignSubjectSchema.optional(),
    /** Which subject the test carries: 'both' sends two e-mails, one per subject. */
    variant: z.enum(TEST_SEND_VARIANTS).default('A'),
  })
  .refine((input) => input.variant === 'A' || input.subjectB !== undefined, {
    message: 'Subject line B is required to send a test of subject B',
    path: ['subjectB'],
  })
  .superRefine(withContent);

/** "Send to non-openers" (decision 038): the copy needs its own subject. */
export const nonOpenersCopyInputSchema = z.object({
  id: z.uuid('Campaign not found'),
  subject: campaignSubjectSchema,
});

export const campaignStatusFilterSchema = z.enum(CAMPAIGN_STATUS_FILTERS);
export type CampaignStatusFilter = z.infer<typeof campaignStatusFilterSchema>;

export const campaignListInputSchema = z.object({
  page: pageSchema,
  /** Case-insensitive match on the name or the subject. */
  search: searchSchema,
  status: campaignStatusFilterSchema.default('all'),
});

export const sendFilterSchema = z.enum(SEND_FILTERS);
export type SendFilter = z.infer<typeof sendFilterSchema>;

export const campaignSendsInputSchema = z.object({
  id: z.uuid('Campaign not found'),
  status: sendFilterSchema.default('all'),
  page: pageSchema,
  /** Only the recipients who clicked this address (the link report's filter). */
  clickedLink: z.string().min(1).max(2048).optional(),
});

/**
 * A campaign's opens, the readers' apart from the machines' (decision 025). Rates are percentages
 * of delivered, null before anything was delivered.
 */
export interface CampaignOpens {
  opened: number;
  humanOpened: number;
  machineOpened: number;
  openRate: number | null;
  humanOpenRate: number | null;
}

/** One bucket of a campaign's engagement chart: an hour in its first 48 hours, then a day. */
export interface CampaignEngagementPoint {
  /** Start of the bucket (ISO 8601). */
  at: string;
  unit: 'hour' | 'day';
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  unsubscribed: number;
}

/**
 * A row of a campaign's link report. `url` is null for the row that gathers the links that differ
 * per recipient (unsubscribe and preferences). The click rate is unique clickers over delivered.
 */
export interface CampaignLinkRow {
  url: string | null;
  label: string;
  uniqueClicks: number;
  totalClicks: number;
  clickRate: number | null;
}

/** A row of the campaign list. Rates are percentages (0-100) or null before anything was delivered. */
export interface CampaignSummary {
  id: string;
  name: string;
  subject: string;
  status: CampaignStatus;
  totalRecipients: number;
  sentCount: number;
  /** Sends that failed for good; a completed campaign with any reads "completed with failures". */
  failedCount: number;
  openRate: number | null;
  clickRate: number | null;
  createdAt: string;
}

export interface CampaignDetail extends CampaignSummary {
  /** Inbox preview text (decision 011); '' is none. */
  preheader: string;
  htmlContent: string;
  /** The blocks the HTML was rendered from (decision 092); null: custom HTML. */
  blocks: BlockDocument | null;
  /** Hand-written plain-text part; null: generated from the HTML (decision 024). */
  textContent: string | null;
  isPaused: boolean;
  isTestMode: boolean;
  testEmails: string[];
  templateId: string | null;
  variables: Record<string, string>;
  deliveredCount: number;
  bounceCount: number;
  openCount: number;
  clickCount: number;
  bounceRate: number | null;
  pauseReason: string | null;
  failureReason: string | null;
  scheduledAt: string | null;
  startedAt: string | null;
  pausedAt: string | null;
  completedAt: string | null;
  cancelledAt: string | null;
  updatedAt: string;
  /** The A/B subject test's settings and progress (decision 037); null without a test. */
  abTest: {
    subjectB: string;
    testPercent: number;
    waitHours: number;
    metric: AbMetric;
    winnerDueAt: string | null;
    winner: AbVariant | null;
    winnerChosenAt: string | null;
  } | null;
  /** A "send to non-openers" copy: the campaign whose non-openers it goes to. */
  resendOfCampaignId: string | null;
  segmentId: string | null;
  /** Also sent to contacts the sunset policy leaves out (decision 089). */
  includeInactive: boolean;
  /** The segment as it was when sending started; null before, and for every-subscriber campaigns. */
  segment: SegmentSnapshot | null;
}

/**
 * What `admin.campaigns.watch` pushes: the detail without the HTML, the blocks and the text part,
 * which cannot change while a campaign sends and would otherwise be re-sent (up to 5 MB and 1 MB)
 * with every push.
 */
export type CampaignLiveDetail = Omit<CampaignDetail, 'htmlContent' | 'textContent' | 'blocks'>;

export interface CampaignSendRow {
  id: string;
  recipientEmail: string;
  status: string;
  sentAt: string | null;
  openedAt: string | null;
  clickedAt: string | null;
  error: string | null;
}

export interface CampaignListResult {
  campaigns: CampaignSummary[];
  totalCount: number;
  totalPages: number;
}

/**
 * Which row-menu and details-page actions a status allows (docs/spec/admin.md §4). Duplicate and Delete are always
 * offered; the server refuses to delete a campaign that is sending.
 */
export function campaignActions(status: CampaignStatus): {
  pause: boolean;
  resume: boolean;
  cancel: boolean;
  edit: boolean;
} {
  return {
    pause: status === 'sending',
    resume: status === 'paused',
    cancel: status === 'sending' || status === 'paused',
    edit: (EDITABLE_STATUSES as readonly CampaignStatus[]).includes(status),
  };
}

/**
 * What a member is offered for a campaign in the admin (decision 027): the actions its status
 * allows (above) that the member's role also allows, plus the role-only ones. The client hides the
 * rest; the server refuses them anyway.
 */
export function permittedCampaignActions(
  status: CampaignStatus,
  can: (permission: Permission) => boolean,
): ReturnType<typeof campaignActions> & {
  duplicate: boolean;
  remove: boolean;
  retryFailed: boolean;
  nonOpeners: boolean;
  exportSends: boolean;
} {
  const byStatus = campaignActions(status);
  const write = can('campaigns.write');
  const send = can('campaigns.send');
  return {
    edit: byStatus.edit && write,
    pause: byStatus.pause && send,
    resume: byStatus.resume && send,
    cancel: byStatus.cancel && send,
    duplicate: write,
    remove: write,
    retryFailed: send,
    nonOpeners: write,
    exportSends: can('exports.download'),
  };
}

/**
 * 'Retry failed' (beyond the spec): a completed campaign with failed sends may send them again,
 * and a failed one (its job gave up after repeated errors) may always carry on where it stopped.
 */
export function canRetryFailedSends(
  campaign: Pick<CampaignSummary, 'status'> & { failedCount: number },
): boolean {
  return campaign.status === 'failed' || (campaign.status === 'completed' && campaign.failedCount > 0);
}

/**
 * The status a person reads: a completed campaign any of whose sends failed is "completed with
 * failures", never a plain green "completed" (0 of 3 sent read as a success before).
 */
export function campaignStatusLabel(campaign: Pick<CampaignSummary, 'status' | 'failedCount'>): string {
  if (campaign.status === 'completed' && campaign.failedCount > 0) return 'completed with failures';
  return campaign.status;
}

/** Why the sends of a campaign failed, most frequent first (the provider's or the engine's words). */
export interface CampaignFailureReason {
  reason: string;
  count: number;
}

/**
 * The block editor's live preview of a campaign (decision 092): the blocks rendered and merged for
 * a sample contact of the audience, exactly as the sending engine merges a recipient's message.
 */
export const campaignPreviewInputSchema = z.object({
  subject: z
    .string()
    .max(MAX_SUBJECT * 4)
    .default(''),
  preheader: z.string().max(500).default(''),
  blocks: blockDocumentSchema,
  variables: variableValuesSchema,
  segmentId: z.uuid('Choose a segment').nullish(),
  includeInactive: z.boolean().default(false),
});

export type CampaignPreviewInput = z.output<typeof campaignPreviewInputSchema>;

/** The name the preview uses when the audience has no contact to show (or the member may not see one). */
export const SAMPLE_CONTACT_NAME = 'Alex Sample';

export interface CampaignPreview {
  /** The whole message as the sample contact would get it: layout, merged body, footer. */
  html: string;
  subject: string;
  preheader: string;
  /** The blocks' body before merging: what Custom HTML starts from (decision 092). */
  body: string;
  /** Whom the preview is merged for: a contact of the audience, or the named sample. */
  sample: { name: string; email: string; fromAudience: boolean };
}
