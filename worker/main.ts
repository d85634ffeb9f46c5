import { loadEnvOrExit, workerEnvSchema } from '#server/config/env.ts';
import { ensureStarterFlows } from '#server/automations/starters.ts';
import { createLogger } from '#server/logging.ts';
import { createRuntimeOrExit } from '#server/runtime.ts';
import { startWorker } from './worker.ts';

// `npm run worker`: job processing only. Run as many as needed against one DATABASE_URL.
const env = loadEnvOrExit(workerEnvSchema);
const logger = createLogger({ level: env.LOG_LEVEL, name: 'worker', format: env.LOG_FORMAT });
const runtime = await createRuntimeOrExit(env, { role: 'worker', logger, bossPoolMax: env.PGBOSS_POOL_MAX });
// Every install has the starter flows, off until switched on (decision 064); the worker is the
// process every deployment runs after its migrations, and a second run is a no-op.
const starters = await ensureStarterFlows(runtime.services.db, { appUrl: runtime.services.config.appUrl });
if (starters.length > 0) logger.info({ starters }, 'added the starter automation flows (switched off)');
const worker = await startWorker(runtime.boss, runtime.services, {
  concurrency: env.WORKER_CONCURRENCY,
  databaseUrl: runtime.databaseUrl,
});
logger.info({ email: runtime.services.email.kind }, 'worker started');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping: finishing active jobs');
  await worker.stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
