import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decisions 037 and 038: the A/B subject test and "send to non-openers".
//
// A test campaign carries a second subject, the share of the audience that tests the two subjects,
// the wait after the test phase and the metric that picks the winner. The snapshot marks each send:
// variant A or B for the test share, status `held` for the rest, which no batch claims until the
// winner is chosen and the held sends are released (status queued, variant = the winner) in one
// transaction. `ab_remainder` keeps telling the two groups apart after the release, so the test's
// figures stay the test's.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE email_campaigns
      ADD COLUMN subject_b text,
      ADD COLUMN ab_test_percent smallint CHECK (ab_test_percent BETWEEN 10 AND 50),
      ADD COLUMN ab_wait_hours smallint CHECK (ab_wait_hours BETWEEN 1 AND 24),
      ADD COLUMN ab_metric text CHECK (ab_metric IN ('opens', 'clicks')),
      ADD COLUMN ab_winner_due_at timestamptz,
      ADD COLUMN ab_winner text CHECK (ab_winner IN ('A', 'B')),
      ADD COLUMN ab_winner_chosen_at timestamptz,
      ADD COLUMN resend_of_campaign_id uuid REFERENCES email_campaigns (id) ON DELETE SET NULL,
      ADD CONSTRAINT email_campaigns_ab_test_complete CHECK (
        subject_b IS NULL OR (ab_test_percent IS NOT NULL AND ab_wait_hours IS NOT NULL AND ab_metric IS NOT NULL))`.execute(
    db,
  );

  await sql`
    ALTER TABLE email_sends
      ADD COLUMN variant text CHECK (variant IN ('A', 'B')),
      ADD COLUMN ab_remainder boolean NOT NULL DEFAULT false`.execute(db);
  // `held` joins the statuses; like queued it has no provider id yet.
  await sql`
    ALTER TABLE email_sends
      DROP CONSTRAINT email_sends_status_check,
      DROP CONSTRAINT email_sends_check,
      ADD CONSTRAINT email_sends_status_check CHECK (status IN ('held', 'queued', 'sending', 'sent', 'delivered',
        'delivery_delayed', 'bounced', 'complained', 'failed', 'cancelled', 'skipped')),
      ADD CONSTRAINT email_sends_check CHECK (
        status IN ('held', 'queued', 'sending', 'failed', 'cancelled', 'skipped') OR provider_message_id IS NOT NULL)`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE email_sends SET status = 'cancelled' WHERE status = 'held'`.execute(db);
  await sql`
    ALTER TABLE email_sends
      DROP CONSTRAINT email_sends_status_check,
      DROP CONSTRAINT email_sends_check,
      ADD CONSTRAINT email_sends_status_check CHECK (status IN ('queued', 'sending', 'sent', 'delivered',
        'delivery_delayed', 'bounced', 'complained', 'failed', 'cancelled', 'skipped')),
      ADD CONSTRAINT email_sends_check CHECK (
        status IN ('queued', 'sending', 'failed', 'cancelled', 'skipped') OR provider_message_id IS NOT NULL)`.execute(
    db,
  );
  await sql`ALTER TABLE email_sends DROP COLUMN variant, DROP COLUMN ab_remainder`.execute(db);
  await sql`
    ALTER TABLE email_campaigns
      DROP CONSTRAINT email_campaigns_ab_test_complete,
      DROP COLUMN subject_b, DROP COLUMN ab_test_percent, DROP COLUMN ab_wait_hours, DROP COLUMN ab_metric,
      DROP COLUMN ab_winner_due_at, DROP COLUMN ab_winner, DROP COLUMN ab_winner_chosen_at,
      DROP COLUMN resend_of_campaign_id`.execute(db);
}
