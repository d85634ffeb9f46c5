import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 074: the mailbox provider of each recipient domain outside the known table, from its MX
// hosts, looked up by the `deliverability.mx-lookup` job and kept here, one row per domain. A
// failed lookup keeps its error and is tried again after a day; a found one after thirty.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE email_domain_providers (
      domain text PRIMARY KEY,
      provider text NOT NULL CONSTRAINT email_domain_providers_provider
        CHECK (provider IN ('gmail', 'outlook', 'yahoo', 'icloud', 'bigpond', 'optus', 'other')),
      mx_hosts text[] NOT NULL DEFAULT '{}',
      error text,
      looked_up_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE email_domain_providers`.execute(db);
}
