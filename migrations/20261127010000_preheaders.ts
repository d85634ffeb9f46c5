import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 011: a template and a campaign may carry a preheader, the line a mail client shows
// after the subject in the inbox list, with merge tags like the subject. '' (the default, and
// every row before this migration) means none. NOT NULL with '' rather than NULL: "no preheader"
// has one value, not two, and a constant default is added without rewriting the table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates ADD COLUMN preheader text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE email_campaigns ADD COLUMN preheader text NOT NULL DEFAULT ''`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_campaigns DROP COLUMN preheader`.execute(db);
  await sql`ALTER TABLE email_templates DROP COLUMN preheader`.execute(db);
}
