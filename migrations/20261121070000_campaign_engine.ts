import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// The sending engine (decision 006). A batch is a fixed set of sends delivered in one provider
// request under one idempotency key: its membership lives on the sends (batch_id) and what else the
// request needs to be repeated byte for byte (sender, key) lives here, so a batch whose worker died
// is re-sent identically and the provider answers with the first result instead of mailing twice.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE email_send_batches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      campaign_id uuid NOT NULL REFERENCES email_campaigns (id) ON DELETE CASCADE,
      idempotency_key text NOT NULL UNIQUE,
      from_address text NOT NULL,
      reply_to text,
      size integer NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      -- Set when an attempt ended without a definite answer (time-out, network error, 5xx): the
      -- provider may have accepted it, so a retry must repeat this exact request within 24 hours.
      outcome_unknown boolean NOT NULL DEFAULT false,
      -- A worker holds a batch until lease_until and extends it while working; past it, the batch
      -- is an orphan any worker may take over (re-sending under the same key).
      lease_until timestamptz NOT NULL,
      first_claimed_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX email_send_batches_open_idx ON email_send_batches (campaign_id, lease_until)
    WHERE completed_at IS NULL`.execute(db);

  // The name as it was when the audience was snapshotted: a re-sent batch renders the same bytes.
  await sql`ALTER TABLE email_sends ADD COLUMN recipient_name text`.execute(db);
  // Claiming reads queued rows of one campaign only.
  await sql`
    CREATE INDEX email_sends_queued_idx ON email_sends (campaign_id) WHERE status = 'queued'`.execute(db);

  // One limiter for every worker process: requests are spaced interval_ms apart (a reservation
  // moves next_at forward), and a 429's retry-after blocks everyone until blocked_until.
  await sql`
    CREATE TABLE provider_rate_limits (
      key text PRIMARY KEY,
      interval_ms double precision NOT NULL,
      next_at timestamptz NOT NULL DEFAULT now(),
      blocked_until timestamptz NOT NULL DEFAULT '-infinity',
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // The bounce-rate auto-pause judges the sends since the last resume: an admin who resumes a
  // paused campaign is not stopped again by the same bounces, only by 200 new bad sends.
  await sql`
    ALTER TABLE email_campaigns
      ADD COLUMN bounce_baseline_sent integer NOT NULL DEFAULT 0,
      ADD COLUMN bounce_baseline_bounces integer NOT NULL DEFAULT 0`.execute(db);

  // The admin form keeps the 0.5 s minimum; 0 is for benchmarks and operators who know their limit.
  await sql`ALTER TABLE settings DROP CONSTRAINT IF EXISTS settings_batch_delay_ms_check`.execute(db);
  await sql`
    ALTER TABLE settings ADD CONSTRAINT settings_batch_delay_ms_check
    CHECK (batch_delay_ms BETWEEN 0 AND 3600000)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE settings DROP CONSTRAINT IF EXISTS settings_batch_delay_ms_check`.execute(db);
  await sql`
    ALTER TABLE settings ADD CONSTRAINT settings_batch_delay_ms_check
    CHECK (batch_delay_ms BETWEEN 500 AND 3600000)`.execute(db);
  await sql`
    ALTER TABLE email_campaigns
      DROP COLUMN IF EXISTS bounce_baseline_sent, DROP COLUMN IF EXISTS bounce_baseline_bounces`.execute(db);
  await db.schema.dropTable('provider_rate_limits').ifExists().execute();
  await sql`DROP INDEX IF EXISTS email_sends_queued_idx`.execute(db);
  await sql`ALTER TABLE email_sends DROP COLUMN IF EXISTS recipient_name`.execute(db);
  await db.schema.dropTable('email_send_batches').ifExists().execute();
}
