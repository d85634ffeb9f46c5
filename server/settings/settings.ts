import { sql } from 'kysely';
import {
  BATCH_DELAY_DEFAULT_SECONDS,
  BATCH_SIZE_DEFAULT,
  COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT,
  COMPLAINT_PAUSE_THRESHOLD_DEFAULT,
  DEFAULT_TIMEZONE,
  ENQUIRY_RETENTION_DEFAULT_DAYS,
  type IntegrationStatus,
  type SettingsValues,
  SUNSET_MONTHS_DEFAULT,
  WEEKLY_MARKETING_CAP_DEFAULT,
} from '#shared/settings/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';

// The single settings row (decision 005). NULL identity fields mean "the configured default",
// so changing EMAIL_FROM or the site's e-mail still takes effect for an installation that never
// saved its own sender.

const DEFAULT_BOUNCE_PAUSE_THRESHOLD = 5;

/** What the sending worker reads before each batch. */
export interface SendingSettings {
  fromName: string | null;
  fromEmail: string | null;
  replyToEmail: string | null;
  batchSize: number;
  batchDelayMs: number;
  timezone: string;
  /** Bounce rate (percent) above which a campaign pauses itself. */
  bouncePauseThreshold: number;
  requireConsentConfirmation: boolean;
  enquiryRetentionDays: number;
  /** Marketing e-mails per contact per 7 days, campaigns and flows together (decision 064). */
  weeklyMarketingCap: number;
  /** The complaint brake (decision 074): percent, and deliveries before it judges. */
  complaintPauseThreshold: number;
  complaintPauseMinDelivered: number;
  /** The sunset policy (decision 089): months without engagement; 0 is off. */
  sunsetMonths: number;
}

const DEFAULT_SENDING_SETTINGS: SendingSettings = {
  fromName: null,
  fromEmail: null,
  replyToEmail: null,
  batchSize: BATCH_SIZE_DEFAULT,
  batchDelayMs: BATCH_DELAY_DEFAULT_SECONDS * 1000,
  timezone: DEFAULT_TIMEZONE,
  bouncePauseThreshold: DEFAULT_BOUNCE_PAUSE_THRESHOLD,
  requireConsentConfirmation: true,
  enquiryRetentionDays: ENQUIRY_RETENTION_DEFAULT_DAYS,
  weeklyMarketingCap: WEEKLY_MARKETING_CAP_DEFAULT,
  complaintPauseThreshold: COMPLAINT_PAUSE_THRESHOLD_DEFAULT,
  complaintPauseMinDelivered: COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT,
  sunsetMonths: SUNSET_MONTHS_DEFAULT,
};

export async function getSendingSettings(
  db: DbExecutor,
): Promise<SendingSettings & { updatedAt: Date | null }> {
  const row = await db.selectFrom('settings').selectAll().executeTakeFirst();
  if (!row) return { ...DEFAULT_SENDING_SETTINGS, updatedAt: null };
  return {
    fromName: row.from_name,
    fromEmail: row.from_email,
    replyToEmail: row.reply_to_email,
    batchSize: row.batch_size,
    batchDelayMs: row.batch_delay_ms,
    timezone: row.timezone,
    bouncePauseThreshold: row.bounce_pause_threshold,
    requireConsentConfirmation: row.require_consent_confirmation,
    enquiryRetentionDays: row.enquiry_retention_days,
    weeklyMarketingCap: row.weekly_marketing_cap,
    complaintPauseThreshold: row.complaint_pause_threshold,
    complaintPauseMinDelivered: row.complaint_pause_min_delivered,
    sunsetMonths: row.sunset_months,
    updatedAt: row.updated_at,
  };
}

/** The timezone the admin screens count "today" and local days in. */
export async function getSettingsTimezone(db: DbExecutor): Promise<string> {
  const row = await db.selectFrom('settings').select('timezone').executeTakeFirst();
  return row?.timezone ?? DEFAULT_TIMEZONE;
}

/** The sunset policy's period in months (decision 089); 0 means the policy is off. */
export async function getSunsetMonths(db: DbExecutor): Promise<number> {
  const row = await db.selectFrom('settings').select('sunset_months').executeTakeFirst();
  return row?.sunset_months ?? SUNSET_MONTHS_DEFAULT;
}

/** The form's values: blanks for fields that follow the defaults, the delay in seconds. */
export function toSettingsValues(settings: SendingSettings): SettingsValues {
  return {
    fromName: settings.fromName ?? '',
    fromEmail: settings.fromEmail ?? '',
    replyToEmail: settings.replyToEmail ?? '',
    batchSize: settings.batchSize,
    batchDelaySeconds: settings.batchDelayMs / 1000,
    timezone: settings.timezone,
    requireConsentConfirmation: settings.requireConsentConfirmation,
    enquiryRetentionDays: settings.enquiryRetentionDays,
    weeklyMarketingCap: settings.weeklyMarketingCap,
    complaintPauseThreshold: settings.complaintPauseThreshold,
    complaintPauseMinDelivered: settings.complaintPauseMinDelivered,
    sunsetMonths: settings.sunsetMonths,
  };
}

export class UnknownTimezoneError extends Error {
  override name = 'UnknownTimezoneError';
}

/**
 * The browser's and Node's time zone list (ICU) and PostgreSQL's (tzdata) can differ by a release;
 * the database has the last word, since it computes "today" and local days.
 */
export async function databaseKnowsTimezone(db: DbExecutor, name: string): Promise<boolean> {
  const result = await sql<{ known: boolean }>`
    SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${name}) AS known`.execute(db);
  return result.rows[0]?.known ?? false;
}

/** Saves validated form values (see settingsInputSchema). Throws UnknownTimezoneError. */
export async function updateSettings(
  db: DbExecutor,
  values: SettingsValues,
  now = new Date(),
): Promise<void> {
  if (!(await databaseKnowsTimezone(db, values.timezone))) throw new UnknownTimezoneError(values.timezone);
  const row = {
    from_name: values.fromName || null,
    from_email: values.fromEmail || null,
    reply_to_email: values.replyToEmail || null,
    batch_size: values.batchSize,
    batch_delay_ms: Math.round(values.batchDelaySeconds * 1000),
    timezone: values.timezone,
    require_consent_confirmation: values.requireConsentConfirmation,
    ...(values.enquiryRetentionDays === undefined
      ? {}
      : { enquiry_retention_days: values.enquiryRetentionDays }),
    ...(values.weeklyMarketingCap === undefined ? {} : { weekly_marketing_cap: values.weeklyMarketingCap }),
    ...(values.complaintPauseThreshold === undefined
      ? {}
      : { complaint_pause_threshold: values.complaintPauseThreshold }),
    ...(values.complaintPauseMinDelivered === undefined
      ? {}
      : { complaint_pause_min_delivered: values.complaintPauseMinDelivered }),
    ...(values.sunsetMonths === undefined ? {} : { sunset_months: values.sunsetMonths }),
    updated_at: now,
  };
  await db
    .insertInto('settings')
    .values({ id: true, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** Splits `Name <address>` (or a bare address) as EMAIL_FROM is written. */
export function parseMailbox(value: string): { name: string | null; email: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match) return { name: match[1]?.trim() || null, email: (match[2] ?? '').trim() };
  return { name: null, email: value.trim() };
}

export function settingsDefaults(config: Pick<AppConfig, 'emailFrom' | 'site'>): {
  fromName: string;
  fromEmail: string;
  replyToEmail: string;
} {
  const from = parseMailbox(config.emailFrom);
  return {
    fromName: from.name ?? config.site.name,
    fromEmail: from.email,
    // No Reply-To header: replies go to the From address.
    replyToEmail: from.email,
  };
}

export function integrationStatuses(
  config: Pick<AppConfig, 'resendConfigured'> & Partial<Pick<AppConfig, 'metaCapi'>>,
): IntegrationStatus[] {
  return [
    {
      key: 'email',
      name: 'Email sending provider (Resend)',
      setting: 'RESEND_API_KEY',
      configured: config.resendConfigured,
      note: config.resendConfigured
        ? 'Campaign and notification e-mails are delivered by Resend.'
        : 'Not configured: e-mails are kept in the outbox instead of being delivered.',
    },
    {
      key: 'meta',
      name: 'Meta Conversions API',
      setting: 'META_CAPI_TOKEN, META_PIXEL_ID',
      configured: Boolean(config.metaCapi),
      note: config.metaCapi
        ? 'Lead and Purchase events are sent server-side, deduplicated with the browser pixel by event id.'
        : 'Not configured: no server-side conversion events are sent to Meta.',
    },
  ];
}

export async function listAdminEmails(db: DbExecutor): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select('users.email')
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}
