import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 057: a member may have a display name, shown wherever the admin names a member (Team,
// the enquiry desk's assignee). Optional, so NULL is "no name" and every screen falls back to the
// address; an invitation may carry the name the member starts with.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN name text NULL`.execute(db);
  await sql`ALTER TABLE team_invitations ADD COLUMN name text NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE team_invitations DROP COLUMN name`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN name`.execute(db);
}
