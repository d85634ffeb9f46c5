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

/**
 * Who campaign e-mails come from. The settings row overrides the configured sender field by
 * field; a NULL means "use the default" (the settings screen shows the defaults prefilled).
 */
export async function campaignSender(
  db: DbExecutor,
  config: Pick<AppConfig, 'emailFrom' | 'site'>,
): Promise<CampaignSender> {
  const settings = await db
    .selectFrom('settings')
    .select(['from_name', 'from_email', 'reply_to_email', 'timezone'])
    .executeTakeFirst();
  const fromEmail = settings?.from_email?.trim();
  const from = fromEmail
    ? `"${displayName(settings?.from_name?.trim() || config.site.name)}" <${fromEmail}>`
    : config.emailFrom;
  return {
    from,
    replyTo: settings?.reply_to_email?.trim() || undefined,
    timezone: settings?.timezone ?? 'Australia/Sydney',
  };
}
