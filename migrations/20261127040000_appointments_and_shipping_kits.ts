import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 062: after an accepted offer the seller books a visit at one of the business's locations
// or asks for an insured shipping kit. The Owner sets the slot rules (one row) and each location's
// weekly hours; a location without hours takes no bookings. A slot is booked once: the partial
// unique index makes the second of two racing sellers fail. A reschedule keeps the old row as
// `rescheduled` and books a new one with the same calendar UID and the next SEQUENCE, so the new
// row's empty `reminder_sent_at` gives it a fresh reminder. The outbox keeps attachments (the .ics)
// as the provider would receive them.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE appointment_settings (
      id boolean PRIMARY KEY DEFAULT true CONSTRAINT appointment_settings_single CHECK (id),
      slot_minutes integer NOT NULL DEFAULT 60
        CONSTRAINT appointment_settings_slot CHECK (slot_minutes BETWEEN 15 AND 240),
      horizon_days integer NOT NULL DEFAULT 30
        CONSTRAINT appointment_settings_horizon CHECK (horizon_days BETWEEN 1 AND 365),
      min_notice_hours integer NOT NULL DEFAULT 24
        CONSTRAINT appointment_settings_notice CHECK (min_notice_hours BETWEEN 0 AND 720),
      blackout_dates date[] NOT NULL DEFAULT '{}',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE location_hours (
      location text NOT NULL,
      weekday smallint NOT NULL CONSTRAINT location_hours_weekday CHECK (weekday BETWEEN 1 AND 7),
      opens time NOT NULL,
      closes time NOT NULL,
      PRIMARY KEY (location, weekday),
      CONSTRAINT location_hours_order CHECK (opens < closes)
    )`.execute(db);
  await sql`
    CREATE TABLE appointments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL REFERENCES enquiries(id) ON DELETE CASCADE,
      location text NOT NULL,
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'booked'
        CONSTRAINT appointments_state CHECK (state IN ('booked', 'cancelled', 'rescheduled')),
      ics_uid uuid NOT NULL DEFAULT gen_random_uuid(),
      ics_sequence integer NOT NULL DEFAULT 0,
      reminder_sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT appointments_order CHECK (starts_at < ends_at)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX appointments_slot_once ON appointments (location, starts_at)
      WHERE state = 'booked'`.execute(db);
  await sql`
    CREATE UNIQUE INDEX appointments_one_per_enquiry ON appointments (enquiry_id)
      WHERE state = 'booked'`.execute(db);
  await sql`
    CREATE INDEX appointments_reminder_due ON appointments (starts_at)
      WHERE state = 'booked' AND reminder_sent_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE shipping_kit_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL CONSTRAINT shipping_kit_requests_enquiry UNIQUE
        REFERENCES enquiries(id) ON DELETE CASCADE,
      recipient_name text NOT NULL,
      address_line1 text NOT NULL,
      address_line2 text,
      suburb text NOT NULL,
      state text NOT NULL
        CONSTRAINT shipping_kit_requests_state CHECK (state IN ('NSW', 'VIC', 'QLD', 'WA', 'SA', 'TAS', 'ACT', 'NT')),
      postcode text NOT NULL CONSTRAINT shipping_kit_requests_postcode CHECK (postcode ~ '^[0-9]{4}$'),
      phone text,
      created_at timestamptz NOT NULL DEFAULT now(),
      dispatched_at timestamptz,
      dispatched_by uuid REFERENCES users(id) ON DELETE SET NULL
    )`.execute(db);
  await sql`
    CREATE INDEX shipping_kit_requests_open ON shipping_kit_requests (created_at)
      WHERE dispatched_at IS NULL`.execute(db);
  await sql`ALTER TABLE outbox_emails ADD COLUMN attachments jsonb NOT NULL DEFAULT '[]'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE outbox_emails DROP COLUMN attachments`.execute(db);
  await sql`DROP TABLE shipping_kit_requests`.execute(db);
  await sql`DROP TABLE appointments`.execute(db);
  await sql`DROP TABLE location_hours`.execute(db);
  await sql`DROP TABLE appointment_settings`.execute(db);
}
