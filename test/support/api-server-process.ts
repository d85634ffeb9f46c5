import { createServer } from '../../server/app.ts';
import { loadEnvOrExit, serverEnvSchema } from '../../server/config/env.ts';
import { createLogger } from '../../server/logging.ts';
import { createRuntimeOrExit } from '../../server/runtime.ts';

/**
 * `npm run server` without the built client (server/main.ts serves dist/client, which tests do not
 * build): the same runtime, configuration and API routes, for tests that start several servers as
 * processes of their own. Env as for the server; prints "server listening" once it listens.
 */
const env = loadEnvOrExit(serverEnvSchema);
const logger = createLogger({ level: env.LOG_LEVEL, name: 'server', format: env.LOG_FORMAT });
const runtime = await createRuntimeOrExit(env, { role: 'server', logger });
const server = await createServer({ services: runtime.services, logger, clientDir: null });
const address = await server.start(env.PORT, env.HOST);
logger.info({ address }, 'server listening');
process.on('SIGTERM', () => {
  void server
    .stop()
    .then(() => runtime.close())
    .then(() => process.exit(0));
});
