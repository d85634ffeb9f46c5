import path from 'node:path';
import { z } from 'zod';
import { buildSiteConfigInput, placeholderIdentityVariables, siteConfigSchema } from '#shared/site/config.ts';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().min(1).optional());

/** "10/600" is 10 requests per 600 seconds; "off" disables the limit (null). */
function rateLimitSetting(fallback: string) {
  return z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^(off|[1-9]\d*\/[1-9]\d*)$/, 'must be "off" or "<count>/<seconds>", e.g. 10/600')
        .default(fallback),
    )
    .transform((value) => {
      if (value === 'off') return null;
      const [limit, windowSeconds] = value.split('/').map(Number);
      return { limit: limit ?? 1, windowSeconds: windowSeconds ?? 1 };
    });
}

/** Variables every process (server, worker, CLI) understands. */
export const baseEnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** auto: readable lines in a terminal, JSON lines otherwise (server/logging.ts). */
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /**
   * Public base URL used in links (e-mails, canonical URLs). Defaults to http://localhost:$PORT.
   * https:// wherever it is not this machine: one-click unsubscribe (RFC 8058) needs an HTTPS URL,
   * and Secure cookies and HSTS follow the scheme (decision 015).
   */
  APP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .refine(
        (url) => url.startsWith('https://') || isLoopbackUrl(url),
        'must start with https:// (one-click unsubscribe links need HTTPS, RFC 8058); http:// is for localhost, 127.0.0.1 or [::1] only',
      )
      .optional(),
  ),
  /** PostgreSQL connection string; when unset, an embedded PostgreSQL is started under DATA_DIR. */
  DATABASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  DATA_DIR: z.string().min(1).default('./.data'),
  /**
   * HMAC/signing key, the same in every process. Unset, one is generated and kept in DATA_DIR, on
   * a loopback APP_URL only (decision 068).
   */
  APP_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  /**
   * The dealer's register key (decision 058): 32 bytes as 64 hex digits or base64. When unset, a
   * key is derived from APP_SECRET with HKDF (label "register").
   */
  REGISTER_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => decodeRegisterKey(value) !== null, 'must be 32 bytes as 64 hex digits or base64')
      .optional(),
  ),
  RESEND_API_KEY: optionalString,
  /**
   * The key the Receiving API reads replies with (decision 060). A Resend key is "full access" or
   * "sending access", and a sending-only key cannot read received mail; unset, RESEND_API_KEY is
   * used. Set alone (no RESEND_API_KEY), replies are received while e-mail stays in the outbox.
   */
  RESEND_INBOUND_API_KEY: optionalString,
  /** Only for tests and local fakes: the Resend SDK's API base URL. */
  RESEND_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  RESEND_WEBHOOK_SECRET: optionalString,
  EMAIL_FROM: z.preprocess(emptyToUndefined, z.string().min(3).optional()),
  /**
   * The domain Resend receives mail for (decision 060): enquiry e-mails carry the reply address
   * `enquiry+<token>@INBOUND_DOMAIN`, and replies come back onto the enquiry. Unset: replies go
   * to the business address.
   */
  INBOUND_DOMAIN: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(?=.{3,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i,
        'must be a domain name, e.g. reply.example.com.au',
      )
      .transform((domain) => domain.toLowerCase())
      .optional(),
  ),
  /**
   * The DNS server the sending-domain checks (decision 073) and the mailbox-provider MX lookups
   * (decision 074) ask, as an IP address with an optional port: "127.0.0.1:5353", "[::1]:53".
   * Unset: the system's resolvers. Tests point it at a local one.
   */
  DNS_RESOLVER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^(\d{1,3}(\.\d{1,3}){3}(:\d{1,5})?|\[[0-9a-f:]+\](:\d{1,5})?|[0-9a-f:]+)$/i,
        'must be an IP address with an optional port, e.g. 127.0.0.1:5353',
      )
      .optional(),
  ),
  SITE_NAME: optionalString,
  SITE_PHONE: optionalString,
  SITE_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
  /** The business's registered name, licence line and ABN, printed in the footer and every e-mail. */
  SITE_LEGAL_NAME: optionalString,
  SITE_LICENCE: optionalString,
  SITE_ABN: optionalString,
  /** Profiles the site links to; unset ones are not shown. */
  SITE_INSTAGRAM_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  SITE_FACEBOOK_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  UPLOADTHING_TOKEN: optionalString,
  /**
   * Where photos' bytes go (decision 083): postgres (table stored_files, in the database every
   * process shares), s3 (an S3-compatible bucket, S3_*), uploadthing (UPLOADTHING_TOKEN) or local
   * (DATA_DIR/uploads: this process's disk only, for the single-process embedded start). Unset:
   * uploadthing when UPLOADTHING_TOKEN is set, else postgres with DATABASE_URL, else local.
   */
  FILE_STORE: z.preprocess(emptyToUndefined, z.enum(['local', 'postgres', 's3', 'uploadthing']).optional()),
  /** The bucket of FILE_STORE=s3, and of photos stored there before a switch. */
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(emptyToUndefined, z.string().min(1).default('us-east-1')),
  /** Another S3-compatible service (R2, MinIO, Backblaze B2): its endpoint URL. Unset: AWS. */
  S3_ENDPOINT: z.preprocess(emptyToUndefined, z.url().optional()),
  /** Both, or neither (the AWS SDK's own chain: AWS_* variables, instance role). */
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** "true" for services that address buckets by path (MinIO, most self-hosted ones). */
  S3_FORCE_PATH_STYLE: z.preprocess(emptyToUndefined, z.enum(['true', 'false']).default('false')),
  /** Meta Conversions API (decision 026): both set, or no conversion event leaves the machine. */
  META_CAPI_TOKEN: optionalString,
  /** The pixel the browser fires (VITE_META_PIXEL_ID at build time) and the server reports to. */
  META_PIXEL_ID: z.preprocess(emptyToUndefined, z.string().regex(/^\d+$/, 'must be digits').optional()),
  /** Only for tests and local fakes: the Graph API's base URL. */
  META_CAPI_BASE_URL: z.preprocess(emptyToUndefined, z.url().optional()),
  META_GRAPH_API_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/)
    .default('v24.0'),
  /** Sell-form submissions per IP: "<count>/<seconds>", or "off" (benchmarks only). */
  LEAD_SUBMIT_RATE_LIMIT: rateLimitSetting('10/600'),
  /** Photos (not requests) per IP, same format: 40 is four full enquiries' worth. */
  UPLOAD_RATE_LIMIT: rateLimitSetting('40/600'),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * How often a job-working process looks for jobs whose worker stopped sending heartbeats (killed,
   * frozen) and retries them. Lower means a killed worker's campaign resumes sooner.
   */
  JOBS_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
});

export const serverEnvSchema = baseEnvSchema.extend({
  /**
   * The bearer token Prometheus scrapes /metrics with (decision 086). Unset: no /metrics at all.
   */
  METRICS_TOKEN: z.preprocess(
    emptyToUndefined,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  /**
   * Which reverse proxies may say who the client is (X-Forwarded-For), so per-IP limits and logs see
   * the first address no trusted proxy vouches for: a hop count ("1": the one proxy in front) or a
   * comma-separated list of proxy addresses and CIDRs ("10.0.0.0/8,127.0.0.1"). Unset or "false":
   * the socket's address. "true" (trust every hop) is refused: any client could then pick its own IP
   * by sending the header, and rotate past every per-IP limit (docs/decisions/014).
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, ctx): TrustProxySetting => {
      const parsed = parseTrustProxy(value);
      if ('refused' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.refused });
        return z.NEVER;
      }
      return parsed.value;
    }),
});

export const workerEnvSchema = baseEnvSchema.extend({
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  PGBOSS_POOL_MAX: z.coerce.number().int().min(1).max(50).default(4),
});

export type BaseEnv = z.infer<typeof baseEnvSchema>;

/**
 * The old key material for `npm run admin -- register-rekey` (decision 058), read from the
 * environment and never from the command line, so it lands in neither shell history nor `ps`.
 * One of the two: OLD_REGISTER_KEY if the entries were sealed under a REGISTER_KEY, else
 * OLD_APP_SECRET if they were sealed under the key derived from APP_SECRET.
 */
export const registerRekeyEnvSchema = z
  .object({
    APP_SECRET: baseEnvSchema.shape.APP_SECRET,
    REGISTER_KEY: baseEnvSchema.shape.REGISTER_KEY,
    DATA_DIR: baseEnvSchema.shape.DATA_DIR,
    OLD_REGISTER_KEY: baseEnvSchema.shape.REGISTER_KEY,
    OLD_APP_SECRET: baseEnvSchema.shape.APP_SECRET,
  })
  .refine((env) => !(env.OLD_REGISTER_KEY && env.OLD_APP_SECRET), {
    message: 'set OLD_REGISTER_KEY or OLD_APP_SECRET, not both',
    path: ['OLD_REGISTER_KEY'],
  })
  .refine((env) => env.OLD_REGISTER_KEY || env.OLD_APP_SECRET, {
    message:
      'set OLD_REGISTER_KEY (the REGISTER_KEY the entries were written with) or OLD_APP_SECRET (the APP_SECRET they were written with, when no REGISTER_KEY was set)',
    path: ['OLD_REGISTER_KEY'],
  });

/** The secrets and data folder `npm run admin -- backup` and `restore` work with (decision 085). */
export const backupEnvSchema = z.object({
  APP_SECRET: baseEnvSchema.shape.APP_SECRET,
  REGISTER_KEY: baseEnvSchema.shape.REGISTER_KEY,
  DATA_DIR: baseEnvSchema.shape.DATA_DIR,
});

/** What Fastify's `trustProxy` takes: false, a hop count, or a list of addresses and CIDRs. */
export type TrustProxySetting = false | number | string[];

const ADDRESS_OR_CIDR = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]+)(\/\d{1,3})?$/i;

/** Parses TRUST_PROXY, or says why not. */
function parseTrustProxy(value: string): { value: TrustProxySetting } | { refused: string } {
  if (value === '' || value === 'false' || value === '0') return { value: false };
  if (value === 'true')
    return {
      refused:
        '"true" would trust every X-Forwarded-For hop, so any client could choose its own IP. Set the number of proxies in front of the app (e.g. 1) or their addresses (e.g. 10.0.0.0/8,127.0.0.1)',
    };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops >= 1 && hops <= 10 ? { value: hops } : { refused: 'a hop count is between 1 and 10' };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !ADDRESS_OR_CIDR.test(entry));
  if (bad.length > 0) return { refused: `not an address or CIDR: ${bad.join(', ')}` };
  return { value: entries };
}

/**
 * A warning for the start, or null: with TRUST_PROXY set, a server listening on every interface
 * believes the X-Forwarded-For of any client that reaches it directly, not through the proxy, so
 * that client picks the address every per-IP limit counts (decision 014).
 */
export function forgeableAddressWarning(env: {
  HOST: string;
  TRUST_PROXY: TrustProxySetting;
}): string | null {
  if (env.TRUST_PROXY === false) return null;
  const host = env.HOST.replace(/^\[|\]$/g, '');
  if (host !== '0.0.0.0' && host !== '::') return null;
  return `TRUST_PROXY is set and HOST is ${env.HOST}: a client that reaches this server directly, not through the proxy, can write its own X-Forwarded-For and choose the address rate limits and logs see. Behind a proxy on this machine set HOST=127.0.0.1 (in Docker, publish the port on 127.0.0.1 only); otherwise let only the proxy reach the port (README, Behind a reverse proxy).`;
}

export class EnvError extends Error {
  override name = 'EnvError';
}

/** Parses the environment once; a bad value throws an EnvError naming every bad variable. */
export function parseEnv<S extends z.ZodType>(
  schema: S,
  source: NodeJS.ProcessEnv = process.env,
): z.infer<S> {
  const result = schema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  const data: z.infer<S> = result.data;
  if (isBaseEnv(data)) {
    checkFileStore(data);
    checkSiteIdentity(data);
  }
  return data;
}

function isBaseEnv(value: unknown): value is BaseEnv {
  return typeof value === 'object' && value !== null && 'PORT' in value && 'NODE_ENV' in value;
}

/** The store photos go to (decision 083): FILE_STORE, or the default it names. */
export function resolveFileStore(
  env: Pick<BaseEnv, 'FILE_STORE' | 'UPLOADTHING_TOKEN' | 'DATABASE_URL'>,
): 'local' | 'postgres' | 's3' | 'uploadthing' {
  if (env.FILE_STORE) return env.FILE_STORE;
  if (env.UPLOADTHING_TOKEN) return 'uploadthing';
  return env.DATABASE_URL ? 'postgres' : 'local';
}

/** A store that cannot work is refused at start, naming what to set. */
function checkFileStore(env: BaseEnv): void {
  const problems: string[] = [];
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET)
    problems.push('  S3_BUCKET: required with FILE_STORE=s3 (the bucket photos go to)');
  if (env.FILE_STORE === 'uploadthing' && !env.UPLOADTHING_TOKEN)
    problems.push('  UPLOADTHING_TOKEN: required with FILE_STORE=uploadthing');
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY))
    problems.push(
      `  ${env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'}: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither`,
    );
  if (problems.length > 0) throw new EnvError(`Invalid environment configuration:\n${problems.join('\n')}`);
}

/**
 * A warning for the start, or null: with DATABASE_URL the servers and the worker may run on several
 * disks, and a photo kept on one is missing on the others (served 404 there; erasure and clean-up
 * through another process would leave its bytes behind). Decision 083 warns rather than refuses: one
 * host sharing one DATA_DIR works, and the operator who chose it explicitly knows the machine.
 */
export function localFileStoreWarning(
  env: Pick<BaseEnv, 'FILE_STORE' | 'UPLOADTHING_TOKEN' | 'DATABASE_URL'>,
) {
  if (!env.DATABASE_URL || resolveFileStore(env) !== 'local') return null;
  return "FILE_STORE=local with DATABASE_URL: photos are kept on this process's disk (DATA_DIR/uploads), which other servers and the worker do not see unless every process shares this DATA_DIR. Set FILE_STORE=postgres or FILE_STORE=s3, then move the existing files with `npm run admin -- files:move --to postgres` (README, Configuration).";
}

/** localhost, *.localhost, 127.0.0.0/8 and ::1: a machine talking to itself, not a deployment. */
export function isLoopbackUrl(url: string): boolean {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\./.test(host);
}

/** Why a real deployment refuses to start without APP_SECRET, and what to set. */
const MISSING_APP_SECRET = (appUrl: string) =>
  `APP_URL is ${appUrl}, a real deployment, but APP_SECRET is unset: each server and worker would generate its own in its DATA_DIR, so links signed by one fail on another and register entries sealed on one host cannot be read on another. Set APP_SECRET (32+ characters, e.g. \`openssl rand -hex 32\`) to the same value in every process; an installation that ran without it keeps its links and register by setting it to the contents of DATA_DIR/app-secret (see README, Configuration).`;

/**
 * The site identity must be valid everywhere, and real wherever customers can see it: a start whose
 * APP_URL is not a loopback address refuses the demo's placeholder licence and ABN, naming the
 * variables to set (decision 001). There it also refuses to run without APP_SECRET (decision 068):
 * one generated per DATA_DIR differs on every disk, so a link the worker signed fails on a server
 * with another disk, and register entries sealed on one host cannot be read on another.
 */
function checkSiteIdentity(env: BaseEnv): void {
  const appUrl = resolveAppUrl(env);
  const built = siteConfigSchema.safeParse(buildSiteConfigInput({ ...env, APP_URL: appUrl }));
  if (!built.success) {
    const lines = built.error.issues.map((issue) => `  ${siteVariable(issue.path)}: ${issue.message}`);
    throw new EnvError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  if (isLoopbackUrl(appUrl)) return;
  const problems: string[] = [];
  const names = placeholderIdentityVariables(built.data);
  if (names.length > 0)
    problems.push(
      `APP_URL is ${appUrl}, a real deployment, but ${names.join(' and ')} still ${names.length === 1 ? 'holds' : 'hold'} the demo's placeholder ${names.length === 1 ? 'value' : 'values'}, which customers would see in the footer and every e-mail. Set ${names.join(' and ')} to the business's own (see README, Configuration).`,
    );
  if (!env.APP_SECRET) problems.push(MISSING_APP_SECRET(appUrl));
  if (problems.length > 0) throw new EnvError(problems.join('\n'));
}

const SITE_VARIABLES: Record<string, string> = {
  name: 'SITE_NAME',
  phone: 'SITE_PHONE',
  email: 'SITE_EMAIL',
  legalName: 'SITE_LEGAL_NAME',
  licence: 'SITE_LICENCE',
  abn: 'SITE_ABN',
  url: 'APP_URL',
};

function siteVariable(path: PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'socialLinks') return second === 'facebook' ? 'SITE_FACEBOOK_URL' : 'SITE_INSTAGRAM_URL';
  return SITE_VARIABLES[String(first)] ?? String(first);
}

/** Runs `fn` with a parsed env, or prints the problem and exits with status 78 (EX_CONFIG). */
export function loadEnvOrExit<S extends z.ZodType>(schema: S): z.infer<S> {
  try {
    return parseEnv(schema);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
}

export function resolveAppUrl(env: Pick<BaseEnv, 'APP_URL' | 'PORT'>): string {
  return (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

export function resolveDataDir(env: Pick<BaseEnv, 'DATA_DIR'>): string {
  return path.resolve(env.DATA_DIR);
}

/** A 32-byte key written as 64 hex digits or as base64, or null when it is neither. */
export function decodeRegisterKey(value: string): Buffer | null {
  const trimmed = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const bytes = Buffer.from(trimmed, 'base64');
  return bytes.length === 32 ? bytes : null;
}
