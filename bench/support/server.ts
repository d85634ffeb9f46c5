import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import pino from 'pino';
import { createLiveFlowCache } from '#server/automations/entry.ts';
import { createServer } from '#server/app.ts';
import { buildAppConfig } from '#server/config/app-config.ts';
import { parseEnv, serverEnvSchema } from '#server/config/env.ts';
import { createDatabase } from '#server/db/database.ts';
import { createOutboxTransport } from '#server/email/outbox-transport.ts';
import { createBoss, createJobQueue, ensureQueues } from '#server/jobs/queue.ts';

// The real HTTP server in a benchmark's child process (so the load generator does not share its
// event loop), configured from a production environment, and the parent's side of starting it.

const ADDRESS_LINE = '{"address"';

/**
 * Child side: `createServer` with production settings plus `env` (e.g. a switched-off limit), the
 * outbox transport and pg-boss as a server runs it; prints the address line the parent waits for.
 */
export async function serveRealServer(
  databaseUrl: string,
  {
    origin,
    env = {},
    refuseJobs = false,
  }: {
    origin: string;
    env?: Record<string, string>;
    /** A job queue that refuses every job. */ refuseJobs?: boolean;
  },
): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-server-'));
  const parsed = parseEnv(serverEnvSchema, {
    NODE_ENV: 'production',
    APP_URL: origin,
    DATA_DIR: dataDir,
    APP_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const config = await buildAppConfig(parsed);
  const db = createDatabase({ connectionString: databaseUrl, max: parsed.DB_POOL_MAX });
  const boss = createBoss({ connectionString: databaseUrl, max: 3, role: 'server' });
  await boss.start();
  await ensureQueues(boss);
  const server = await createServer({
    services: {
      db,
      config,
      email: createOutboxTransport(db),
      jobs: refuseJobs
        ? { send: () => Promise.reject(new Error('no jobs in this benchmark')) }
        : createJobQueue(boss),
      logger: pino({ level: 'warn' }),
      // As server/runtime.ts gives every app: the live flows kept per generation (decision 098).
      liveFlows: createLiveFlowCache(),
    },
    clientDir: null,
    // Per-request info logs are a deployment choice; measured here is the application's own work.
    logLevel: 'warn',
  });
  const address = await server.start(0, '127.0.0.1');
  console.log(JSON.stringify({ address }));
  return async () => {
    await server.stop();
    await boss.stop({ graceful: false });
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/** Child side: serve until SIGTERM. */
export async function serveUntilTerminated(start: () => Promise<() => Promise<void>>): Promise<void> {
  const stop = await start();
  process.once('SIGTERM', () => {
    void stop().then(() => process.exit(0));
  });
}

/** Parent side: runs `node [flags] <args>` and resolves with the address the child prints. */
export function startServerChild(
  args: string[],
  { label, flags = [] }: { label: string; flags?: string[] },
): Promise<{ proc: ChildProcess; address: string }> {
  const proc = spawn(process.execPath, [...flags, ...args], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    proc.once('exit', (code) => reject(new Error(`${label} exited early (${code})`)));
    createInterface({ input: proc.stdout }).on('line', (line) => {
      if (line.startsWith(ADDRESS_LINE))
        resolve({ proc, address: (JSON.parse(line) as { address: string }).address });
    });
  });
}
