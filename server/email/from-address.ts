import { DEFAULT_TIMEZONE } from '#shared/settings/schemas.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';

export interface CampaignSender {
  from: string;
  replyTo: string | undefined;
  timezone: string;
}

// A display name is a header value: quotes, backslashes and line breaks would break out of it.
function displayName(name: string): string {
  return name
    .replace(/[\r\n"\\<>]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The settings columns the sender is made of (one row; absent before the first save). */
export interface SenderSettings {
  from_name: string | null;
  from_email: string | null;
  reply_to_email: string | null;
  timezone: string | null;
}

/**
 * Who campaign e-mails come from. The settings row overrides the configured sender field by
 * field; a NULL means "use the default" (the settings screen shows the defaults prefilled).
 */
export function senderFromSettings(
  settings: SenderSettings | undefined,
  config: Pick<AppConfig, 'emailFrom' | 'site'>,
): CampaignSender {
  const fromEmail = settings?.from_email?.trim();
  const from = fromEmail
    ? `"${displayName(settings?.from_name?.trim() || config.site.name)}" <${fromEmail}>`
    : config.emailFrom;
  return {
    from,
    replyTo: settings?.reply_to_email?.trim() || undefined,
    timezone: settings?.timezone ?? DEFAULT_TIMEZONE,
  };
}

/** The sender as the settings row says now. */
export async function campaignSender(
  db: DbExecutor,
  config: Pick<AppConfig, 'emailFrom' | 'site'>,
): Promise<CampaignSender> {
  const settings = await db
    .selectFrom('settings')
    .select(['from_name', 'from_email', 'reply_to_email', 'timezone'])
    .executeTakeFirst();
  return senderFromSettings(settings, config);
}
