import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createUploadStorage, localUploadDir, newStorageKey } from './storage.ts';
import { baseEnvSchema, localFileStoreWarning, parseEnv, resolveFileStore } from '../config/env.ts';

describe('storage selection', () => {
  const env = (vars: Record<string, string>) => parseEnv(baseEnvSchema, vars);

  it('defaults to postgres with DATABASE_URL, local without, and UploadThing with its token', () => {
    // Decision 083: several processes share a DATABASE_URL, never a disk.
    expect(resolveFileStore(env({ DATABASE_URL: 'postgres://db.example/watch' }))).toBe('postgres');
    expect(resolveFileStore(env({}))).toBe('local');
    expect(resolveFileStore(env({ UPLOADTHING_TOKEN: 'eyJhcGlLZXkiOiJza19saXZlXzEyMyJ9' }))).toBe(
      'uploadthing',
    );
    expect(resolveFileStore(env({ DATABASE_URL: 'postgres://db.example/watch', FILE_STORE: 'local' }))).toBe(
      'local',
    );
  });

  it('warns when processes sharing a DATABASE_URL keep photos on their own disks', () => {
    const shared = env({ DATABASE_URL: 'postgres://db.example/watch', FILE_STORE: 'local' });
    expect(localFileStoreWarning(shared)).toMatch(
      /^FILE_STORE=local with DATABASE_URL: .*files:move --to postgres/,
    );
    expect(localFileStoreWarning(env({ DATABASE_URL: 'postgres://db.example/watch' }))).toBeNull();
    // The embedded start is one process on one disk.
    expect(localFileStoreWarning(env({}))).toBeNull();
  });

  it('refuses FILE_STORE=s3 without a bucket and half a key pair, naming the variables', () => {
    expect(() => env({ FILE_STORE: 's3' })).toThrow(/S3_BUCKET: required with FILE_STORE=s3/);
    expect(() => env({ S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'AKIA' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set both/,
    );
    expect(() => env({ FILE_STORE: 'uploadthing' })).toThrow(/UPLOADTHING_TOKEN: required/);
  });

  it('sends new photos to the selected driver but reads each from the one that stored it', () => {
    const local = createUploadStorage({ dataDir: '/srv/data', uploadthingToken: null });
    expect(local.current.kind).toBe('local');
    expect(local.driverFor('local').kind).toBe('local');
    expect(() => local.driverFor('uploadthing')).toThrow(/UPLOADTHING_TOKEN is not configured/);
    expect(() => local.driverFor('s3')).toThrow(/S3_BUCKET and the other S3_ variables is not configured/);

    const remote = createUploadStorage({
      dataDir: '/srv/data',
      uploadthingToken: 'token',
      fileStore: 'uploadthing',
    });
    expect(remote.current.kind).toBe('uploadthing');
    // Photos stored on disk before the switch stay readable.
    expect(remote.driverFor('local').kind).toBe('local');
    expect(remote.driverFor('uploadthing').kind).toBe('uploadthing');
  });

  it('keeps local files under DATA_DIR/uploads', () => {
    expect(localUploadDir({ dataDir: '/srv/data' })).toBe(path.join('/srv/data', 'uploads'));
  });
});

describe('local storage driver', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes, reads and deletes private files under random names', async () => {
    const storage = createLocalStorage(path.join(dir, 'uploads'));
    const key = newStorageKey('jpg');
    expect(key).toMatch(/^[0-9a-f-]{36}\.jpg$/);
    await storage.put(key, Buffer.from('bytes'), 'image/jpeg');
    expect((await storage.get(key))?.toString()).toBe('bytes');
    expect((await stat(path.join(dir, 'uploads', key))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(dir, 'uploads'))).mode & 0o777).toBe(0o700);
    // Never overwrites: a key collision is an error, not a silent replacement.
    await expect(storage.put(key, Buffer.from('other'), 'image/jpeg')).rejects.toThrow(/EEXIST/);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    expect(await readdir(path.join(dir, 'uploads'))).toEqual([]);
  });

  it('refuses keys it did not make (no path traversal)', async () => {
    const storage = createLocalStorage(path.join(dir, 'uploads'));
    for (const key of ['../secret.jpg', '/etc/passwd', 'photo.jpg', `${newStorageKey('jpg')}/x`, 'a.html']) {
      await expect(storage.get(key)).rejects.toThrow(/Invalid storage key/);
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/Invalid storage key/);
    }
  });
});
