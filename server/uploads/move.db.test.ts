import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeS3, startFakeS3 } from '#test/support/fake-s3.ts';
import { runAdminCommand, UsageError } from '../cli/admin-commands.ts';
import { createLocalStorage, createPostgresStorage, createS3Storage, newStorageKey } from './storage.ts';

const t = useTestDatabase();
const actor = { id: null, email: 'cli (test)', ip: null };
let dataDir: string;
let s3: FakeS3;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'files-move-'));
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A photo row on local disk with its file; `withFile: false` is a row whose file is on another host. */
async function localPhoto(body: string, { withFile = true } = {}) {
  const key = newStorageKey('jpg');
  if (withFile)
    await createLocalStorage(path.join(dataDir, 'uploads')).put(key, Buffer.from(body), 'image/jpeg');
  const row = await t.db
    .insertInto('uploads')
    .values({
      driver: 'local',
      storage_key: key,
      content_type: 'image/jpeg',
      bytes: body.length,
      width: 1,
      height: 1,
      sha256: 'a'.repeat(64),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, key, body };
}

async function move(...args: string[]) {
  const lines: string[] = [];
  await runAdminCommand(t.db, ['files:move', ...args], (line) => lines.push(line), undefined, actor, {
    DATA_DIR: dataDir,
    ...s3.env,
  });
  return lines;
}

const driverOf = async (id: string) =>
  (await t.db.selectFrom('uploads').select('driver').where('id', '=', id).executeTakeFirstOrThrow()).driver;

describe('npm run admin -- files:move', () => {
  it('moves local photos into postgres, then on to s3, leaving no copy behind', async () => {
    const photos = [await localPhoto('first'), await localPhoto('second'), await localPhoto('third')];
    // A second run after a stop between "written to the target" and "row switched" (decision 083).
    await createPostgresStorage(t.db).put(photos[2]!.key, Buffer.from('third'), 'image/jpeg');
    const elsewhere = await localPhoto('on another host', { withFile: false });

    expect(await move('--to', 'postgres')).toEqual([
      'Moved 3 photo(s) from local to postgres.',
      'Not in the local store here: 1; run the command on the host that kept them (another DATA_DIR).',
    ]);
    for (const photo of photos) {
      expect(await driverOf(photo.id)).toBe('postgres');
      expect((await createPostgresStorage(t.db).get(photo.key))?.toString()).toBe(photo.body);
    }
    expect(await driverOf(elsewhere.id)).toBe('local');
    expect(await readdir(path.join(dataDir, 'uploads'))).toEqual([]);

    expect(await move('--from', 'postgres', '--to', 's3')).toEqual(['Moved 3 photo(s) from postgres to s3.']);
    for (const photo of photos) {
      expect(await driverOf(photo.id)).toBe('s3');
      expect((await createS3Storage(s3.settings).get(photo.key))?.toString()).toBe(photo.body);
      expect(await createPostgresStorage(t.db).get(photo.key)).toBeNull();
    }

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['summary', 'actor_email'])
      .where('action', '=', 'cli.filesMove')
      .orderBy('created_at')
      .execute();
    expect(audit.map((row) => row.summary)).toEqual([
      { from: 'local', to: 'postgres', moved: 3, missing: 1 },
      { from: 'postgres', to: 's3', moved: 3, missing: 0 },
    ]);
    expect(audit[0]?.actor_email).toBe('cli (test)');
  });

  it('refuses an unknown store and a move onto itself, naming the flag', async () => {
    await expect(move('--to', 'disk')).rejects.toThrow(UsageError);
    await expect(move('--to', 'disk')).rejects.toThrow('--to needs one of: local, postgres, s3');
    await expect(move('--from', 's3', '--to', 's3')).rejects.toThrow('--from and --to name the same store');
  });
});
