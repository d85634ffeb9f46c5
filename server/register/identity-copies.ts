import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, DbExecutor } from '../db/database.ts';
import { openBytes, type RegisterKey, sealBytes } from './crypto.ts';

// Identity copies sealed at rest (decision 069, after decision 058's identity number): the file's
// bytes are AES-256-GCM ciphertext in `data`, the IV, tag and key id beside them, the row's id as
// additional data. Rows uploaded before the copies were sealed have the three empty: the app
// seals them when it starts (sealClearIdentityCopies), and register-rekey does too.

const SEAL_BATCH_SIZE = 50;

export interface StoredIdentityCopy {
  filename: string;
  contentType: string;
  bytes: number;
  uploadedBy: string;
}

/** Seals the file under the register key and stores it; answers the new row's id. */
export async function storeIdentityCopy(
  db: DbExecutor,
  key: RegisterKey,
  copy: StoredIdentityCopy,
  data: Buffer,
): Promise<string> {
  const id = randomUUID();
  const sealed = sealBytes(key, data, id);
  await db
    .insertInto('identity_copies')
    .values({
      id,
      filename: copy.filename,
      content_type: copy.contentType,
      bytes: copy.bytes,
      data: sealed.ciphertext,
      data_iv: sealed.iv,
      data_tag: sealed.tag,
      data_key_id: sealed.keyId,
      uploaded_by: copy.uploadedBy,
    })
    .execute();
  return id;
}

/** The sealed columns of a row, or null for a row still in clear. */
export function sealedCopyOf(row: {
  data: Buffer;
  data_iv: Buffer | null;
  data_tag: Buffer | null;
  data_key_id: string | null;
}) {
  if (row.data_iv === null || row.data_tag === null || row.data_key_id === null) return null;
  return { ciphertext: row.data, iv: row.data_iv, tag: row.data_tag, keyId: row.data_key_id };
}

/**
 * The copy of a purchase, opened with the register key; null when the purchase has none. A copy
 * sealed under another key throws RegisterKeyError.
 */
export async function openIdentityCopy(
  db: DbExecutor,
  key: RegisterKey,
  purchaseId: string,
): Promise<{ filename: string; contentType: string; data: Buffer } | null> {
  const row = await db
    .selectFrom('purchase_records as p')
    .innerJoin('identity_copies as c', 'c.id', 'p.id_upload_id')
    .select(['c.id', 'c.filename', 'c.content_type', 'c.data', 'c.data_iv', 'c.data_tag', 'c.data_key_id'])
    .where('p.id', '=', purchaseId)
    .executeTakeFirst();
  if (!row) return null;
  const sealed = sealedCopyOf(row);
  // A row not sealed yet (uploaded before decision 069, the start-up's pass still to run).
  const data = sealed ? openBytes(key, sealed, row.id) : row.data;
  return { filename: row.filename, contentType: row.content_type, data };
}

/**
 * Seals every copy still in clear under `key`, a batch per transaction with the rows locked and
 * those another process is sealing skipped; a sealed row is never selected again, so running it
 * twice, or in two processes at once, seals each row once. Answers how many it sealed.
 */
export async function sealClearIdentityCopies(
  db: Database,
  key: RegisterKey,
  { batchSize = SEAL_BATCH_SIZE }: { batchSize?: number } = {},
): Promise<number> {
  let sealedCount = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('identity_copies')
        .select(['id', 'data'])
        .where('data_key_id', 'is', null)
        .orderBy('id')
        .limit(batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      for (const row of rows) {
        const sealed = sealBytes(key, row.data, row.id);
        await trx
          .updateTable('identity_copies')
          .set({
            data: sealed.ciphertext,
            data_iv: sealed.iv,
            data_tag: sealed.tag,
            data_key_id: sealed.keyId,
          })
          .where('id', '=', row.id)
          .where('data_key_id', 'is', null)
          .execute();
      }
      return rows.length;
    });
    sealedCount += done;
    if (done < batchSize) return sealedCount;
  }
}

/**
 * The start-up's pass: seals the copies still in clear once the migration that added the sealed
 * columns has run (a server may start before `npm run db:migrate`; then the next start does it).
 * Checks the column rather than the migration files, which a bundled worker cannot load.
 */
export async function sealIdentityCopiesAtStart(db: Database, key: RegisterKey): Promise<number> {
  const migrated = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM information_schema.columns
    WHERE table_schema = current_schema() AND table_name = 'identity_copies' AND column_name = 'data_key_id'`.execute(
    db,
  );
  if ((migrated.rows[0]?.n ?? 0) === 0) return 0;
  return sealClearIdentityCopies(db, key);
}
