import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 100: an Owner may opt in to a weekly summary e-mail of the reports. The opt-in is the
// member's own (`users.weekly_summary`); `insight_weekly_summaries` holds one row per Owner and
// week sent, its primary key the guard that two workers never both queue the same week's e-mail.
// `enquiries.referrer` is the external page the seller's visit came from (origin and path only),
// the source a funnel names when no campaign, flow or UTM tag explains the enquiry.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN weekly_summary boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE insight_weekly_summaries (
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      week_start date NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, week_start)
    )`.execute(db);
  await sql`
    ALTER TABLE enquiries ADD COLUMN referrer text
      CONSTRAINT enquiries_referrer_length CHECK (char_length(referrer) <= 300)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE enquiries DROP COLUMN referrer`.execute(db);
  await sql`DROP TABLE insight_weekly_summaries`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN weekly_summary`.execute(db);
}
