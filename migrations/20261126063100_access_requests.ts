import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 047: an open sign-up is a request for access that the Owner approves with a role or
// dismisses on the Team page. One row per account that asked, keyed by the account, so approving
// (a role row) and dismissing (the account goes) both end it, and a removed account takes it along.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE access_requests (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Accounts that signed up before this table existed and never were members: no role, never
  // signed in or named by a Team action, and not made by an invitation. Former members stay out.
  await sql`
    INSERT INTO access_requests (user_id, created_at)
    SELECT u.id, u.created_at FROM users u
    WHERE NOT EXISTS (SELECT 1 FROM user_roles r WHERE r.user_id = u.id)
      AND NOT EXISTS (SELECT 1 FROM team_invitations i WHERE i.accepted_user_id = u.id)
      AND NOT EXISTS (
        SELECT 1 FROM audit_log a
        WHERE a.actor_id = u.id OR (a.entity_type = 'team' AND a.entity_id = u.id::text))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE access_requests`.execute(db);
}
