import { type Kysely, sql } from 'kysely';

// One merge model (docs/decisions/011-merge-variables.md): a template keeps default values for its
// custom variables, and a campaign carries the values it sends with. A campaign made from a template
// before this migration takes the template's defaults, which are empty until an admin fills them:
// the campaign form then names each tag that still needs a value.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates ADD COLUMN variable_defaults jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(
    db,
  );
  await sql`ALTER TABLE email_campaigns ADD COLUMN variables jsonb NOT NULL DEFAULT '{}'::jsonb`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_campaigns DROP COLUMN IF EXISTS variables`.execute(db);
  await sql`ALTER TABLE email_templates DROP COLUMN IF EXISTS variable_defaults`.execute(db);
}
