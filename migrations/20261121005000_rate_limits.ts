import { type Kysely, sql } from 'kysely';

// Rate-limit counters live in PostgreSQL so every server process shares them (decision 019).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE rate_limits (
      key text NOT NULL,
      window_start timestamptz NOT NULL,
      count integer NOT NULL DEFAULT 0,
      expires_at timestamptz NOT NULL,
      PRIMARY KEY (key, window_start)
    )`.execute(db);
  await sql`CREATE INDEX rate_limits_expires_at_idx ON rate_limits (expires_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').ifExists().execute();
}
