import path from 'node:path';
import { createServer } from '../app.ts';
import { ensureFirstAdmin } from '../auth/bootstrap-admin.ts';
import { ensureStarterFlows } from '../automations/starters.ts';
import { buildSiteConfig } from '#shared/site/config.ts';
import {
  forgeableAddressWarning,
  loadEnvOrExit,
  resolveAppUrl,
  serverEnvSchema,
  workerEnvSchema,
} from '../config/env.ts';
import { createLogger } from '../logging.ts';
import { createRuntimeOrExit } from '../runtime.ts';
import { databaseIsEmpty, seedDemoData } from '../seed/demo.ts';
import { startWorker } from '../../worker/worker.ts';
import { buildClient, clientBuildIsStale } from './client-build.ts';

// `npm start` (and `npm run dev`): everything in one process for a fresh clone: embedded
// PostgreSQL unless DATABASE_URL is set, migrations, demo data, a first admin, server and worker.
const dev = process.argv.includes('--dev');
// Production mode unless --dev (README): what a visitor or an attacker sees of errors must not
// depend on remembering NODE_ENV. An explicit NODE_ENV (the e2e suite sets "test") is kept.
process.env.NODE_ENV ??= dev ? 'development' : 'production';
const env = loadEnvOrExit(serverEnvSchema.extend(workerEnvSchema.shape));
const logger = createLogger({ level: env.LOG_LEVEL, name: 'app', format: env.LOG_FORMAT });
const proxyWarning = forgeableAddressWarning(env);
if (proxyWarning) logger.warn(proxyWarning);
const root = process.cwd();
const clientDir = path.join(root, 'dist', 'client');

const site = buildSiteConfig({ ...env, APP_URL: resolveAppUrl(env) });
if (!dev && clientBuildIsStale(root, clientDir, site)) {
  logger.info('building the client (missing, older than its sources, or built for another site identity)');
  buildClient(root);
}

const runtime = await createRuntimeOrExit(env, {
  role: 'all',
  logger,
  migrate: true,
  bossPoolMax: env.PGBOSS_POOL_MAX,
});
const { db, config } = runtime.services;

if (await databaseIsEmpty(db)) {
  const { seeded } = await seedDemoData(db, { appUrl: config.appUrl });
  if (seeded)
    logger.info('added demo data (contacts, templates, a completed campaign, unsubscribe activity)');
}
// Every install has the starter flows, off until switched on (decision 064).
const starters = await ensureStarterFlows(db, { appUrl: config.appUrl });
if (starters.length > 0) logger.info({ starters }, 'added the starter automation flows (switched off)');
const adminEmail = `admin@${config.site.email.split('@')[1] ?? 'example.com'}`;
const firstAdmin = await ensureFirstAdmin(db, adminEmail);

const worker = await startWorker(runtime.boss, runtime.services, {
  concurrency: env.WORKER_CONCURRENCY,
  databaseUrl: runtime.databaseUrl,
});
const server = await createServer({
  services: runtime.services,
  logger,
  trustProxy: env.TRUST_PROXY,
  metricsToken: env.METRICS_TOKEN ?? null,
  clientDir: dev ? null : clientDir,
  viteDev: dev,
});
await server.start(env.PORT, env.HOST);

const lines = [
  '',
  `  ${config.site.name} is running at ${config.appUrl}`,
  `  Admin: ${config.appUrl}/admin`,
  `  Database: ${runtime.embedded ? `embedded PostgreSQL (data in ${runtime.embedded.databaseDir})` : 'DATABASE_URL'}`,
  `  E-mail: ${runtime.services.email.kind === 'outbox' ? 'outbox (no RESEND_API_KEY: e-mails are kept in the database)' : 'Resend'}`,
];
if (firstAdmin) {
  lines.push('', '  First admin account (shown once, change it with `npm run admin`):');
  lines.push(`    e-mail:   ${firstAdmin.email}`, `    password: ${firstAdmin.password}`);
}
console.log(lines.join('\n') + '\n');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'stopping: finishing requests and active jobs');
  await server.stop();
  await worker.stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
