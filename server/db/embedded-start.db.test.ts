import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseStartError, firstFolderClosedToOthers, startEmbeddedPostgres } from './embedded.ts';

// Issue 19 item 8 (part): a database that cannot start is one clear paragraph, never a crash.
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

  it('finds the first folder other users cannot open on the way to a path', async () => {
    const open = await tempDir(0o755);
    expect(firstFolderClosedToOthers(path.join(open, 'data', 'postgres'))).toBeNull();
    const closed = await tempDir(0o700);
    expect(firstFolderClosedToOthers(path.join(closed, 'app', '.data', 'postgres'))).toBe(closed);
  });

  it.runIf(isRoot)(
    'as root, refuses a data folder under a 0700 folder with what to do, before spawning anything',
    async () => {
      const closed = await tempDir(0o700);
      const error = await startEmbeddedPostgres({
        databaseDir: path.join(closed, 'app', '.data', 'postgres'),
        persistent: false,
      }).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(DatabaseStartError);
      const message = (error as Error).message;
      expect(message).toContain(`cannot enter ${closed}`);
      expect(message).toContain(`chmod o+x ${closed}`);
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
