import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { type FakeS3, startFakeS3 } from '#test/support/fake-s3.ts';
import {
  createPostgresStorage,
  createS3Storage,
  createUploadStorage,
  newStorageKey,
  type StorageDriver,
} from './storage.ts';

const t = useTestDatabase();
let s3: FakeS3;

beforeAll(async () => {
  s3 = await startFakeS3();
});
afterAll(async () => {
  await s3?.close();
});

// The contract every store keeps (decision 083), run against each shared one.
const stores: Array<[string, () => StorageDriver]> = [
  ['postgres', () => createPostgresStorage(t.db)],
  ['s3', () => createS3Storage(s3.settings)],
];

describe.each(stores)('the %s store', (kind, make) => {
  it('gives back the exact bytes it was given, then nothing once deleted', async () => {
    const driver = make();
    expect(driver.kind).toBe(kind);
    const key = newStorageKey('jpg');
    // Every byte value, twice over, so no encoding step can pass unnoticed.
    const data = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
    await driver.put(key, data, 'image/jpeg');
    expect((await driver.get(key))?.equals(data)).toBe(true);
    await driver.delete(key);
    expect(await driver.get(key)).toBeNull();
    // Deleting what is already gone is not an error.
    await driver.delete(key);
  });

  it('answers null for a key it never stored and refuses keys it did not make', async () => {
    const driver = make();
    expect(await driver.get(newStorageKey('png'))).toBeNull();
    await expect(driver.get('../app-secret')).rejects.toThrow(/Invalid storage key/);
    await expect(driver.put('a/b.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      /Invalid storage key/,
    );
  });
});

describe('stores in use', () => {
  it('keeps a postgres photo in stored_files, one row per key', async () => {
    const storage = createUploadStorage(
      { dataDir: '/nonexistent', uploadthingToken: null, fileStore: 'postgres' },
      t.db,
    );
    expect(storage.current.kind).toBe('postgres');
    const key = newStorageKey('webp');
    await storage.current.put(key, Buffer.from('webp bytes'), 'image/webp');
    const row = await t.db
      .selectFrom('stored_files')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ content_type: 'image/webp', data: Buffer.from('webp bytes') });
    // A key is never overwritten.
    await expect(storage.current.put(key, Buffer.from('other'), 'image/webp')).rejects.toThrow(
      /stored_files_pkey/,
    );
  });

  it('reads a photo of the s3 store after a switch to postgres, where S3_BUCKET is still set', async () => {
    const before = createUploadStorage({
      dataDir: '/nonexistent',
      uploadthingToken: null,
      fileStore: 's3',
      s3: s3.settings,
    });
    const key = newStorageKey('jpg');
    await before.current.put(key, Buffer.from('on s3'), 'image/jpeg');
    const after = createUploadStorage(
      { dataDir: '/nonexistent', uploadthingToken: null, fileStore: 'postgres', s3: s3.settings },
      t.db,
    );
    expect(after.current.kind).toBe('postgres');
    expect((await after.driverFor('s3').get(key))?.toString()).toBe('on s3');
  });

  it('fails loudly, not with a missing photo, when the bucket cannot be reached', async () => {
    const driver = createS3Storage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(driver.get(newStorageKey('jpg'))).rejects.toThrow();
  });
});
