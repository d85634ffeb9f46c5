import path from 'node:path';
import { forgeableAddressWarning, loadEnvOrExit, serverEnvSchema } from './config/env.ts';
import { createServer } from './app.ts';
import { createLogger } from './logging.ts';
import { createRuntimeOrExit } from './runtime.ts';

// `npm run server`: the HTTP server alone (run migrations with `npm run db:migrate` first).
const env = loadEnvOrExit(serverEnvSchema);
const logger = createLogger({ level: env.LOG_LEVEL, name: 'server', format: env.LOG_FORMAT });
const proxyWarning = forgeableAddressWarning(env);
if (proxyWarning) logger.warn(proxyWarning);
const runtime = await createRuntimeOrExit(env, { role: 'server', logger });
const server = await createServer({
  services: runtime.services,
  logger,
  trustProxy: env.TRUST_PROXY,
  metricsToken: env.METRICS_TOKEN ?? null,
  clientDir: path.resolve('dist/client'),
});
const address = await server.start(env.PORT, env.HOST);
logger.info({ address, appUrl: runtime.services.config.appUrl }, 'server listening');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'server stopping');
  await server.stop();
  await runtime.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
