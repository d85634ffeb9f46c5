import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 061: automation flows. A flow's definition is versioned and immutable once saved, so a
// contact finishes the version they started. A run is one contact's way through one version for one
// trigger occurrence; the unique key makes the re-entry rule a constraint rather than a racing
// check. Each executed step is one row, unique per run, written in the transaction that moves the
// run on: a step happens at most once however often workers die or race.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE automation_flows (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL CONSTRAINT automation_flows_name UNIQUE,
      state text NOT NULL DEFAULT 'off' CONSTRAINT automation_flows_state CHECK (state IN ('off', 'live', 'paused')),
      current_version integer NOT NULL DEFAULT 1,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE automation_flow_versions (
      flow_id uuid NOT NULL REFERENCES automation_flows(id) ON DELETE CASCADE,
      version integer NOT NULL,
      definition jsonb NOT NULL,
      created_by uuid REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (flow_id, version)
    )`.execute(db);
  await sql`
    CREATE TABLE automation_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      flow_id uuid NOT NULL REFERENCES automation_flows(id) ON DELETE CASCADE,
      version integer NOT NULL,
      contact_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
      enquiry_id uuid REFERENCES enquiries(id) ON DELETE CASCADE,
      occurrence_key text NOT NULL DEFAULT '',
      state text NOT NULL DEFAULT 'waiting' CONSTRAINT automation_runs_state CHECK (state IN ('waiting', 'finished', 'exited')),
      next_step text,
      due_at timestamptz NOT NULL DEFAULT now(),
      exit_reason text,
      entered_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      CONSTRAINT automation_runs_once UNIQUE (flow_id, contact_id, occurrence_key),
      FOREIGN KEY (flow_id, version) REFERENCES automation_flow_versions(flow_id, version)
    )`.execute(db);
  // The due scan reads this index alone (ids of waiting runs in due order).
  await sql`
    CREATE INDEX automation_runs_due ON automation_runs (due_at) INCLUDE (id, flow_id)
      WHERE state = 'waiting'`.execute(db);
  await sql`CREATE INDEX automation_runs_contact ON automation_runs (contact_id) WHERE state = 'waiting'`.execute(
    db,
  );
  await sql`
    CREATE TABLE automation_run_steps (
      run_id uuid NOT NULL REFERENCES automation_runs(id) ON DELETE CASCADE,
      step_id text NOT NULL,
      outcome text NOT NULL,
      detail text,
      idempotency_key text,
      done_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (run_id, step_id)
    )`.execute(db);
  // Unsubscribing or being suppressed takes a contact out of every flow at once, in the statement
  // that records it, whichever path records it (preferences, one-click, webhook, admin, import).
  await sql`
    CREATE FUNCTION automation_runs_exit_contact() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE automation_runs
        SET state = 'exited', next_step = NULL, finished_at = now(),
            exit_reason = CASE WHEN NEW.suppressed_at IS NOT NULL THEN 'suppressed' ELSE 'unsubscribed' END
        WHERE contact_id = NEW.id AND state = 'waiting';
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER leads_exit_automation_runs
      AFTER UPDATE OF email_unsubscribed_at, suppressed_at ON leads
      FOR EACH ROW
      WHEN ((OLD.email_unsubscribed_at IS NULL AND NEW.email_unsubscribed_at IS NOT NULL)
         OR (OLD.suppressed_at IS NULL AND NEW.suppressed_at IS NOT NULL))
      EXECUTE FUNCTION automation_runs_exit_contact()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER leads_exit_automation_runs ON leads`.execute(db);
  await sql`DROP FUNCTION automation_runs_exit_contact()`.execute(db);
  await sql`DROP TABLE automation_run_steps`.execute(db);
  await sql`DROP TABLE automation_runs`.execute(db);
  await sql`DROP TABLE automation_flow_versions`.execute(db);
  await sql`DROP TABLE automation_flows`.execute(db);
}
