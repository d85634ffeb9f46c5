import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 065: a flow's marketing e-mail is sent like a campaign's, in batches at the provider's
// rate. The step row is the queued send (send_status), a batch row fixes its members, sender,
// content and idempotency key when claimed, and a lease lets another worker finish it after a
// kill. A new run wakes the worker at once (a notification per inserting statement). A reply
// sent by a flow is marked as such on the enquiry's timeline; an unsubscribe through a flow
// e-mail's link records the flow.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE automation_run_steps
      ADD COLUMN send_status text CONSTRAINT automation_run_steps_send_status
        CHECK (send_status IN ('queued', 'sending', 'sent', 'skipped', 'failed')),
      ADD COLUMN batch_id uuid,
      ADD COLUMN error text,
      ADD COLUMN sent_at timestamptz`.execute(db);
  await sql`
    CREATE INDEX automation_run_steps_queued ON automation_run_steps (done_at)
      WHERE send_status = 'queued'`.execute(db);
  await sql`
    CREATE INDEX automation_run_steps_batch ON automation_run_steps (batch_id)
      WHERE batch_id IS NOT NULL`.execute(db);
  // The weekly cap reads a contact's flow sends of every run, finished ones too (engine.ts); the
  // partial index on waiting runs cannot answer that, and without this one each advance scanned
  // all runs (10,000 contacts entering at once: 63 runs/s).
  await sql`CREATE INDEX automation_runs_contact_all ON automation_runs (contact_id)`.execute(db);
  await sql`
    CREATE TABLE automation_send_batches (
      id uuid PRIMARY KEY,
      idempotency_key text NOT NULL CONSTRAINT automation_send_batches_key UNIQUE,
      from_address text NOT NULL,
      reply_to text,
      content jsonb NOT NULL,
      size integer NOT NULL,
      attempts integer NOT NULL DEFAULT 1,
      outcome_unknown boolean NOT NULL DEFAULT false,
      lease_until timestamptz NOT NULL,
      first_claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      completed_at timestamptz
    )`.execute(db);
  await sql`
    CREATE INDEX automation_send_batches_open ON automation_send_batches (lease_until)
      WHERE completed_at IS NULL`.execute(db);
  await sql`
    CREATE FUNCTION automation_runs_notify_due() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('automation_runs_due', '');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER automation_runs_due AFTER INSERT ON automation_runs
      FOR EACH STATEMENT EXECUTE FUNCTION automation_runs_notify_due()`.execute(db);
  await sql`
    ALTER TABLE enquiry_messages
      ADD COLUMN sent_by_flow_id uuid REFERENCES automation_flows (id) ON DELETE SET NULL`.execute(db);
  await sql`
    ALTER TABLE unsubscribe_logs
      ADD COLUMN flow_id uuid REFERENCES automation_flows (id) ON DELETE SET NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE unsubscribe_logs DROP COLUMN flow_id`.execute(db);
  await sql`ALTER TABLE enquiry_messages DROP COLUMN sent_by_flow_id`.execute(db);
  await sql`DROP TRIGGER automation_runs_due ON automation_runs`.execute(db);
  await sql`DROP FUNCTION automation_runs_notify_due()`.execute(db);
  await sql`DROP TABLE automation_send_batches`.execute(db);
  await sql`DROP INDEX automation_runs_contact_all`.execute(db);
  await sql`
    ALTER TABLE automation_run_steps
      DROP COLUMN sent_at, DROP COLUMN error, DROP COLUMN batch_id, DROP COLUMN send_status`.execute(db);
}
