import { buildSiteConfig, type SiteConfig } from '#shared/site/config.ts';
import type { RateLimitRule } from '../security/rate-limit.ts';
import {
  type BaseEnv,
  localFileStoreWarning,
  resolveAppUrl,
  resolveDataDir,
  resolveFileStore,
} from './env.ts';
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
  /** The DNS server the sending-domain checks ask (DNS_RESOLVER, decision 073); unset: the system's. */
  dnsResolver?: string | undefined;
  uploadthingConfigured: boolean;
  /** Set when photos are (or were) stored on UploadThing. */
  uploadthingToken: string | null;
  /** The store new photos go to (FILE_STORE, decision 083). */
  fileStore: 'local' | 'postgres' | 's3' | 'uploadthing';
  /** The bucket of FILE_STORE=s3, or of photos stored there before; null without S3_BUCKET. */
  s3: S3Settings | null;
  /** Meta Conversions API; null unless both the token and the pixel id are set (decision 026). */
  metaCapi: { token: string; pixelId: string; endpoint: string } | null;
  /** Per-IP limits of the public sell form; null disables one (benchmarks). */
  rateLimits: { leadSubmit: RateLimitRule | null; uploads: RateLimitRule | null };
}

export interface S3Settings {
  bucket: string;
  region: string;
  /** Unset: AWS itself. */
  endpoint?: string | undefined;
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default credential chain. */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
}

/** The bucket S3_* name, or null without S3_BUCKET. */
export function s3SettingsOf(
  env: Pick<
    BaseEnv,
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_ENDPOINT'
    | 'S3_FORCE_PATH_STYLE'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
  >,
): S3Settings | null {
  if (!env.S3_BUCKET) return null;
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** `warn` hears about a setting the deployment should fix (a generated APP_SECRET). */
export async function buildAppConfig(
  env: BaseEnv,
  warn: (message: string) => void = () => undefined,
): Promise<AppConfig> {
  const appUrl = resolveAppUrl(env);
  const dataDir = resolveDataDir(env);
  const site = buildSiteConfig({ ...env, APP_URL: appUrl });
  const fileStoreWarning = localFileStoreWarning(env);
  if (fileStoreWarning) warn(fileStoreWarning);
  return {
    isProduction: env.NODE_ENV === 'production',
    appUrl,
    dataDir,
    appSecret: await resolveAppSecret(env.APP_SECRET, dataDir, warn),
    ...(env.REGISTER_KEY ? { registerKey: env.REGISTER_KEY } : {}),
    site,
    emailFrom: env.EMAIL_FROM ?? `${site.name} <${site.email}>`,
    resendConfigured: Boolean(env.RESEND_API_KEY),
    resendWebhookSecret: env.RESEND_WEBHOOK_SECRET ?? null,
    inboundDomain: env.INBOUND_DOMAIN ?? null,
    dnsResolver: env.DNS_RESOLVER,
    uploadthingConfigured: Boolean(env.UPLOADTHING_TOKEN),
    uploadthingToken: env.UPLOADTHING_TOKEN ?? null,
    fileStore: resolveFileStore(env),
    s3: s3SettingsOf(env),
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
