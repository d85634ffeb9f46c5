import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 062: a visit and a kit follow the enquiry's fate. When the enquiry enters Declined,
// Lost, Spam or Purchased, a booked visit still to come is cancelled with it (state `cancelled`,
// the status it entered kept beside, so the timeline does not say the seller cancelled), and a kit
// not yet posted is withdrawn (a timestamp, as `dispatched_at` is). A withdrawn kit no longer holds
// the enquiry's one kit: a seller who comes back and accepts again may ask for another.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE appointments
      ADD COLUMN cancelled_with_status text CONSTRAINT appointments_cancelled_with_status
        CHECK (cancelled_with_status IN ('purchased', 'declined', 'lost', 'spam')),
      ADD CONSTRAINT appointments_cancelled_with_state
        CHECK (cancelled_with_status IS NULL OR state = 'cancelled')`.execute(db);
  await sql`
    ALTER TABLE shipping_kit_requests
      ADD COLUMN withdrawn_at timestamptz,
      ADD CONSTRAINT shipping_kit_requests_withdrawn_or_posted
        CHECK (withdrawn_at IS NULL OR dispatched_at IS NULL),
      DROP CONSTRAINT shipping_kit_requests_enquiry`.execute(db);
  await sql`
    CREATE UNIQUE INDEX shipping_kit_requests_enquiry ON shipping_kit_requests (enquiry_id)
      WHERE withdrawn_at IS NULL`.execute(db);
  await sql`DROP INDEX shipping_kit_requests_open`.execute(db);
  await sql`
    CREATE INDEX shipping_kit_requests_open ON shipping_kit_requests (created_at)
      WHERE dispatched_at IS NULL AND withdrawn_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX shipping_kit_requests_open`.execute(db);
  await sql`CREATE INDEX shipping_kit_requests_open ON shipping_kit_requests (created_at)
    WHERE dispatched_at IS NULL`.execute(db);
  await sql`DELETE FROM shipping_kit_requests WHERE withdrawn_at IS NOT NULL`.execute(db);
  await sql`DROP INDEX shipping_kit_requests_enquiry`.execute(db);
  await sql`
    ALTER TABLE shipping_kit_requests
      ADD CONSTRAINT shipping_kit_requests_enquiry UNIQUE (enquiry_id),
      DROP CONSTRAINT shipping_kit_requests_withdrawn_or_posted,
      DROP COLUMN withdrawn_at`.execute(db);
  await sql`
    ALTER TABLE appointments
      DROP CONSTRAINT appointments_cancelled_with_state,
      DROP COLUMN cancelled_with_status`.execute(db);
}
