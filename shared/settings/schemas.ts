import { z } from 'zod';
import { isValidTimeZone } from '../time/zones.ts';

/**
 * Admin settings (docs/spec/admin.md §2 Settings; decision 005: saved, and used by the sending worker).
 * The form shows the delay in seconds; the database keeps milliseconds.
 */

export const BATCH_SIZE_MIN = 1;
/** The provider's batch endpoint takes at most 100 e-mails. */
export const BATCH_SIZE_MAX = 100;
export const BATCH_SIZE_DEFAULT = 50;
export const BATCH_DELAY_MIN_SECONDS = 0.5;
export const BATCH_DELAY_MAX_SECONDS = 3600;
export const BATCH_DELAY_DEFAULT_SECONDS = 1;
export const DEFAULT_TIMEZONE = 'Australia/Sydney';
/** Days a closed enquiry keeps its photos and free text (decision 026; Privacy Act APP 11.2). */
export const ENQUIRY_RETENTION_DEFAULT_DAYS = 180;
export const ENQUIRY_RETENTION_MIN_DAYS = 1;
export const ENQUIRY_RETENTION_MAX_DAYS = 3650;
export const FROM_NAME_MAX = 100;
/** The frequency cap on marketing e-mail, campaigns and flows together (decisions 061, 064). */
export const WEEKLY_MARKETING_CAP_MIN = 1;
export const WEEKLY_MARKETING_CAP_MAX = 50;
export const WEEKLY_MARKETING_CAP_DEFAULT = 3;
/**
 * The complaint brake (decision 074): a campaign pauses itself when its complaint rate passes this
 * many percent after this many deliveries. Gmail asks bulk senders to stay under 0.1 % and blocks
 * them at 0.3 %.
 */
export const COMPLAINT_PAUSE_THRESHOLD_DEFAULT = 0.1;
export const COMPLAINT_PAUSE_THRESHOLD_MIN = 0.01;
export const COMPLAINT_PAUSE_THRESHOLD_MAX = 5;
export const COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT = 1000;
export const COMPLAINT_PAUSE_MIN_DELIVERED_MIN = 100;
export const COMPLAINT_PAUSE_MIN_DELIVERED_MAX = 100_000;
/**
 * The sunset policy (decision 089): contacts with no reader's open or click for this many months
 * are left out of campaigns unless a campaign includes them; 0 turns the policy off.
 */
export const SUNSET_MONTHS_DEFAULT = 12;
export const SUNSET_MONTHS_MIN = 0;
export const SUNSET_MONTHS_MAX = 60;
/** Flows pause when the domain's rolling 7-day complaint rate passes Gmail's blocking line. */
export const FLOW_COMPLAINT_PAUSE_RATE = 0.3;

export const SETTINGS_MESSAGES = {
  retentionRange: 'Keep closed enquiries between 1 and 3650 days',
  saved: 'Settings saved successfully',
  saveFailed: 'Failed to save settings',
  lineBreak: 'Must not contain line breaks',
  invalidEmail: 'Please enter a valid email address',
  emailTooLong: 'Email must be less than 255 characters',
  fromNameTooLong: `From name must be at most ${FROM_NAME_MAX} characters`,
  batchSizeRange: `Batch size must be a whole number from ${BATCH_SIZE_MIN} to ${BATCH_SIZE_MAX}`,
  batchDelayRange: `Batch delay must be between ${BATCH_DELAY_MIN_SECONDS} and ${BATCH_DELAY_MAX_SECONDS} seconds`,
  timezone: 'Please choose a valid IANA timezone, such as Australia/Sydney',
  complaintThresholdRange: `The complaint limit must be from ${COMPLAINT_PAUSE_THRESHOLD_MIN}% to ${COMPLAINT_PAUSE_THRESHOLD_MAX}%`,
  complaintMinDeliveredRange: `Judge the complaint rate after ${COMPLAINT_PAUSE_MIN_DELIVERED_MIN} to ${COMPLAINT_PAUSE_MIN_DELIVERED_MAX} delivered e-mails (a whole number)`,
  sunsetMonthsRange: `Leave out contacts inactive for ${SUNSET_MONTHS_MIN} (off) to ${SUNSET_MONTHS_MAX} months (a whole number)`,
  weeklyMarketingCapRange: `Allow from ${WEEKLY_MARKETING_CAP_MIN} to ${WEEKLY_MARKETING_CAP_MAX} marketing e-mails per contact per 7 days`,
} as const;

// Header values: a CR or LF would let a value start a new e-mail header (header injection).
const noLineBreaks = (value: string) => !/[\r\n]/.test(value);

/** An optional address: blank means "use the default". */
const optionalEmail = z
  .string()
  .refine(noLineBreaks, SETTINGS_MESSAGES.lineBreak)
  .transform((value) => value.trim())
  .pipe(
    z.union([
      z.literal(''),
      z.string().max(255, SETTINGS_MESSAGES.emailTooLong).pipe(z.email(SETTINGS_MESSAGES.invalidEmail)),
    ]),
  );

export const settingsInputSchema = z.object({
  fromName: z
    .string()
    .refine(noLineBreaks, SETTINGS_MESSAGES.lineBreak)
    .transform((value) => value.trim())
    .pipe(z.string().max(FROM_NAME_MAX, SETTINGS_MESSAGES.fromNameTooLong)),
  fromEmail: optionalEmail,
  replyToEmail: optionalEmail,
  batchSize: z
    .number(SETTINGS_MESSAGES.batchSizeRange)
    .int(SETTINGS_MESSAGES.batchSizeRange)
    .min(BATCH_SIZE_MIN, SETTINGS_MESSAGES.batchSizeRange)
    .max(BATCH_SIZE_MAX, SETTINGS_MESSAGES.batchSizeRange),
  batchDelaySeconds: z
    .number(SETTINGS_MESSAGES.batchDelayRange)
    .min(BATCH_DELAY_MIN_SECONDS, SETTINGS_MESSAGES.batchDelayRange)
    .max(BATCH_DELAY_MAX_SECONDS, SETTINGS_MESSAGES.batchDelayRange),
  timezone: z.string().trim().refine(isValidTimeZone, SETTINGS_MESSAGES.timezone),
  /** Double opt-in for consent ticked on the sell form (decision 016); on unless the business turns it off. */
  requireConsentConfirmation: z.boolean(),
  /** Absent: unchanged (a form from before the setting existed does not reset it). */
  enquiryRetentionDays: z
    .number(SETTINGS_MESSAGES.retentionRange)
    .int(SETTINGS_MESSAGES.retentionRange)
    .min(ENQUIRY_RETENTION_MIN_DAYS, SETTINGS_MESSAGES.retentionRange)
    .max(ENQUIRY_RETENTION_MAX_DAYS, SETTINGS_MESSAGES.retentionRange)
    .optional(),
  /** At most this many marketing e-mails per contact per 7 days; absent: unchanged. */
  weeklyMarketingCap: z
    .number(SETTINGS_MESSAGES.weeklyMarketingCapRange)
    .int(SETTINGS_MESSAGES.weeklyMarketingCapRange)
    .min(WEEKLY_MARKETING_CAP_MIN, SETTINGS_MESSAGES.weeklyMarketingCapRange)
    .max(WEEKLY_MARKETING_CAP_MAX, SETTINGS_MESSAGES.weeklyMarketingCapRange)
    .optional(),
  /** The complaint brake's limit in percent (decision 074); absent: unchanged. */
  complaintPauseThreshold: z
    .number(SETTINGS_MESSAGES.complaintThresholdRange)
    .min(COMPLAINT_PAUSE_THRESHOLD_MIN, SETTINGS_MESSAGES.complaintThresholdRange)
    .max(COMPLAINT_PAUSE_THRESHOLD_MAX, SETTINGS_MESSAGES.complaintThresholdRange)
    .optional(),
  /** Deliveries before the complaint brake judges a campaign; absent: unchanged. */
  complaintPauseMinDelivered: z
    .number(SETTINGS_MESSAGES.complaintMinDeliveredRange)
    .int(SETTINGS_MESSAGES.complaintMinDeliveredRange)
    .min(COMPLAINT_PAUSE_MIN_DELIVERED_MIN, SETTINGS_MESSAGES.complaintMinDeliveredRange)
    .max(COMPLAINT_PAUSE_MIN_DELIVERED_MAX, SETTINGS_MESSAGES.complaintMinDeliveredRange)
    .optional(),
  /** Months without a reader's open or click before campaigns leave a contact out (decision 089). */
  sunsetMonths: z
    .number(SETTINGS_MESSAGES.sunsetMonthsRange)
    .int(SETTINGS_MESSAGES.sunsetMonthsRange)
    .min(SUNSET_MONTHS_MIN, SETTINGS_MESSAGES.sunsetMonthsRange)
    .max(SUNSET_MONTHS_MAX, SETTINGS_MESSAGES.sunsetMonthsRange)
    .optional(),
});
export type SettingsInput = z.input<typeof settingsInputSchema>;
export type SettingsValues = z.output<typeof settingsInputSchema>;

export interface IntegrationStatus {
  key: 'email' | 'meta';
  name: string;
  /** Where the secret is configured (an environment variable), never the secret itself. */
  setting: string | null;
  configured: boolean;
  note: string;
}

export interface SettingsView {
  values: SettingsValues;
  /** What a blank identity field falls back to (the site configuration). */
  defaults: { fromName: string; fromEmail: string; replyToEmail: string };
  bouncePauseThreshold: number;
  integrations: IntegrationStatus[];
  /** The members' addresses, for the Owner only (team.manage); null for every other role. */
  adminEmails: string[] | null;
  updatedAt: string;
}
