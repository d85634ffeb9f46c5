import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 035: a finished import links to its contacts (the contacts list's `import` filter). A
// join table rather than a column on leads: a contact can be in several imports, and a column
// would only say the last one (a second import would hide the contact from the first's list). Each
// row is a contact the import created, updated or found unchanged; skipped rows are in
// contact_import_rejections. Both sides cascade: the 30-day retention of an import removes its
// links with it, and erasing a contact (decision 036) removes theirs, through the contact_id index.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE contact_import_rows (
      import_id uuid NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
      contact_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      PRIMARY KEY (import_id, contact_id)
    )`.execute(db);
  await sql`CREATE INDEX contact_import_rows_contact_idx ON contact_import_rows (contact_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS contact_import_rows`.execute(db);
}
