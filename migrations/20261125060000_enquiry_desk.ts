import { type Kysely, sql } from 'kysely';

// Decision 026: the enquiry desk.
// - enquiries: pipeline status (one CHECK mirrors shared/enquiries/status.ts at this date),
//   assignee, first reply, when it closed, when the 20-hour digest named it, when retention
//   removed its photos and free text.
// - enquiry_events: every status change, note and assignment with who made it (the timeline).
// - enquiry_offers: offers over time, the latest shown.
// - enquiry_messages: replies sent to the seller; provider_message_id joins email_events.
// - email_templates: a 'reply' kind next to 'marketing'.
// - settings: how long closed enquiries keep photos and free text.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE enquiries
      ADD COLUMN status text NOT NULL DEFAULT 'new'
        CHECK (status IN ('new', 'contacted', 'offer_made', 'accepted', 'purchased', 'declined', 'lost', 'spam')),
      ADD COLUMN status_changed_at timestamptz,
      ADD COLUMN assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
      ADD COLUMN first_replied_at timestamptz,
      ADD COLUMN closed_at timestamptz,
      ADD COLUMN digested_at timestamptz,
      ADD COLUMN redacted_at timestamptz
  `.execute(db);

  // The inbox: newest first, alone or within one status, brand or assignee. Each index ends in
  // (created_at, id) so a page is an index range read, not a sort of every match.
  await sql`CREATE INDEX enquiries_created_idx ON enquiries (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX enquiries_status_idx ON enquiries (status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX enquiries_brand_idx ON enquiries (watch_brand, created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`
    CREATE INDEX enquiries_assignee_idx ON enquiries (assignee_id, created_at DESC, id DESC)
    WHERE assignee_id IS NOT NULL`.execute(db);
  // "Unassigned" is most enquiries: its own partial index serves its pages and its count.
  await sql`
    CREATE INDEX enquiries_unassigned_idx ON enquiries (created_at DESC, id DESC)
    WHERE assignee_id IS NULL`.execute(db);
  // Awaiting a first reply: the badge, the dashboard card and the digest read only these rows.
  await sql`CREATE INDEX enquiries_awaiting_idx ON enquiries (created_at, id) WHERE status = 'new'`.execute(
    db,
  );
  // Retention: closed enquiries not yet redacted, by when they closed.
  await sql`
    CREATE INDEX enquiries_retention_idx ON enquiries (closed_at)
    WHERE status IN ('declined', 'lost', 'spam') AND redacted_at IS NULL`.execute(db);
  // Search by the submitted name, the phone's digits and the model; the e-mail is searched through
  // the contact's own trigram index (leads_search_trgm_idx).
  await sql`
    CREATE FUNCTION enquiry_search_text(contact_name text, contact_phone text, watch_model text) RETURNS text
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN coalesce(contact_name, '') || ' ' || coalesce(regexp_replace(contact_phone, '\\D', '', 'g'), '')
      || ' ' || coalesce(watch_model, '')
  `.execute(db);
  await sql`
    CREATE INDEX enquiries_search_trgm_idx ON enquiries
    USING gin (enquiry_search_text(contact_name, contact_phone, watch_model) gin_trgm_ops)
    WITH (gin_pending_list_limit = 256)
  `.execute(db);

  await sql`
    CREATE TABLE enquiry_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('status', 'note', 'assignment')),
      from_status text,
      to_status text,
      reason text,
      body text,
      assignee_id uuid REFERENCES users (id) ON DELETE SET NULL,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      -- Who, kept readable after the account is deleted.
      actor_email text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiry_events_enquiry_idx ON enquiry_events (enquiry_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE enquiry_offers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      amount_cents bigint NOT NULL CHECK (amount_cents > 0),
      currency text NOT NULL DEFAULT 'AUD' CHECK (currency = 'AUD'),
      valid_until date,
      conditions text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_by_email text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiry_offers_enquiry_idx ON enquiry_offers (enquiry_id, created_at DESC)`.execute(
    db,
  );

  await sql`
    CREATE TABLE enquiry_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      enquiry_id uuid NOT NULL REFERENCES enquiries (id) ON DELETE CASCADE,
      template_id uuid REFERENCES email_templates (id) ON DELETE SET NULL,
      to_email text NOT NULL,
      subject text NOT NULL,
      html text,
      idempotency_key text NOT NULL UNIQUE,
      provider_message_id text,
      sent_at timestamptz,
      sent_by uuid REFERENCES users (id) ON DELETE SET NULL,
      sent_by_email text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiry_messages_enquiry_idx ON enquiry_messages (enquiry_id, created_at)`.execute(
    db,
  );
  await sql`CREATE INDEX enquiry_messages_provider_idx ON enquiry_messages (provider_message_id)`.execute(db);

  await sql`ALTER TABLE email_templates DROP CONSTRAINT email_templates_template_type_check`.execute(db);
  await sql`
    ALTER TABLE email_templates ADD CONSTRAINT email_templates_template_type_check
    CHECK (template_type IN ('marketing', 'reply'))`.execute(db);

  await sql`
    ALTER TABLE settings
      ADD COLUMN enquiry_retention_days integer NOT NULL DEFAULT 180
        CHECK (enquiry_retention_days BETWEEN 1 AND 3650)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE settings DROP COLUMN enquiry_retention_days`.execute(db);
  await sql`DELETE FROM email_templates WHERE template_type <> 'marketing'`.execute(db);
  await sql`ALTER TABLE email_templates DROP CONSTRAINT email_templates_template_type_check`.execute(db);
  await sql`
    ALTER TABLE email_templates ADD CONSTRAINT email_templates_template_type_check
    CHECK (template_type = 'marketing')`.execute(db);
  await sql`DROP TABLE IF EXISTS enquiry_messages`.execute(db);
  await sql`DROP TABLE IF EXISTS enquiry_offers`.execute(db);
  await sql`DROP TABLE IF EXISTS enquiry_events`.execute(db);
  await sql`DROP INDEX IF EXISTS enquiries_search_trgm_idx`.execute(db);
  await sql`DROP FUNCTION IF EXISTS enquiry_search_text(text, text, text)`.execute(db);
  for (const index of [
    'enquiries_created_idx',
    'enquiries_status_idx',
    'enquiries_brand_idx',
    'enquiries_assignee_idx',
    'enquiries_unassigned_idx',
    'enquiries_awaiting_idx',
    'enquiries_retention_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`
    ALTER TABLE enquiries
      DROP COLUMN status, DROP COLUMN status_changed_at, DROP COLUMN assignee_id,
      DROP COLUMN first_replied_at, DROP COLUMN closed_at, DROP COLUMN digested_at, DROP COLUMN redacted_at
  `.execute(db);
}
