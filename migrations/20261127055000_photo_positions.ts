import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 026: an enquiry's photos are listed in the order the seller arranged them on the sell
// form, not the order their uploads finished. `position` is the photo's place in its enquiry (0 is
// the first), set when the photo is attached; a photo added later (an e-mailed reply, filed mail)
// goes after the others. Photos attached before this keep the order they were listed in
// (created_at, then id). An unattached upload has none.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE uploads
      ADD COLUMN position smallint CONSTRAINT uploads_position_not_negative CHECK (position >= 0)`.execute(
    db,
  );
  await sql`
    UPDATE uploads u SET position = o.position
    FROM (
      SELECT id, (row_number() OVER (PARTITION BY enquiry_id ORDER BY created_at, id) - 1) AS position
      FROM uploads WHERE enquiry_id IS NOT NULL
    ) o
    WHERE u.id = o.id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE uploads DROP COLUMN position`.execute(db);
}
