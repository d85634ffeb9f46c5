import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 044: the Send Now snapshot of 500,000 recipients still took 10.2-12.1 s after
// decision 039, nearly all of it index entries. A queued send is now found by its address rather
// than by its contact, so it needs no entry in the contact index:
// - email_sends_lead_idx holds only sends that left the queue. A queued send is reached through
//   the campaign's unique (campaign_id, lower(recipient_email)) index, which it has anyway; the
//   snapshot copies the contact's address, and a contact's address never changes (a trigger
//   refuses it, so this stays true).
// - The contacts the snapshot reads are no longer locked row by row (500,000 lock records).
//   Instead snapshots hold the advisory lock below shared, and whatever deletes or erases a
//   contact takes it exclusively before it touches that contact's sends: it waits for a snapshot
//   in progress and then sees its sends, or goes first and the snapshot no longer sees the contact.
//   This function, run after every delete on leads, is the deletes' half.

const UNLINK_LOCKED = sql`
  CREATE OR REPLACE FUNCTION leads_unlink_sends() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtext('watch-platform:send-snapshot'));
    UPDATE email_sends SET lead_id = NULL
    WHERE lead_id IN (SELECT id FROM old_rows) AND status <> 'queued';
    UPDATE email_sends s SET lead_id = NULL
    FROM old_rows o
    WHERE lower(s.recipient_email) = lower(o.email) AND s.lead_id = o.id AND s.status = 'queued';
    RETURN NULL;
  END $fn$`;

const UNLINK_BEFORE = sql`
  CREATE OR REPLACE FUNCTION leads_unlink_sends() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    UPDATE email_sends SET lead_id = NULL WHERE lead_id IN (SELECT id FROM old_rows);
    RETURN NULL;
  END $fn$`;

const REFUSE_NEW_ADDRESS = sql`
  CREATE FUNCTION leads_refuse_new_address() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    RAISE EXCEPTION 'leads: a contact keeps its e-mail address (its queued sends are found by it)'
      USING ERRCODE = 'check_violation';
  END $fn$`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX email_sends_lead_idx`.execute(db);
  await sql`
    CREATE INDEX email_sends_lead_idx ON email_sends (lead_id)
    WHERE status <> 'queued' AND lead_id IS NOT NULL`.execute(db);
  await UNLINK_LOCKED.execute(db);
  await REFUSE_NEW_ADDRESS.execute(db);
  await sql`
    CREATE TRIGGER address_fixed BEFORE UPDATE OF email ON leads FOR EACH ROW
    WHEN (lower(NEW.email) IS DISTINCT FROM lower(OLD.email))
    EXECUTE FUNCTION leads_refuse_new_address()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER IF EXISTS address_fixed ON leads`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leads_refuse_new_address()`.execute(db);
  await UNLINK_BEFORE.execute(db);
  await sql`DROP INDEX email_sends_lead_idx`.execute(db);
  await sql`CREATE INDEX email_sends_lead_idx ON email_sends (lead_id)`.execute(db);
}
