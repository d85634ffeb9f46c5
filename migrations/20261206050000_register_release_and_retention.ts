import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 071: a register entry leaves its hold only with a stolen-goods check recorded (who and
// when, now kept beside the register searched and its reference) and no police hold notice open
// (hold_notices: Victoria's s 26 notice or any state's police hold or embargo, with its lifting).
// A release after the hold needs no reason, so the reason no longer follows the release.
//
// Each entry keeps its own retention: retain_until, the business's day of the purchase plus the
// longer of its state's years and the settings' years, backfilled here with the figures of
// shared/register/retention.ts as they stand today. An entry written without one (a repair by
// hand; the column's default 'infinity' says "not given") gets its purchase day plus the settings'
// years. A trigger refuses
// deleting an entry before its day ends anywhere (UTC+14, so the business's day, in any Australian
// zone, has always passed it first): the retention job is the only way out.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE purchase_records
      ADD COLUMN stolen_checked_at timestamptz,
      ADD COLUMN stolen_checked_by uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN stolen_checked_by_email text,
      ADD COLUMN retain_until date,
      DROP CONSTRAINT purchase_records_check,
      ADD CONSTRAINT purchase_records_release_reason_check
        CHECK (release_reason IS NULL OR released_at IS NOT NULL)`.execute(db);

  // A check recorded with the purchase was made by whoever recorded it, when they did.
  await sql`
    UPDATE purchase_records p
    SET stolen_checked_at = p.created_at,
        stolen_checked_by = p.created_by,
        stolen_checked_by_email = coalesce((SELECT email FROM users WHERE id = p.created_by), p.received_by_email)
    WHERE p.stolen_register_checked`.execute(db);

  await sql`
    CREATE FUNCTION register_years(state text) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE state WHEN 'NSW' THEN 3 WHEN 'VIC' THEN 5 WHEN 'QLD' THEN 2 WHEN 'WA' THEN 7
        WHEN 'SA' THEN 3 WHEN 'TAS' THEN 3 ELSE 7 END
    $$`.execute(db);
  // The same day n years on; 29 February goes to 1 March in a year without one (retention.ts).
  await sql`
    CREATE FUNCTION register_add_years(d date, n integer) RETURNS date LANGUAGE sql IMMUTABLE AS $$
      SELECT CASE WHEN to_char(d, 'MM-DD') = '02-29' AND to_char(d + make_interval(years => n), 'MM-DD') = '02-28'
        THEN (d + make_interval(years => n))::date + 1 ELSE (d + make_interval(years => n))::date END
    $$`.execute(db);

  await sql`
    UPDATE purchase_records p
    SET retain_until = register_add_years((p.created_at AT TIME ZONE s.timezone)::date,
          greatest(register_years(p.register_state), s.register_retention_years))
    FROM settings s`.execute(db);
  await sql`DROP FUNCTION register_years(text)`.execute(db);

  await sql`
    CREATE FUNCTION purchase_records_retain_default() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.retain_until IS NULL OR NEW.retain_until = 'infinity' THEN
        NEW.retain_until := coalesce(
          (SELECT register_add_years((NEW.created_at AT TIME ZONE s.timezone)::date, s.register_retention_years)
           FROM settings s LIMIT 1),
          register_add_years(NEW.created_at::date, 7));
      END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER purchase_records_retain_default BEFORE INSERT ON purchase_records
    FOR EACH ROW EXECUTE FUNCTION purchase_records_retain_default()`.execute(db);
  await sql`
    ALTER TABLE purchase_records
      ALTER COLUMN retain_until SET DEFAULT 'infinity',
      ALTER COLUMN retain_until SET NOT NULL`.execute(db);
  await sql`CREATE INDEX purchase_records_retain_idx ON purchase_records (retain_until)`.execute(db);

  await sql`
    CREATE FUNCTION purchase_records_retention_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.retain_until >= (now() AT TIME ZONE 'Pacific/Kiritimati')::date THEN
        RAISE EXCEPTION 'register entry % is kept until %', OLD.id, OLD.retain_until
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER purchase_records_retention_guard BEFORE DELETE ON purchase_records
    FOR EACH ROW EXECUTE FUNCTION purchase_records_retention_guard()`.execute(db);

  await sql`
    CREATE TABLE hold_notices (
      id uuid PRIMARY KEY,
      purchase_id uuid NOT NULL REFERENCES purchase_records (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('vic_s26', 'police_hold')),
      officer text NOT NULL,
      station text NOT NULL,
      reference text NOT NULL,
      issued_on date NOT NULL,
      notes text,
      recorded_by uuid REFERENCES users (id) ON DELETE SET NULL,
      recorded_by_email text NOT NULL,
      recorded_at timestamptz NOT NULL DEFAULT now(),
      lifted_at timestamptz,
      lifted_by uuid REFERENCES users (id) ON DELETE SET NULL,
      lifted_by_email text,
      lift_reference text,
      CHECK ((lifted_at IS NULL) = (lift_reference IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX hold_notices_purchase_idx ON hold_notices (purchase_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE hold_notices`.execute(db);
  await sql`DROP TRIGGER purchase_records_retention_guard ON purchase_records`.execute(db);
  await sql`DROP FUNCTION purchase_records_retention_guard()`.execute(db);
  await sql`DROP TRIGGER purchase_records_retain_default ON purchase_records`.execute(db);
  await sql`DROP FUNCTION purchase_records_retain_default()`.execute(db);
  await sql`DROP FUNCTION register_add_years(date, integer)`.execute(db);
  await sql`
    ALTER TABLE purchase_records
      DROP CONSTRAINT purchase_records_release_reason_check,
      ADD CONSTRAINT purchase_records_check CHECK ((released_at IS NULL) = (release_reason IS NULL)) NOT VALID,
      DROP COLUMN stolen_checked_at, DROP COLUMN stolen_checked_by, DROP COLUMN stolen_checked_by_email,
      DROP COLUMN retain_until`.execute(db);
}
