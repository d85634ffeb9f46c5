import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 054: a template built with the block editor keeps its blocks as JSON beside the HTML
// rendered from them, so every sending path keeps reading html_content. NULL: custom HTML (every
// template before this migration). Nullable without a default: added without rewriting the table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates ADD COLUMN blocks jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates DROP COLUMN blocks`.execute(db);
}
