import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 083: photos go to a store every process reaches, not to the disk of the process that
// took them. Two new drivers for `uploads.driver`: 'postgres' (the bytes in `stored_files`, one
// row per storage key) and 's3' (an S3-compatible bucket). The bytes are re-encoded JPEG/PNG/WebP,
// already compressed: EXTERNAL storage keeps them out of line (TOAST) without trying pglz on each.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE uploads DROP CONSTRAINT uploads_driver_check`.execute(db);
  await sql`
    ALTER TABLE uploads ADD CONSTRAINT uploads_driver_check
      CHECK (driver IN ('local', 'uploadthing', 'postgres', 's3'))`.execute(db);
  await sql`
    CREATE TABLE stored_files (
      key text PRIMARY KEY,
      content_type text NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`ALTER TABLE stored_files ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
}

// Rows on the new drivers would break the old constraint: going down refuses rather than lose them.
export async function down(db: Kysely<any>): Promise<void> {
  const moved = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM uploads WHERE driver IN ('postgres', 's3')`.execute(db);
  if ((moved.rows[0]?.n ?? 0) > 0)
    throw new Error("uploads has photos on the 'postgres' or 's3' store: move them to local disk first");
  await sql`DROP TABLE stored_files`.execute(db);
  await sql`ALTER TABLE uploads DROP CONSTRAINT uploads_driver_check`.execute(db);
  await sql`
    ALTER TABLE uploads ADD CONSTRAINT uploads_driver_check CHECK (driver IN ('local', 'uploadthing'))`.execute(
    db,
  );
}
