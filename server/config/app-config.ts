import { buildSiteConfig, type SiteConfig } from '#shared/site/config.ts';
import type { RateLimitRule } from '../security/rate-limit.ts';
import { type BaseEnv, resolveAppUrl, resolveDataDir } from './env.ts';
import { resolveAppSecret } from './secrets.ts';

/** Everything the domain modules need to know about this deployment, derived once from the env. */
export interface AppConfig {
  isProduction: boolean;
  appUrl: string;
  dataDir: string;
  appSecret: string;
  /** REGISTER_KEY as configured; absent means derived from appSecret (decision 058). */
  registerKey?: string;
  site: SiteConfig;
  /** Default From header: EMAIL_FROM, or the business name and address. */
  emailFrom: string;
  resendConfigured: boolean;
  resendWebhookSecret: string | null;
  /** Replies to enquiry e-mails come back through the provider's inbound mail here (decision 060). */
  inboundDomain: string | null;
  /** DNS_RESOLVER: the server the MX lookups ask (decision 074); absent: the system's. */
  dnsResolver?: string;
  uploadthingConfigured: boolean;
  /** Set when photos are stored on UploadThing instead of DATA_DIR/uploads. */
  uploadthingToken: string | null;
  /** Meta Conversions API; null unless both the token and the pixel id are set (decision 026). */
  metaCapi: { token: string; pixelId: string; endpoint: string } | null;
  /** Per-IP limits of the public sell form; null disables one (benchmarks). */
  rateLimits: { leadSubmit: RateLimitRule | null; uploads: RateLimitRule | null };
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
    ...(env.REGISTER_KEY ? { registerKey: env.REGISTER_KEY } : {}),
    site,
    emailFrom: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
    resendConfigured: Boolean(env.RESEND_API_KEY),
    resendWebhookSecret: env.RESEND_WEBHOOK_SECRET ?? null,
    inboundDomain: env.INBOUND_DOMAIN ?? null,
    ...(env.DNS_RESOLVER ? { dnsResolver: env.DNS_RESOLVER } : {}),
    uploadthingConfigured: Boolean(env.UPLOADTHING_TOKEN),
    uploadthingToken: env.UPLOADTHING_TOKEN ?? null,
    metaCapi:
      env.META_CAPI_TOKEN && env.META_PIXEL_ID
        ? {
            token: env.META_CAPI_TOKEN,
            pixelId: env.META_PIXEL_ID,
            endpoint: `${(env.META_CAPI_BASE_URL ?? 'https://graph.facebook.com').replace(/\/+$/, '')}/${env.META_GRAPH_API_VERSION}/${env.META_PIXEL_ID}/events`,
          }
        : null,
    rateLimits: { leadSubmit: env.LEAD_SUBMIT_RATE_LIMIT, uploads: env.UPLOAD_RATE_LIMIT },
  };
}
