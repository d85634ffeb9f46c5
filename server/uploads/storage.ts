import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { UTApi, UTFile } from 'uploadthing/server';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { AppConfig, S3Settings } from '../config/app-config.ts';
import type { UploadDriver } from '../db/column-types.ts';
import type { DbExecutor } from '../db/database.ts';

export type StorageDriverKind = UploadDriver;

/** Where photo bytes live (decision 083). Rows in `uploads` name the driver that stored each file. */
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

/** Photo bytes in `stored_files`, in the database every server and the worker share (decision 083). */
export function createPostgresStorage(db: DbExecutor): StorageDriver {
  return {
    kind: 'postgres',
    async put(key, data, contentType) {
      assertKey(key);
      // A key is new by construction (a random UUID): an existing one is a bug, and fails here.
      await db.insertInto('stored_files').values({ key, content_type: contentType, data }).execute();
    },
    async get(key) {
      assertKey(key);
      const row = await db
        .selectFrom('stored_files')
        .select('data')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.data ?? null;
    },
    async delete(key) {
      assertKey(key);
      await db.deleteFrom('stored_files').where('key', '=', key).execute();
    },
  };
}

/**
 * Photo bytes in an S3-compatible bucket, private (no ACL is set; the bucket's default is private),
 * read back by the server like every other store. Checksums only where the service requires them:
 * S3-compatible services (and the test's local one) do not all take the SDK's default trailers.
 */
export function createS3Storage(settings: S3Settings): StorageDriver {
  // Imported on first use, like UploadThing's SDK: most deployments never need it.
  let client: Promise<{ s3: S3Sdk.S3Client; sdk: typeof S3Sdk }> | null = null;
  const load = () =>
    (client ??= import('@aws-sdk/client-s3').then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: settings.region,
        ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
        forcePathStyle: settings.forcePathStyle,
        ...(settings.credentials ? { credentials: settings.credentials } : {}),
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, data, contentType) {
      assertKey(key);
      const { s3, sdk } = await load();
      await s3.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      assertKey(key);
      const { s3, sdk } = await load();
      try {
        const object = await s3.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (
          error instanceof sdk.NoSuchKey ||
          (error instanceof sdk.S3ServiceException && error.$metadata.httpStatusCode === 404)
        )
          return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      const { s3, sdk } = await load();
      // Deleting a missing object succeeds on S3, as the interface asks.
      await s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

export function localUploadDir(config: Pick<AppConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'uploads');
}

type StorageConfig = Pick<AppConfig, 'dataDir' | 'uploadthingToken'> &
  Partial<Pick<AppConfig, 'fileStore' | 's3'>>;

/** The clients worth building once per process: UploadThing's and S3's. */
const remoteByConfig = new WeakMap<
  StorageConfig,
  { uploadthing: StorageDriver | null; s3: StorageDriver | null }
>();

function remoteDriversFor(config: StorageConfig) {
  let remote = remoteByConfig.get(config);
  if (!remote) {
    remote = {
      uploadthing: config.uploadthingToken ? createUploadThingStorage(config.uploadthingToken) : null,
      s3: config.s3 ? createS3Storage(config.s3) : null,
    };
    remoteByConfig.set(config, remote);
  }
  return remote;
}

const MISSING: Record<StorageDriverKind, string> = {
  local: 'DATA_DIR',
  postgres: 'a database',
  s3: 'S3_BUCKET and the other S3_ variables',
  uploadthing: 'UPLOADTHING_TOKEN',
};

/**
 * The store FILE_STORE names for new photos, and every configured one for the photos stored
 * before a switch. `db` is the postgres store's connection (a transaction puts the bytes in it).
 */
export function createUploadStorage(config: StorageConfig, db?: DbExecutor): UploadStorage {
  const remote = remoteDriversFor(config);
  const drivers: Record<StorageDriverKind, StorageDriver | null> = {
    local: createLocalStorage(localUploadDir(config)),
    postgres: db ? createPostgresStorage(db) : null,
    s3: remote.s3,
    uploadthing: remote.uploadthing,
  };
  const driverFor = (kind: StorageDriverKind): StorageDriver => {
    const driver = drivers[kind];
    if (!driver)
      throw new Error(`This photo is stored on the '${kind}' store, but ${MISSING[kind]} is not configured`);
    return driver;
  };
  return { current: driverFor(config.fileStore ?? 'local'), driverFor };
}

/** The storage of this process's configuration over its database (or a transaction of it). */
export function uploadStorageFor({ config, db }: { config: AppConfig; db: DbExecutor }): UploadStorage {
  return createUploadStorage(config, db);
}

/**
 * The files of photo rows already deleted (after their transaction commits): a failure here leaves
 * an orphan file under a random name, never a row pointing at a missing file. Used by enquiry
 * retention and contact erasure.
 */
export async function deletePhotoFiles(
  storage: UploadStorage,
  photos: ReadonlyArray<{ driver: StorageDriverKind; storage_key: string }>,
): Promise<void> {
  for (const photo of photos) await storage.driverFor(photo.driver).delete(photo.storage_key);
}
