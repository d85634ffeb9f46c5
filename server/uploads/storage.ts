import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UTApi, UTFile } from 'uploadthing/server';
import type { AppConfig } from '../config/app-config.ts';

export type StorageDriverKind = 'local' | 'uploadthing';

/** Where photo bytes live. Rows in `uploads` name the driver that stored each file. */
export interface StorageDriver {
  readonly kind: StorageDriverKind;
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when the file is gone. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a file that is already gone is not an error. */
  delete(key: string): Promise<void>;
}

export interface UploadStorage {
  /** The driver new photos go to. */
  current: StorageDriver;
  /** Reads and deletes use the driver that stored the file, so switching drivers strands nothing. */
  driverFor(kind: StorageDriverKind): StorageDriver;
}

/** Random, meaningless file names: nothing about the seller or the original file leaks into storage. */
export function newStorageKey(extension: string): string {
  return `${randomUUID()}.${extension}`;
}

const KEY_PATTERN = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

function assertKey(key: string): void {
  // Keys are made by newStorageKey; anything else (a path, "..") is a bug or an attack.
  if (!KEY_PATTERN.test(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** Files under DATA_DIR/uploads: outside the web root, readable only by this user. */
export function createLocalStorage(dir: string): StorageDriver {
  return {
    kind: 'local',
    async put(key, data) {
      assertKey(key);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(path.join(dir, key), data, { flag: 'wx', mode: 0o600 });
    },
    async get(key) {
      assertKey(key);
      try {
        return await readFile(path.join(dir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      try {
        await unlink(path.join(dir, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    },
  };
}

/**
 * Files on UploadThing, uploaded by the server after the checks and re-encoding (so no original,
 * GPS-tagged file ever leaves this machine), private, and addressed by our own key as customId.
 * Reads go through a short-lived signed URL. It needs UploadThing's servers, so it is not exercised
 * by the offline tests.
 */
export function createUploadThingStorage(token: string): StorageDriver {
  // Imported on first use: the SDK is large and most deployments never need it.
  let api: Promise<{ utapi: UTApi; UTFile: typeof UTFile }> | null = null;
  const load = () =>
    (api ??= import('uploadthing/server').then(({ UTApi, UTFile }) => ({
      utapi: new UTApi({ token, logLevel: 'Error' }),
      UTFile,
    })));
  return {
    kind: 'uploadthing',
    async put(key, data, contentType) {
      assertKey(key);
      const { utapi, UTFile } = await load();
      const file = new UTFile([new Uint8Array(data)], key, { type: contentType, customId: key });
      const result = await utapi.uploadFiles(file, { acl: 'private', contentDisposition: 'inline' });
      if (result.error) throw new Error(`UploadThing upload failed: ${result.error.message}`);
    },
    async get(key) {
      assertKey(key);
      const { utapi } = await load();
      const { ufsUrl } = await utapi.generateSignedURL(key, { keyType: 'customId', expiresIn: 60 });
      const response = await fetch(ufsUrl);
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`UploadThing read failed with status ${response.status}`);
      return Buffer.from(await response.arrayBuffer());
    },
    async delete(key) {
      assertKey(key);
      const { utapi } = await load();
      await utapi.deleteFiles(key, { keyType: 'customId' });
    },
  };
}

/** UploadThing when a token is configured, otherwise local disk (decision 009). */
export function selectStorageKind(config: Pick<AppConfig, 'uploadthingToken'>): StorageDriverKind {
  return config.uploadthingToken ? 'uploadthing' : 'local';
}

export function localUploadDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

export function createUploadStorage(config: Pick<AppConfig, 'dataDir' | 'uploadthingToken'>): UploadStorage {
  const local = createLocalStorage(localUploadDir(config));
  const uploadthing = config.uploadthingToken ? createUploadThingStorage(config.uploadthingToken) : null;
  return {
    current: selectStorageKind(config) === 'uploadthing' && uploadthing ? uploadthing : local,
    driverFor(kind) {
      if (kind === 'local') return local;
      if (!uploadthing)
        throw new Error('This photo is stored on UploadThing, but UPLOADTHING_TOKEN is not configured');
      return uploadthing;
    },
  };
}

const storageByConfig = new WeakMap<AppConfig, UploadStorage>();

/** One storage per configuration, so the UploadThing client is built once per process. */
export function uploadStorageFor(config: AppConfig): UploadStorage {
  let storage = storageByConfig.get(config);
  if (!storage) {
    storage = createUploadStorage(config);
    storageByConfig.set(config, storage);
  }
  return storage;
}

/**
 * The files of photo rows already deleted (after their transaction commits): a failure here leaves
 * an orphan file under a random name, never a row pointing at a missing file. Used by enquiry
 * retention and contact erasure.
 */
export async function deletePhotoFiles(
  storage: UploadStorage,
  photos: ReadonlyArray<{ driver: 'local' | 'uploadthing'; storage_key: string }>,
): Promise<void> {
  for (const photo of photos) await storage.driverFor(photo.driver).delete(photo.storage_key);
}
