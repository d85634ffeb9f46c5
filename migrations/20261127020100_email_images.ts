import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 054: images an admin puts into a blocks template, kept as their e-mail variant (1200 px
// wide, for a 600 px column on a 2x screen) and served to anyone from the site's own address, as
// mail clients load them. Their own table, not uploads: a seller's photos stay private and are
// removed by retention; an image in a sent campaign must outlive both.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE email_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      content_type text NOT NULL,
      data bytea NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE email_images`.execute(db);
}
