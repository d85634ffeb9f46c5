import type { PgBoss } from 'pg-boss';
import { sql } from 'kysely';
import { createCampaignLiveHub } from './campaigns/live-hub.ts';
import { createLiveFlowCache } from './automations/entry.ts';
import { createEnquiryLiveHub } from './enquiries/live.ts';
import { type AppConfig, buildAppConfig } from './config/app-config.ts';
import type { BaseEnv } from './config/env.ts';
import { createConnectionWatch } from './db/connection-watch.ts';
import { resolveDatabaseUrl } from './db/connection.ts';
import { createDatabase, type Database } from './db/database.ts';
import { DatabaseStartError, type EmbeddedPostgresHandle } from './db/embedded.ts';
import { migrateToLatest } from './db/migrator.ts';
import { createResendInbound } from './email/inbound-mail.ts';
import { createEmailTransport } from './email/transport.ts';
import { createBoss, createJobQueue, ensureQueues } from './jobs/queue.ts';
import { registerKeyFrom, sealIdentityCopiesAtStart } from './register/entry.ts';
import type { AppServices, CampaignLiveHub, EnquiryLiveHub, Logger } from './services.ts';

export interface Runtime {
  services: AppServices;
  boss: PgBoss;
  databaseUrl: string;
  embedded: EmbeddedPostgresHandle | null;
  /** Stops jobs, closes the pool and stops the embedded database if this process started it. */
  close(): Promise<void>;
}

export interface CreateRuntimeOptions {
  /** 'all': one process serving HTTP and working jobs (npm start). */
  role: 'server' | 'worker' | 'all';
  logger: Logger;
  /** Apply pending migrations first (npm start; a single-process deployment). */
  migrate?: boolean;
  /** Use this database instead of resolving DATABASE_URL / the embedded cluster. */
  databaseUrl?: string;
  bossPoolMax?: number;
}

/** Connects everything a process needs, in order, from its parsed environment. */
/**
 * The Receiving API's client (decision 060): RESEND_INBOUND_API_KEY when set (a full-access key
 * beside a sending-only RESEND_API_KEY), else RESEND_API_KEY; neither, no inbound mail. It never
 * switches sending on: that stays RESEND_API_KEY's alone.
 */
export function inboundFor(
  env: Pick<BaseEnv, 'RESEND_API_KEY' | 'RESEND_INBOUND_API_KEY' | 'RESEND_BASE_URL'>,
) {
  const apiKey = env.RESEND_INBOUND_API_KEY ?? env.RESEND_API_KEY;
  return apiKey ? createResendInbound({ apiKey, baseUrl: env.RESEND_BASE_URL }) : undefined;
}

export async function createRuntime(env: BaseEnv, options: CreateRuntimeOptions): Promise<Runtime> {
  const config: AppConfig = await buildAppConfig(env, (message) => options.logger.warn(message));
  const resolved = options.databaseUrl
    ? { url: options.databaseUrl, embedded: null }
    : await resolveDatabaseUrl(env.DATABASE_URL, config.dataDir, (message) => options.logger.info(message));
  let db: Database | null = null;
  let boss: PgBoss | null = null;
  // Decision 075: an outage is one warning and one "restored" line, whichever part notices it.
  const connectionWatch = createConnectionWatch({
    logger: options.logger,
    probe: () => {
      if (!db) return Promise.reject(new Error('no database yet'));
      return sql`SELECT 1`.execute(db);
    },
  });
  try {
    db = createDatabase({
      connectionString: resolved.url,
      max: env.DB_POOL_MAX,
      applicationName: `watch-platform-${options.role}`,
      onIdleError: (error) => {
        if (!connectionWatch.report(error, 'pool'))
          options.logger.warn({ err: error }, 'PostgreSQL pool error');
      },
    });
    if (options.migrate) await migrateToLatest(db);
    // Identity copies uploaded before they were sealed are sealed now, under the key this process
    // uses (decision 069): a migration cannot see it. Idempotent, and safe in two processes at once.
    const sealed = await sealIdentityCopiesAtStart(db, registerKeyFrom(config));
    if (sealed > 0) options.logger.info({ sealed }, 'identity copies sealed under the register key');
    boss = createBoss({
      connectionString: resolved.url,
      max: options.bossPoolMax ?? 3,
      role: options.role,
      superviseIntervalSeconds: env.JOBS_SUPERVISE_INTERVAL_SECONDS,
    });
    boss.on('error', (error) => {
      if (!connectionWatch.report(error, 'pg-boss')) options.logger.error({ err: error }, 'pg-boss error');
    });
    await boss.start();
    for (const drift of await ensureQueues(boss)) {
      if (drift.updated.length > 0)
        options.logger.info({ queue: drift.name, updated: drift.updated }, 'job queue options updated');
      if (drift.policy)
        options.logger.error(
          { queue: drift.name, ...drift.policy },
          'job queue has another policy than its definition; pg-boss cannot change it in place: once the queue is empty, delete it (pg-boss deleteQueue) and restart to recreate it',
        );
    }
  } catch (error) {
    await boss?.stop({ graceful: false }).catch(() => undefined);
    await db?.destroy().catch(() => undefined);
    await resolved.embedded?.stop().catch(() => undefined);
    connectionWatch.close();
    throw error;
  }
  // Only processes that serve HTTP push live updates; a worker only announces them (NOTIFY).
  const live: CampaignLiveHub | undefined =
    options.role === 'worker'
      ? undefined
      : createCampaignLiveHub({
          connectionString: resolved.url,
          logger: options.logger,
          applicationName: `watch-platform-${options.role}-live`,
        });
  // Decision 063: a second LISTEN connection per HTTP process, for the admin's enquiry feed.
  const enquiryLive: EnquiryLiveHub | undefined =
    options.role === 'worker'
      ? undefined
      : createEnquiryLiveHub({
          connectionString: resolved.url,
          logger: options.logger,
          applicationName: `watch-platform-${options.role}-enquiry-live`,
        });
  const services: AppServices = {
    db,
    config,
    email: createEmailTransport(env, db),
    inbound: inboundFor(env),
    jobs: createJobQueue(boss),
    logger: options.logger,
    live,
    enquiryLive,
    liveFlows: createLiveFlowCache(),
    connectionWatch,
  };
  const startedBoss = boss;
  const startedDb = db;
  return {
    services,
    boss: startedBoss,
    databaseUrl: resolved.url,
    embedded: resolved.embedded,
    async close() {
      await startedBoss.stop({ graceful: true, timeout: 10_000 });
      await live?.close();
      await enquiryLive?.close();
      connectionWatch.close();
      await startedDb.destroy();
      await resolved.embedded?.stop();
    },
  };
}

/**
 * A database that cannot start is explained in one paragraph on stderr and the process exits 1;
 * anything else is rethrown as it is.
 */
export async function createRuntimeOrExit(
  ...args: Parameters<typeof createRuntime>
): ReturnType<typeof createRuntime> {
  try {
    return await createRuntime(...args);
  } catch (error) {
    if (error instanceof DatabaseStartError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
