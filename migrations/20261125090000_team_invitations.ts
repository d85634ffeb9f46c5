import { type Kysely, sql } from 'kysely';

// Decision 030: invitations to the team by e-mail, and the Owner's "require two-factor
// sign-in for all members" setting. An invitation keeps only the SHA-256 of its link's token; it
// is pending until accepted, revoked or past expires_at (72 hours).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE team_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'marketer', 'buyer', 'viewer')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      accepted_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
      revoked_at timestamptz
    )`.execute(db);
  // One open invitation per address: resending replaces its link rather than adding another.
  await sql`
    CREATE UNIQUE INDEX team_invitations_open_email
    ON team_invitations (lower(email)) WHERE accepted_at IS NULL AND revoked_at IS NULL`.execute(db);
  await sql`
    ALTER TABLE settings ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE settings DROP COLUMN require_two_factor`.execute(db);
  await sql`DROP TABLE team_invitations`.execute(db);
}
