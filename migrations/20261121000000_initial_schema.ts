import { type Kysely, sql } from 'kysely';

// Frozen in time: this file never imports application code. It creates the whole data model of
// decision 021. Enumerations are CHECK constraints so a bad value is refused by the database itself.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 255),
      password_hash text NOT NULL,
      email_verified_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);

  await sql`
    CREATE TABLE sessions (
      id text PRIMARY KEY, -- SHA-256 (hex) of the cookie token; the token itself is never stored
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      ip text,
      user_agent text
    )`.execute(db);
  await sql`CREATE INDEX sessions_user_id_idx ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires_at_idx ON sessions (expires_at)`.execute(db);

  await sql`
    CREATE TABLE user_roles (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, role)
    )`.execute(db);

  await sql`
    CREATE TABLE leads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = btrim(email) AND length(email) BETWEEN 3 AND 255),
      full_name text,
      phone text,
      email_marketing_consent boolean NOT NULL DEFAULT false,
      sms_marketing_consent boolean NOT NULL DEFAULT false,
      consent_at timestamptz,
      consent_source text,
      consent_ip text,
      email_unsubscribed_at timestamptz,
      unsubscribe_reason text,
      sms_unsubscribed_at timestamptz,
      suppressed_at timestamptz,
      suppression_reason text CHECK (suppression_reason IN ('hard_bounce', 'complaint')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX leads_email_lower_key ON leads (lower(email))`.execute(db);
  // Case-insensitive "contains" search on e-mail (ILIKE '%x%') uses this trigram index.
  await sql`CREATE INDEX leads_email_trgm_idx ON leads USING gin (email gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX leads_created_at_idx ON leads (created_at DESC, id DESC)`.execute(db);
  // The campaign audience and the "Subscribed" filter: consenting, not unsubscribed, not suppressed.
  await sql`
    CREATE INDEX leads_subscribed_idx ON leads (created_at DESC, id DESC)
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX leads_unsubscribed_idx ON leads (created_at DESC, id DESC)
    WHERE email_unsubscribed_at IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE enquiries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
      watch_brand text NOT NULL,
      watch_model text,
      watch_year integer CHECK (watch_year BETWEEN 1900 AND 2200),
      watch_condition text NOT NULL,
      has_box boolean NOT NULL DEFAULT false,
      has_papers boolean NOT NULL DEFAULT false,
      additional_details text,
      source text NOT NULL DEFAULT 'website',
      utm_source text,
      utm_medium text,
      utm_campaign text,
      utm_content text,
      utm_term text,
      meta_event_id text UNIQUE,
      ip text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX enquiries_lead_id_idx ON enquiries (lead_id, created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE uploads (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      driver text NOT NULL CHECK (driver IN ('local', 'uploadthing')),
      storage_key text NOT NULL UNIQUE,
      original_name text,
      content_type text NOT NULL,
      bytes integer NOT NULL CHECK (bytes > 0),
      width integer,
      height integer,
      sha256 text NOT NULL,
      enquiry_id uuid REFERENCES enquiries (id) ON DELETE SET NULL,
      uploader_ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX uploads_enquiry_id_idx ON uploads (enquiry_id)`.execute(db);
  await sql`CREATE INDEX uploads_unattached_idx ON uploads (created_at) WHERE enquiry_id IS NULL`.execute(db);

  await sql`
    CREATE TABLE email_templates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      template_name text NOT NULL CHECK (length(btrim(template_name)) > 0),
      subject text NOT NULL CHECK (length(btrim(subject)) > 0),
      description text,
      html_content text NOT NULL,
      variables text[] NOT NULL DEFAULT '{}',
      template_type text NOT NULL DEFAULT 'marketing' CHECK (template_type = 'marketing'),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_templates_created_at_idx ON email_templates (created_at DESC)`.execute(db);

  await sql`
    CREATE TABLE email_campaigns (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      subject text NOT NULL,
      html_content text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'draft'
        CHECK (status IN ('draft', 'scheduled', 'sending', 'completed', 'paused', 'failed', 'cancelled')),
      is_paused boolean NOT NULL DEFAULT false,
      is_test_mode boolean NOT NULL DEFAULT false,
      test_emails text[] NOT NULL DEFAULT '{}',
      template_id uuid REFERENCES email_templates (id) ON DELETE SET NULL,
      total_recipients integer NOT NULL DEFAULT 0,
      sent_count integer NOT NULL DEFAULT 0,
      delivered_count integer NOT NULL DEFAULT 0,
      failed_count integer NOT NULL DEFAULT 0,
      bounce_count integer NOT NULL DEFAULT 0,
      complaint_count integer NOT NULL DEFAULT 0,
      skipped_count integer NOT NULL DEFAULT 0,
      open_count integer NOT NULL DEFAULT 0,
      click_count integer NOT NULL DEFAULT 0,
      open_rate double precision,
      click_rate double precision,
      bounce_rate double precision,
      pause_reason text,
      failure_reason text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      scheduled_at timestamptz,
      started_at timestamptz,
      paused_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_campaigns_created_at_idx ON email_campaigns (created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX email_campaigns_status_idx ON email_campaigns (status, created_at DESC)`.execute(db);
  await sql`CREATE INDEX email_campaigns_due_idx ON email_campaigns (scheduled_at) WHERE status = 'scheduled'`.execute(
    db,
  );
  await sql`CREATE INDEX email_campaigns_name_trgm_idx ON email_campaigns USING gin (name gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX email_campaigns_subject_trgm_idx ON email_campaigns USING gin (subject gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    CREATE TABLE email_sends (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      campaign_id uuid NOT NULL REFERENCES email_campaigns (id) ON DELETE CASCADE,
      lead_id uuid REFERENCES leads (id) ON DELETE SET NULL,
      recipient_email text NOT NULL,
      status text NOT NULL DEFAULT 'queued'
        CHECK (status IN ('queued', 'sending', 'sent', 'delivered', 'delivery_delayed', 'bounced',
                          'complained', 'failed', 'cancelled', 'skipped')),
      batch_id uuid,
      claimed_at timestamptz,
      attempts integer NOT NULL DEFAULT 0,
      provider_message_id text,
      error text,
      bounce_type text,
      bounce_message text,
      sent_at timestamptz,
      delivered_at timestamptz,
      opened_at timestamptz,
      clicked_at timestamptz,
      bounced_at timestamptz,
      complained_at timestamptz,
      failed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      -- a row is never marked sent (or later) without the provider's id
      CHECK (status IN ('queued', 'sending', 'failed', 'cancelled', 'skipped') OR provider_message_id IS NOT NULL)
    )`.execute(db);
  // One send per recipient and campaign: the exactly-once guarantee starts here.
  await sql`CREATE UNIQUE INDEX email_sends_campaign_recipient_key ON email_sends (campaign_id, lower(recipient_email))`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX email_sends_provider_message_id_key ON email_sends (provider_message_id)`.execute(
    db,
  );
  await sql`CREATE INDEX email_sends_campaign_status_idx ON email_sends (campaign_id, status)`.execute(db);
  await sql`CREATE INDEX email_sends_campaign_sent_at_idx ON email_sends (campaign_id, sent_at DESC NULLS LAST)`.execute(
    db,
  );
  await sql`CREATE INDEX email_sends_batch_idx ON email_sends (batch_id) WHERE batch_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX email_sends_lead_idx ON email_sends (lead_id)`.execute(db);

  await sql`
    CREATE TABLE email_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      provider_event_id text NOT NULL UNIQUE, -- svix-id: stable across the provider's retries
      type text NOT NULL,
      provider_message_id text,
      send_id uuid REFERENCES email_sends (id) ON DELETE SET NULL,
      payload jsonb NOT NULL,
      occurred_at timestamptz,
      received_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX email_events_send_idx ON email_events (send_id, occurred_at DESC)`.execute(db);
  await sql`CREATE INDEX email_events_message_idx ON email_events (provider_message_id)`.execute(db);

  await sql`
    CREATE TABLE unsubscribe_logs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      action text NOT NULL
        CHECK (action IN ('email_unsubscribe', 'sms_unsubscribe', 'email_resubscribe', 'sms_resubscribe')),
      method text NOT NULL CHECK (method IN ('one_click', 'manual')),
      ip_address text,
      user_agent text,
      lead_id uuid REFERENCES leads (id) ON DELETE SET NULL,
      campaign_id uuid REFERENCES email_campaigns (id) ON DELETE SET NULL,
      reason text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX unsubscribe_logs_created_at_idx ON unsubscribe_logs (created_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX unsubscribe_logs_action_idx ON unsubscribe_logs (action, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX unsubscribe_logs_method_idx ON unsubscribe_logs (method, created_at DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX unsubscribe_logs_email_trgm_idx ON unsubscribe_logs USING gin (email gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX unsubscribe_logs_lead_idx ON unsubscribe_logs (lead_id, created_at DESC)`.execute(
    db,
  );

  // One row: NULL identity fields mean "use the site configuration's default".
  await sql`
    CREATE TABLE settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      from_name text,
      from_email text,
      reply_to_email text,
      batch_size integer NOT NULL DEFAULT 50 CHECK (batch_size BETWEEN 1 AND 100),
      batch_delay_ms integer NOT NULL DEFAULT 1000 CHECK (batch_delay_ms BETWEEN 500 AND 3600000),
      timezone text NOT NULL DEFAULT 'Australia/Sydney',
      bounce_pause_threshold double precision NOT NULL DEFAULT 5,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`INSERT INTO settings (id) VALUES (true)`.execute(db);

  await sql`
    CREATE TABLE outbox_emails (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      idempotency_key text UNIQUE,
      to_addresses text[] NOT NULL,
      from_address text NOT NULL,
      reply_to text,
      subject text NOT NULL,
      html text,
      text_body text,
      headers jsonb NOT NULL DEFAULT '{}',
      tags jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX outbox_emails_created_at_idx ON outbox_emails (created_at DESC)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'outbox_emails',
    'settings',
    'unsubscribe_logs',
    'email_events',
    'email_sends',
    'email_campaigns',
    'email_templates',
    'uploads',
    'enquiries',
    'leads',
    'user_roles',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
