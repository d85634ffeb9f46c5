import { TRPCError } from '@trpc/server';
import pino from 'pino';
import { type AppConfig } from '../../server/config/app-config.ts';
import type { Database } from '../../server/db/database.ts';
import { createOutboxTransport } from '../../server/email/outbox-transport.ts';
import type { InboundMailSource } from '../../server/email/inbound-mail.ts';
import type { EmailTransport } from '../../server/email/types.ts';
import type { JobName, JobPayload } from '../../server/jobs/definitions.ts';
import type { EnqueueOptions, JobQueue } from '../../server/jobs/queue.ts';
import type { AppServices } from '../../server/services.ts';
import { createCaller } from '../../server/trpc/router.ts';
import type { Context } from '../../server/trpc/context.ts';
import type { SessionUser } from '../../server/auth/session.ts';
import { buildSiteConfig } from '../../shared/site/config.ts';

export const TEST_APP_URL = 'http://localhost:3999';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    isProduction: false,
    appUrl: TEST_APP_URL,
    dataDir: '/tmp/watch-platform-test-data',
    appSecret: 'test-secret-0123456789abcdefghijklmnopqrstuvwxyz',
    site: buildSiteConfig({ APP_URL: TEST_APP_URL }),
    emailFrom: 'Sterling Watch Buyers <valuations@sterlingwatchbuyers.com.au>',
    resendConfigured: false,
    resendWebhookSecret: null,
    inboundDomain: null,
    // No DNS server listens there: a domain check in a test that does not start its own fake DNS
    // (test/support/fake-dns.ts) answers "not checkable here" at once, never asking the real DNS.
    dnsResolver: '127.0.0.1:9',
    uploadthingConfigured: false,
    uploadthingToken: null,
    fileStore: 'local',
    s3: null,
    metaCapi: null,
    rateLimits: { leadSubmit: { limit: 10, windowSeconds: 600 }, uploads: { limit: 40, windowSeconds: 600 } },
    ...overrides,
  };
}

export interface RecordedJob {
  name: JobName;
  payload: unknown;
  options: EnqueueOptions;
}

/** A JobQueue that records what would be enqueued, for tests that are not about jobs. */
export type RecordingJobQueue = JobQueue & { jobs: RecordedJob[] };

export function recordingJobQueue(): RecordingJobQueue {
  const jobs: RecordedJob[] = [];
  return {
    jobs,
    send<N extends JobName>(name: N, payload: JobPayload<N>, options: EnqueueOptions = {}) {
      jobs.push({ name, payload, options });
      return Promise.resolve(`job-${jobs.length}`);
    },
  };
}

export const silentLogger = pino({ level: 'silent' });

export function testServices(
  db: Database,
  overrides: {
    email?: EmailTransport;
    jobs?: JobQueue;
    config?: Partial<AppConfig>;
    inbound?: InboundMailSource;
  } = {},
): AppServices {
  return {
    db,
    config: testConfig(overrides.config),
    email: overrides.email ?? createOutboxTransport(db),
    jobs: overrides.jobs ?? recordingJobQueue(),
    logger: silentLogger,
    ...(overrides.inbound ? { inbound: overrides.inbound } : {}),
  };
}

/**
 * A caller from a given IP, optionally holding a real session (sign-in replaces it; a password
 * change keeps it): for the auth procedures, which look at the IP and the session id.
 */
export function callerAt(
  services: AppServices,
  ip: string,
  auth: { user: SessionUser; sessionId: string } | null = null,
) {
  const ctx: Context = {
    ...services,
    request: { ip, userAgent: 'vitest' },
    session: auth
      ? {
          id: auth.sessionId,
          userId: auth.user.id,
          expiresAt: new Date(Date.now() + 60_000),
          refreshed: false,
        }
      : null,
    user: auth?.user ?? null,
    http: null,
  };
  return createCaller(ctx);
}

/** A tRPC caller as an anonymous visitor, a signed-in user or an admin. */
export function callerFor(services: AppServices, user: SessionUser | null = null) {
  const ctx: Context = {
    ...services,
    request: { ip: '127.0.0.1', userAgent: 'vitest' },
    session: user
      ? { id: 'test-session', userId: user.id, expiresAt: new Date(Date.now() + 60_000), refreshed: false }
      : null,
    user,
    http: null,
  };
  return createCaller(ctx);
}

/** The tRPC error code a call ends with ('OK' when it succeeds), for compact guard tables. */
export async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (error) {
    return error instanceof TRPCError ? error.code : `not a TRPCError: ${String(error)}`;
  }
}
