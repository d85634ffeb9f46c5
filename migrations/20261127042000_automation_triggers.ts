import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 064: automation triggers. A segment-triggered flow keeps who matched its segment at the
// last scan, so "starts matching" is a set difference the database computes in one statement; the
// baseline row says which segment that membership belongs to (a flow switched on, or edited to
// another segment, records who is already in before anyone enters). A starter template is known by
// a key, so creating the starter flows twice is a no-op; automation_starters remembers each starter
// ever created, so one the business deleted is not created again at the next start.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE automation_segment_baselines (
      flow_id uuid PRIMARY KEY REFERENCES automation_flows(id) ON DELETE CASCADE,
      segment_id uuid NOT NULL,
      taken_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE automation_segment_members (
      flow_id uuid NOT NULL REFERENCES automation_flows(id) ON DELETE CASCADE,
      contact_id uuid NOT NULL REFERENCES leads(id) ON DELETE CASCADE,
      since timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (flow_id, contact_id)
    )`.execute(db);
  // Erasing a contact deletes their memberships through the cascade; this index makes it cheap.
  await sql`CREATE INDEX automation_segment_members_contact ON automation_segment_members (contact_id)`.execute(
    db,
  );
  await sql`
    CREATE TABLE automation_starters (
      starter_key text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    ALTER TABLE email_templates ADD COLUMN starter_key text CONSTRAINT email_templates_starter_key UNIQUE`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE email_templates DROP COLUMN starter_key`.execute(db);
  await sql`DROP TABLE automation_starters`.execute(db);
  await sql`DROP TABLE automation_segment_members`.execute(db);
  await sql`DROP TABLE automation_segment_baselines`.execute(db);
}
