import { buildSiteConfig, type SiteConfig } from '#shared/site/config.ts';
import { type BaseEnv, resolveAppUrl, resolveDataDir } from './env.ts';
import { resolveAppSecret } from './secrets.ts';

/** Everything the domain modules need to know about this deployment, derived once from the env. */
export interface AppConfig {
  isProduction: boolean;
  appUrl: string;
  dataDir: string;
  appSecret: string;
  site: SiteConfig;
  /** Default From header: EMAIL_FROM, or the business name and address. */
  emailFrom: string;
  resendConfigured: boolean;
  resendWebhookSecret: string | null;
  uploadthingConfigured: boolean;
}

export async function buildAppConfig(env: BaseEnv): Promise<AppConfig> {
  const appUrl = resolveAppUrl(env);
  const dataDir = resolveDataDir(env);
  const site = buildSiteConfig({ ...env, APP_URL: appUrl });
  return {
    isProduction: env.NODE_ENV === 'production',
    appUrl,
    dataDir,
    appSecret: await resolveAppSecret(env.APP_SECRET, dataDir),
    site,
    emailFrom: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
    resendConfigured: Boolean(env.RESEND_API_KEY),
    resendWebhookSecret: env.RESEND_WEBHOOK_SECRET ?? null,
    uploadthingConfigured: Boolean(env.UPLOADTHING_TOKEN),
  };
}
