import { type Kysely, sql } from 'kysely';

// The contacts' e-mail trigram index is written by every sell-form submission. GIN puts new entries
// in a pending list, and the insert that fills it merges it into the index while its seller waits.
// At the default 4 MB (some 2,000 contacts), a burst of submissions stalled for 60-130 ms every
// couple of seconds, and every submission queued behind the merge with it (bench/lead-submit).
// A smaller list merges as often as needed in pieces a few milliseconds long; switching the list off
// instead costs every insert its own index writes (PostgreSQL time per submission doubled).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER INDEX leads_email_trgm_idx SET (gin_pending_list_limit = 256)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER INDEX leads_email_trgm_idx RESET (gin_pending_list_limit)`.execute(db);
}
