import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Account → Sessions shows when each session was last used (decision 043). The sliding
// expiry moves only when under half of the 7-day idle window is left, so it tells the last use to
// within 3.5 days, and not at all once the 30-day cap stops it: a column of its own, written at
// most every few minutes per session. Existing sessions start from their sign-in time.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions ADD COLUMN last_used_at timestamptz`.execute(db);
  await sql`UPDATE sessions SET last_used_at = created_at`.execute(db);
  await sql`ALTER TABLE sessions ALTER COLUMN last_used_at SET DEFAULT now(), ALTER COLUMN last_used_at SET NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sessions DROP COLUMN last_used_at`.execute(db);
}
