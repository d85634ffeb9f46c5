import { type Kysely, sql } from 'kysely';

// Decision 009: the inbox and the enquiry page show photos as thumbnails made once, on first
// view, from the stored photo; they go with their photo (retention, erasure) by the foreign key.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE upload_thumbnails (
      upload_id uuid PRIMARY KEY REFERENCES uploads (id) ON DELETE CASCADE,
      content_type text NOT NULL,
      data bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE upload_thumbnails`.execute(db);
}
