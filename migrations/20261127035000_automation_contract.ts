import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 061: what the flow engine, its triggers and its screens share. A flow's marketing send is
// tracked on its step row (the provider's message id, the first open and click), so branches and
// insight read one row; the weekly cap on marketing e-mail is one setting for campaigns and flows;
// a starter flow is known by a key so seeding it twice is a no-op.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE automation_run_steps
      ADD COLUMN provider_message_id text,
      ADD COLUMN opened_at timestamptz,
      ADD COLUMN clicked_at timestamptz`.execute(db);
  await sql`
    CREATE UNIQUE INDEX automation_run_steps_message ON automation_run_steps (provider_message_id)
      WHERE provider_message_id IS NOT NULL`.execute(db);
  await sql`
    ALTER TABLE settings ADD COLUMN weekly_marketing_cap integer NOT NULL DEFAULT 3
      CONSTRAINT settings_weekly_marketing_cap CHECK (weekly_marketing_cap BETWEEN 1 AND 50)`.execute(db);
  await sql`
    ALTER TABLE automation_flows
      ADD COLUMN description text NOT NULL DEFAULT '',
      ADD COLUMN starter_key text CONSTRAINT automation_flows_starter_key UNIQUE`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE automation_flows DROP COLUMN starter_key, DROP COLUMN description`.execute(db);
  await sql`ALTER TABLE settings DROP COLUMN weekly_marketing_cap`.execute(db);
  await sql`DROP INDEX automation_run_steps_message`.execute(db);
  await sql`
    ALTER TABLE automation_run_steps
      DROP COLUMN clicked_at, DROP COLUMN opened_at, DROP COLUMN provider_message_id`.execute(db);
}
