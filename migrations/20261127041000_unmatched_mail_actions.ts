import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 060: the "Unmatched mail" list's two actions. Filing a message on an enquiry by hand
// says who did it and when (`filed_by`, `filed_at`); dismissing one says who, when (the existing
// `dismissed_at`) and, optionally, why.
//
// Decision 058: an uploaded copy of the seller's identity document is kept privately here, never
// with the photos (whose table is served to every reader and pruned with its enquiry): the
// purchase record's `id_upload_id` now names a row of `identity_copies`. A copy no purchase names
// is removed by housekeeping, so it goes with its register entry at the end of the retention.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiry_incoming_messages
      ADD COLUMN filed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN filed_at timestamptz,
      ADD COLUMN dismissed_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD COLUMN dismiss_reason text`.execute(db);
  await sql`
    CREATE TABLE identity_copies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      filename text NOT NULL,
      content_type text NOT NULL,
      bytes integer NOT NULL,
      data bytea NOT NULL,
      uploaded_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    ALTER TABLE purchase_records
      DROP CONSTRAINT purchase_records_id_upload_id_fkey,
      ADD CONSTRAINT purchase_records_id_upload_id_fkey
        FOREIGN KEY (id_upload_id) REFERENCES identity_copies(id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX purchase_records_id_upload_idx ON purchase_records (id_upload_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX purchase_records_id_upload_idx`.execute(db);
  await sql`UPDATE purchase_records SET id_upload_id = NULL`.execute(db);
  await sql`
    ALTER TABLE purchase_records
      DROP CONSTRAINT purchase_records_id_upload_id_fkey,
      ADD CONSTRAINT purchase_records_id_upload_id_fkey
        FOREIGN KEY (id_upload_id) REFERENCES uploads(id) ON DELETE SET NULL`.execute(db);
  await sql`DROP TABLE identity_copies`.execute(db);
  await sql`
    ALTER TABLE enquiry_incoming_messages
      DROP COLUMN filed_by, DROP COLUMN filed_at, DROP COLUMN dismissed_by, DROP COLUMN dismiss_reason`.execute(
    db,
  );
}
