import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 062: a buyer records what happened at a visit once it has started, `attended` or
// `no_show`, with who and when. A visit whose end passed unmarked becomes `lapsed` when its seller
// books again (in the booking's transaction), so the partial unique index
// `appointments_one_per_enquiry` (WHERE state = 'booked') lets the new booking in; a lapsed visit
// can still be marked. The index predicates stay as they were: an index cannot compare with now().

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE appointments
      DROP CONSTRAINT appointments_state,
      ADD CONSTRAINT appointments_state
        CHECK (state IN ('booked', 'cancelled', 'rescheduled', 'lapsed', 'attended', 'no_show')),
      ADD COLUMN outcome_at timestamptz,
      ADD COLUMN outcome_by uuid REFERENCES users(id) ON DELETE SET NULL,
      ADD CONSTRAINT appointments_outcome
        CHECK ((state IN ('attended', 'no_show')) = (outcome_at IS NOT NULL))`.execute(db);
  // Today's "Still to mark": the visits begun and not marked, by their start.
  await sql`
    CREATE INDEX appointments_to_mark ON appointments (starts_at)
      WHERE state IN ('booked', 'lapsed')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX appointments_to_mark`.execute(db);
  // A marked or lapsed visit goes back to booked, as it was before, unless its enquiry has another
  // booked visit (one per enquiry): then it can only be history, `cancelled`.
  await sql`
    WITH ranked AS (
      SELECT id, row_number() OVER (PARTITION BY enquiry_id ORDER BY starts_at DESC) AS n,
        EXISTS (SELECT 1 FROM appointments b WHERE b.enquiry_id = a.enquiry_id AND b.state = 'booked')
          AS taken
      FROM appointments a WHERE state IN ('lapsed', 'attended', 'no_show'))
    UPDATE appointments SET
      state = CASE WHEN ranked.n = 1 AND NOT ranked.taken THEN 'booked' ELSE 'cancelled' END,
      outcome_at = NULL
    FROM ranked WHERE appointments.id = ranked.id`.execute(db);
  await sql`
    ALTER TABLE appointments
      DROP CONSTRAINT appointments_outcome,
      DROP COLUMN outcome_by,
      DROP COLUMN outcome_at,
      DROP CONSTRAINT appointments_state,
      ADD CONSTRAINT appointments_state CHECK (state IN ('booked', 'cancelled', 'rescheduled'))`.execute(db);
}
