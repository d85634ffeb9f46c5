import { type Kysely, sql } from 'kysely';

// Decision 029: a new authenticator waits in pending_secret until its first code confirms it; the
// factor in use (secret, enabled_at) stays in force meanwhile, so starting a new enrolment never
// turns two-factor sign-in off.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE user_two_factor ADD COLUMN pending_secret bytea`.execute(db);
  // An enrolment started before this migration and not yet confirmed waits in `secret`.
  await sql`UPDATE user_two_factor SET pending_secret = secret WHERE enabled_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE user_two_factor DROP COLUMN pending_secret`.execute(db);
}
