import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 032: segments are saved conditions (data, compiled to SQL by the
// server); a campaign names its segment and, once sent, keeps a copy of the segment as it was.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE segments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (name = btrim(name) AND length(name) BETWEEN 1 AND 100),
      match text NOT NULL CHECK (match IN ('all', 'any')),
      conditions jsonb NOT NULL CHECK (jsonb_typeof(conditions) = 'array'),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX segments_name_lower_key ON segments (lower(name))`.execute(db);

  // A deleted segment leaves sent campaigns their copy; the server refuses to delete one that a
  // draft or scheduled campaign still names.
  await sql`
    ALTER TABLE email_campaigns
      ADD COLUMN segment_id uuid REFERENCES segments (id) ON DELETE SET NULL,
      ADD COLUMN segment_snapshot jsonb`.execute(db);
  await sql`CREATE INDEX email_campaigns_segment_idx ON email_campaigns (segment_id) WHERE segment_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS email_campaigns_segment_idx`.execute(db);
  await sql`ALTER TABLE email_campaigns DROP COLUMN segment_id, DROP COLUMN segment_snapshot`.execute(db);
  await db.schema.dropTable('segments').ifExists().execute();
}
