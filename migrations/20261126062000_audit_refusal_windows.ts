import { type Kysely, sql } from 'kysely';

// Decision 028: refusals of a throttled caller are counted into one row per (action, caller,
// window) instead of one row each, so nobody can grow the append-only log at will. Such a row
// carries its window and count; the trigger lets an UPDATE through only to raise `refusals` and
// `last_at` of an aggregate row whose window is still open. Every other row, and every other
// change, is refused as before.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE audit_log
      ADD COLUMN refusal_key text,
      ADD COLUMN window_start timestamptz,
      ADD COLUMN window_end timestamptz,
      ADD COLUMN refusals integer,
      ADD COLUMN last_at timestamptz,
      ADD CONSTRAINT audit_log_refusal_window_check CHECK (
        (refusal_key IS NULL AND window_start IS NULL AND window_end IS NULL AND refusals IS NULL
          AND last_at IS NULL)
        OR (refusal_key IS NOT NULL AND window_start IS NOT NULL AND window_end > window_start
          AND refusals >= 1 AND last_at IS NOT NULL)
      )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX audit_log_refusal_window_idx ON audit_log (action, refusal_key, window_start)
    WHERE refusal_key IS NOT NULL`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE'
        AND OLD.refusal_key IS NOT NULL
        AND statement_timestamp() < OLD.window_end
        AND NEW.refusals > OLD.refusals
        AND NEW.last_at >= OLD.last_at
        AND (NEW.id, NEW.created_at, NEW.actor_id, NEW.actor_email, NEW.ip, NEW.action,
             NEW.entity_type, NEW.entity_id, NEW.summary, NEW.refusal_key, NEW.window_start,
             NEW.window_end)
          IS NOT DISTINCT FROM
            (OLD.id, OLD.created_at, OLD.actor_id, OLD.actor_email, OLD.ip, OLD.action,
             OLD.entity_type, OLD.entity_id, OLD.summary, OLD.refusal_key, OLD.window_start,
             OLD.window_end)
      THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`DROP INDEX audit_log_refusal_window_idx`.execute(db);
  await sql`
    ALTER TABLE audit_log
      DROP CONSTRAINT audit_log_refusal_window_check,
      DROP COLUMN refusal_key,
      DROP COLUMN window_start,
      DROP COLUMN window_end,
      DROP COLUMN refusals,
      DROP COLUMN last_at`.execute(db);
}
