import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 024: a template may carry its own plain-text part, written by hand; a
// campaign made from the template copies it as it copies the HTML. NULL (the default, and every
// row before this migration) means "generate the text from the HTML".
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates ADD COLUMN text_content text`.execute(db);
  await sql`ALTER TABLE email_campaigns ADD COLUMN text_content text`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_campaigns DROP COLUMN text_content`.execute(db);
  await sql`ALTER TABLE email_templates DROP COLUMN text_content`.execute(db);
}
