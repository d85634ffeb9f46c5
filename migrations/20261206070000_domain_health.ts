import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 073: the sending domain's last DNS check (SPF, DKIM, DMARC, MX), one row, so the server,
// the worker's daily job and every admin page read the same result. `report` is the checked list as
// JSON (shared/settings/domain-health.ts); the row is replaced by each check.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE domain_health (
      id boolean PRIMARY KEY DEFAULT true CONSTRAINT domain_health_single_row CHECK (id),
      checked_at timestamptz NOT NULL,
      report jsonb NOT NULL
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE domain_health`.execute(db);
}
