import { type Kysely, sql } from 'kysely';

// Decision 016: marketing consent ticked on the sell form is pending until the
// address confirms it through a signed link e-mailed to it (double opt-in).
// - leads: which channels wait for confirmation, when they were asked for, and the user agent that
//   joins time, IP and source as consent evidence.
// - enquiries: the consent boxes exactly as this submission ticked them.
// - settings: the business may turn confirmation off; the evidence then says so.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE leads
      ADD COLUMN email_consent_pending boolean NOT NULL DEFAULT false,
      ADD COLUMN sms_consent_pending boolean NOT NULL DEFAULT false,
      ADD COLUMN consent_requested_at timestamptz,
      ADD COLUMN consent_user_agent text
  `.execute(db);
  // The contacts filter "Pending confirmation": few rows, newest first like every contacts page.
  await sql`
    CREATE INDEX leads_consent_pending_idx ON leads (created_at DESC, id DESC)
    WHERE email_consent_pending OR sms_consent_pending
  `.execute(db);
  await sql`
    ALTER TABLE enquiries
      ADD COLUMN email_consent_requested boolean NOT NULL DEFAULT false,
      ADD COLUMN sms_consent_requested boolean NOT NULL DEFAULT false
  `.execute(db);
  await sql`
    ALTER TABLE settings ADD COLUMN require_consent_confirmation boolean NOT NULL DEFAULT true
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE settings DROP COLUMN require_consent_confirmation`.execute(db);
  await sql`ALTER TABLE enquiries DROP COLUMN email_consent_requested, DROP COLUMN sms_consent_requested`.execute(
    db,
  );
  await sql`DROP INDEX IF EXISTS leads_consent_pending_idx`.execute(db);
  await sql`
    ALTER TABLE leads
      DROP COLUMN email_consent_pending, DROP COLUMN sms_consent_pending,
      DROP COLUMN consent_requested_at, DROP COLUMN consent_user_agent
  `.execute(db);
}
