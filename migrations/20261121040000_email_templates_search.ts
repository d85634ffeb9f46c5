import { type Kysely, sql } from 'kysely';

// The template grid's search is a case-insensitive "contains" on three columns (decision 021:
// such searches get a trigram index). pg_trgm is created by the initial schema.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX email_templates_name_trgm_idx ON email_templates USING gin (template_name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX email_templates_subject_trgm_idx ON email_templates USING gin (subject gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX email_templates_description_trgm_idx ON email_templates USING gin (description gin_trgm_ops)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'email_templates_description_trgm_idx',
    'email_templates_subject_trgm_idx',
    'email_templates_name_trgm_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
}
