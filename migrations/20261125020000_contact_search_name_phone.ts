import { type Kysely, sql } from 'kysely';

// Contacts are searched by e-mail, name and phone (decision 021). One trigram index over one
// expression replaces the e-mail-only index rather than adding two more: every sell-form submission
// writes each GIN index on leads, and a second and third index would add their writes to every
// submission. The phone is indexed as its digits, so "0412 345 678", "0412-345-678" and
// "0412345678" find the same contact. The function is IMMUTABLE (regexp_replace and coalesce are)
// so the planner matches the query's expression to the index's.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION contact_search_text(email text, full_name text, phone text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN email || ' ' || coalesce(full_name, '') || ' ' || coalesce(regexp_replace(phone, '\\D', '', 'g'), '')
  `.execute(db);
  await sql`
    CREATE INDEX leads_search_trgm_idx ON leads
    USING gin (contact_search_text(email, full_name, phone) gin_trgm_ops)
    WITH (gin_pending_list_limit = 256)
  `.execute(db);
  await sql`DROP INDEX leads_email_trgm_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`CREATE INDEX leads_email_trgm_idx ON leads USING gin (email gin_trgm_ops) WITH (gin_pending_list_limit = 256)`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS leads_search_trgm_idx`.execute(db);
  await sql`DROP FUNCTION IF EXISTS contact_search_text(text, text, text)`.execute(db);
}
