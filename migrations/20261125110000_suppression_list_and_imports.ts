import { type Kysely, sql } from 'kysely';

// Suppression list and imports (decisions 034 and 035). The suppression list holds every address no campaign may
// reach, contacts or not; leads.suppressed_at stays the flag the audience and the snapshot read, and
// the code that changes the list changes the lead in the same transaction. An address is matched by
// email_hash(): SHA-256 of the trimmed, lower-cased address, so an erased contact can stay on the
// list without its address. Contact imports keep the uploaded text until they finish, and the
// rejected rows for the report.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION email_hash(address text) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(sha256(convert_to(lower(btrim(address)), 'UTF8')), 'hex')`.execute(db);

  await sql`
    CREATE TABLE email_suppressions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 255),
      email_hash text NOT NULL UNIQUE CHECK (email_hash ~ '^[0-9a-f]{64}$'),
      reason text NOT NULL CHECK (reason IN ('hard_bounce', 'complaint', 'manual', 'imported', 'erased')),
      note text CHECK (length(note) <= 500),
      campaign_id uuid REFERENCES email_campaigns (id) ON DELETE SET NULL,
      created_by text,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- Only an erased contact's row is kept without its address.
      CHECK ((reason = 'erased') = (email IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX email_suppressions_created_idx ON email_suppressions (created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX email_suppressions_reason_idx ON email_suppressions (reason, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX email_suppressions_email_trgm_idx ON email_suppressions USING gin (email gin_trgm_ops)`.execute(
    db,
  );

  await sql`ALTER TABLE leads DROP CONSTRAINT IF EXISTS leads_suppression_reason_check`.execute(db);
  await sql`
    ALTER TABLE leads ADD CONSTRAINT leads_suppression_reason_check
    CHECK (suppression_reason IN ('hard_bounce', 'complaint', 'manual', 'imported', 'erased'))`.execute(db);

  // Whatever creates a contact (sell form, import, an admin), an address on the list arrives suppressed.
  await sql`
    CREATE FUNCTION leads_apply_suppression_list() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      listed record;
    BEGIN
      IF NEW.suppressed_at IS NULL THEN
        SELECT created_at, reason INTO listed FROM email_suppressions WHERE email_hash = email_hash(NEW.email);
        IF FOUND THEN
          NEW.suppressed_at := listed.created_at;
          NEW.suppression_reason := listed.reason;
        END IF;
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER leads_suppression_list BEFORE INSERT ON leads
    FOR EACH ROW EXECUTE FUNCTION leads_apply_suppression_list()`.execute(db);

  // The contacts suppressed so far, with the campaign whose bounce or complaint did it when known.
  await sql`
    INSERT INTO email_suppressions (email, email_hash, reason, campaign_id, created_at)
    SELECT l.email, email_hash(l.email), coalesce(l.suppression_reason, 'hard_bounce'),
      (SELECT s.campaign_id FROM email_sends s
        WHERE s.lead_id = l.id AND (s.bounced_at IS NOT NULL OR s.complained_at IS NOT NULL)
        ORDER BY coalesce(s.complained_at, s.bounced_at) DESC LIMIT 1),
      l.suppressed_at
    FROM leads l WHERE l.suppressed_at IS NOT NULL
    ON CONFLICT (email_hash) DO NOTHING`.execute(db);

  await sql`
    CREATE TABLE contact_imports (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'queued', 'running', 'completed', 'cancelled', 'failed')),
      file_name text CHECK (length(file_name) <= 255),
      -- The uploaded CSV, until the import ends (decision 035).
      source_text text,
      source_bytes integer NOT NULL,
      headers text[] NOT NULL,
      -- The first rows under the header, to map the columns by; emptied with source_text.
      preview jsonb NOT NULL DEFAULT '[]'::jsonb,
      total_rows integer NOT NULL,
      mapping jsonb,
      consent jsonb,
      processed_rows integer NOT NULL DEFAULT 0,
      created_count integer NOT NULL DEFAULT 0,
      updated_count integer NOT NULL DEFAULT 0,
      unchanged_count integer NOT NULL DEFAULT 0,
      rejected_count integer NOT NULL DEFAULT 0,
      cancel_requested boolean NOT NULL DEFAULT false,
      error text,
      created_by text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      started_at timestamptz,
      finished_at timestamptz
    )`.execute(db);
  await sql`CREATE INDEX contact_imports_created_idx ON contact_imports (created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE contact_import_rejections (
      import_id uuid NOT NULL REFERENCES contact_imports (id) ON DELETE CASCADE,
      row_number integer NOT NULL,
      email text,
      full_name text,
      phone text,
      reason text NOT NULL,
      PRIMARY KEY (import_id, row_number)
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS contact_import_rejections`.execute(db);
  await sql`DROP TABLE IF EXISTS contact_imports`.execute(db);
  await sql`DROP TRIGGER IF EXISTS leads_suppression_list ON leads`.execute(db);
  await sql`DROP FUNCTION IF EXISTS leads_apply_suppression_list()`.execute(db);
  await sql`UPDATE leads SET suppressed_at = NULL, suppression_reason = NULL
    WHERE suppression_reason NOT IN ('hard_bounce', 'complaint')`.execute(db);
  await sql`ALTER TABLE leads DROP CONSTRAINT IF EXISTS leads_suppression_reason_check`.execute(db);
  await sql`
    ALTER TABLE leads ADD CONSTRAINT leads_suppression_reason_check
    CHECK (suppression_reason IN ('hard_bounce', 'complaint'))`.execute(db);
  await sql`DROP TABLE IF EXISTS email_suppressions`.execute(db);
  await sql`DROP FUNCTION IF EXISTS email_hash(text)`.execute(db);
}
