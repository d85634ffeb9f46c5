import { type Kysely, sql } from 'kysely';

// Decision 028: who did what in the admin. Append-only: a trigger refuses UPDATE, DELETE
// and TRUNCATE for every role, the table's owner included (REVOKE would not bind the owner, which is
// the role the app connects as). No foreign key to users: removing a member must not rewrite history.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      actor_id uuid,
      actor_email text,
      ip text,
      action text NOT NULL,
      entity_type text,
      entity_id text,
      summary jsonb NOT NULL DEFAULT '{}'::jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_created_at_idx ON audit_log (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, created_at DESC)`.execute(db);
  await sql`
    CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only' USING ERRCODE = 'insufficient_privilege';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
  await sql`DROP FUNCTION audit_log_append_only()`.execute(db);
}
