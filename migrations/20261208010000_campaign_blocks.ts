import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 092: a campaign made from blocks keeps them as JSON beside the HTML rendered from them,
// as a template does (decision 054), so the sending engine keeps reading html_content. NULL: custom
// HTML (every campaign before this migration). Nullable without a default: no table rewrite.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_campaigns ADD COLUMN blocks jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_campaigns DROP COLUMN blocks`.execute(db);
}
