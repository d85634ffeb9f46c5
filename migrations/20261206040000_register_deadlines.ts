import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 070: the register's legal clock. register_deadlines holds each entry's deadlines, due
// on a local date (the business's day of the purchase or the note, counted in business days of
// the entry's state): the transfer of an NSW record to police, AUSTRAC's threshold transaction
// report for cash of $10,000 or more, and a suspicious matter report started by a staff note
// (the note is kept here, with the deadline it starts). Each is marked done by a member, with an
// optional reference (the police receipt, AUSTRAC's report number). reminded_on is the day the
// Owners were e-mailed about it, so the day-before reminder goes once. A purchase has at most one
// deadline of each kind but the SMR, of which a note may start several. purchase_records gains
// where the goods are stored (asked for Victorian purchases, shown on the printable register).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE register_deadlines (
      id uuid PRIMARY KEY,
      purchase_record_id uuid NOT NULL REFERENCES purchase_records (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('nsw_police_transfer', 'austrac_ttr', 'austrac_smr')),
      due_on date NOT NULL,
      note text CHECK (length(note) <= 4000),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      done_by uuid REFERENCES users (id) ON DELETE SET NULL,
      done_by_email text,
      reference text CHECK (length(reference) <= 200),
      reminded_on date,
      CHECK ((done_at IS NULL) = (done_by_email IS NULL)),
      CHECK ((kind = 'austrac_smr') = (note IS NOT NULL))
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX register_deadlines_one_per_kind ON register_deadlines (purchase_record_id, kind)
    WHERE kind <> 'austrac_smr'`.execute(db);
  await sql`CREATE INDEX register_deadlines_open_idx ON register_deadlines (due_on) WHERE done_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX register_deadlines_purchase_idx ON register_deadlines (purchase_record_id)`.execute(
    db,
  );
  await sql`
    ALTER TABLE purchase_records
      ADD COLUMN storage_location text CHECK (length(storage_location) <= 500)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE purchase_records DROP COLUMN storage_location`.execute(db);
  await sql`DROP TABLE register_deadlines`.execute(db);
}
