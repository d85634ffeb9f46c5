import type { Database } from '../db/database.ts';
import type { StorageDriverKind, UploadStorage } from './storage.ts';

export interface MoveCounts {
  moved: number;
  /** Rows whose bytes are not in the source store here (another host's disk): left as they were. */
  missing: number;
}

/**
 * Moves every photo of one store into another (decision 083), one at a time, each in three steps:
 * the bytes are written to the target, the row is switched to it, then the source copy is deleted.
 * Stopped at any point, nothing is lost and a second run finishes the job: a row still on the source
 * has its bytes there, and bytes already in the target under the same key are not written again.
 * Local files are only on the disk of the host that took them, so with several hosts the command
 * runs on each; the rows another host holds are counted as missing here.
 */
export async function moveStoredFiles(
  db: Database,
  storage: UploadStorage,
  from: StorageDriverKind,
  to: StorageDriverKind,
  { batchSize = 100 }: { batchSize?: number } = {},
): Promise<MoveCounts> {
  const source = storage.driverFor(from);
  const target = storage.driverFor(to);
  const counts: MoveCounts = { moved: 0, missing: 0 };
  // Keyset paging by id: rows left behind (missing) are passed over, never read twice.
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .selectFrom('uploads')
      .select(['id', 'storage_key', 'content_type'])
      .where('driver', '=', from)
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      after = row.id;
      const data = await source.get(row.storage_key);
      if (!data) {
        counts.missing += 1;
        continue;
      }
      const already = await target.get(row.storage_key);
      if (!already?.equals(data)) await target.put(row.storage_key, data, row.content_type);
      const switched = await db
        .updateTable('uploads')
        .set({ driver: to })
        .where('id', '=', row.id)
        .where('driver', '=', from)
        .executeTakeFirst();
      // A row deleted meanwhile (erasure, clean-up) leaves the copy just made with no owner.
      if (switched.numUpdatedRows === 0n) await target.delete(row.storage_key);
      else counts.moved += 1;
      await source.delete(row.storage_key);
    }
    if (rows.length < batchSize) return counts;
  }
}
