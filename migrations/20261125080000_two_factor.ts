import { type Kysely, sql } from 'kysely';

// Decision 029: TOTP second factor (RFC 6238) and its one-time recovery codes.
// last_used_step refuses a code's replay within its window; recovery codes are stored as SHA-256.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE user_two_factor (
      user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      secret bytea NOT NULL,
      enabled_at timestamptz,
      last_used_step bigint NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE two_factor_recovery_codes (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz,
      PRIMARY KEY (user_id, code_hash)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE two_factor_recovery_codes`.execute(db);
  await sql`DROP TABLE user_two_factor`.execute(db);
}
