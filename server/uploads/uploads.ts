import type { UploadedPhoto } from '#shared/uploads/schema.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { makeThumbnail, type ProcessedPhoto } from './image.ts';
import { newStorageKey, type StorageDriverKind, type UploadStorage } from './storage.ts';

export interface PhotoOrigin {
  originalName: string | null;
  ip: string | null;
}

/** Stores the file first and the row second, so a row never points at a missing file. */
export async function savePhoto(
  db: DbExecutor,
  storage: UploadStorage,
  photo: ProcessedPhoto,
  origin: PhotoOrigin,
): Promise<UploadedPhoto> {
  const driver = storage.current;
  const key = newStorageKey(photo.extension);
  await driver.put(key, photo.data, photo.contentType);
  try {
    const row = await db
      .insertInto('uploads')
      .values({
        driver: driver.kind,
        storage_key: key,
        original_name: origin.originalName?.slice(0, 255) ?? null,
        content_type: photo.contentType,
        bytes: photo.data.length,
        width: photo.width,
        height: photo.height,
        sha256: photo.sha256,
        uploader_ip: origin.ip,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      id: row.id,
      contentType: photo.contentType,
      bytes: photo.data.length,
      width: photo.width,
      height: photo.height,
    };
  } catch (error) {
    await driver.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Removes unattached uploads (a multi-file request that failed part-way). */
export async function discardUploads(db: Database, storage: UploadStorage, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const removed = await db
    .deleteFrom('uploads')
    .where('id', 'in', ids)
    .where('enquiry_id', 'is', null)
    .returning(['driver', 'storage_key'])
    .execute();
  await deleteFiles(storage, removed);
}

export interface StoredUpload {
  id: string;
  driver: StorageDriverKind;
  storageKey: string;
  contentType: string;
  enquiryId: string | null;
  /** The file name the seller's device gave, when it was printable text; null otherwise. */
  originalName: string | null;
}

export async function findUpload(db: DbExecutor, id: string): Promise<StoredUpload | null> {
  const row = await db
    .selectFrom('uploads')
    .select(['id', 'driver', 'storage_key', 'content_type', 'enquiry_id', 'original_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        id: row.id,
        driver: row.driver,
        storageKey: row.storage_key,
        contentType: row.content_type,
        enquiryId: row.enquiry_id,
        originalName: row.original_name,
      }
    : null;
}

/** Unattached photos are kept this long: enough to finish the form, short enough to hold no strays. */
export const UNATTACHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes photos never attached to an enquiry within the TTL. Rows go first (DELETE ... RETURNING), so
 * an enquiry attaching one at the same moment either wins (the row keeps its enquiry) or finds it gone;
 * it can never end up pointing at a deleted file. SKIP LOCKED lets several workers share the work.
 */
export async function deleteStaleUploads(
  db: Database,
  storage: UploadStorage,
  { now = new Date(), batchSize = 500 }: { now?: Date; batchSize?: number } = {},
): Promise<number> {
  const cutoff = new Date(now.getTime() - UNATTACHED_UPLOAD_TTL_MS);
  let total = 0;
  for (;;) {
    const removed = await db
      .deleteFrom('uploads')
      .where(
        'id',
        'in',
        db
          .selectFrom('uploads')
          .select('id')
          .where('enquiry_id', 'is', null)
          .where('created_at', '<', cutoff)
          .orderBy('created_at')
          .limit(batchSize)
          .forUpdate()
          .skipLocked(),
      )
      // Re-checked here: the row may have been attached between the sub-select and the delete.
      .where('enquiry_id', 'is', null)
      .returning(['driver', 'storage_key'])
      .execute();
    await deleteFiles(storage, removed);
    total += removed.length;
    if (removed.length < batchSize) return total;
  }
}

async function deleteFiles(
  storage: UploadStorage,
  rows: Array<{ driver: StorageDriverKind; storage_key: string }>,
): Promise<void> {
  for (const row of rows) await storage.driverFor(row.driver).delete(row.storage_key);
}

/**
 * A photo's thumbnail: read from the database, or made from the stored photo on first view and
 * kept (decision 009). Null when the photo's file is gone. Two first views at once both make it;
 * the second insert does nothing.
 */
export async function thumbnailFor(
  db: DbExecutor,
  storage: UploadStorage,
  upload: StoredUpload,
): Promise<{ data: Buffer; contentType: string } | null> {
  const kept = await db
    .selectFrom('upload_thumbnails')
    .select(['data', 'content_type'])
    .where('upload_id', '=', upload.id)
    .executeTakeFirst();
  if (kept) return { data: kept.data, contentType: kept.content_type };
  const photo = await storage.driverFor(upload.driver).get(upload.storageKey);
  if (!photo) return null;
  const thumbnail = await makeThumbnail(photo);
  // Through the photo's row, so a photo deleted meanwhile (retention) leaves no orphan behind.
  await db
    .insertInto('upload_thumbnails')
    .columns(['upload_id', 'content_type', 'data'])
    .expression((eb) =>
      eb
        .selectFrom('uploads')
        .select((s) => [
          'id',
          s.val(thumbnail.contentType).as('content_type'),
          s.val(thumbnail.data).as('data'),
        ])
        .where('id', '=', upload.id),
    )
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .execute();
  return thumbnail;
}
