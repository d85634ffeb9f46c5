import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 032: a three-condition segment count with an engagement condition (gmail.com,
// created over a year ago, opened in 30 days; bench/segments.bench.ts) probed the opens of each of
// the ~49,000 matching contacts one by one, after fetching each contact's row for its id. Now:
// - The domain index also carries the contact id: the matching contacts are an index-only scan.
// - Statistics on the domain expression: without them PostgreSQL guessed 0.5% of contacts per
//   domain (1,340 rows instead of 49,000), which made per-contact probes look cheap.
// - Sends by time for each engagement action, with the contact id: "opened in the last N days"
//   is one range of this index (~100,000 recent opens), hashed once, instead of a probe per
//   contact. Partial, so a queued send (no times yet) adds no entry when a campaign starts.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX leads_audience_domain_idx`.execute(db);
  await sql`
    CREATE INDEX leads_audience_domain_idx ON leads (split_part(lower(email), '@', 2), created_at) INCLUDE (id, email)
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL AND suppressed_at IS NULL`.execute(db);
  await sql`CREATE STATISTICS leads_email_domain_stats ON (split_part(lower(email), '@', 2)) FROM leads`.execute(
    db,
  );
  await sql`
    CREATE INDEX email_sends_opened_at_idx ON email_sends (opened_at) INCLUDE (lead_id)
    WHERE opened_at IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX email_sends_clicked_at_idx ON email_sends (clicked_at) INCLUDE (lead_id)
    WHERE clicked_at IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX email_sends_received_at_idx ON email_sends (sent_at) INCLUDE (lead_id)
    WHERE sent_at IS NOT NULL AND bounced_at IS NULL`.execute(db);
  await sql`ANALYZE leads`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'email_sends_received_at_idx',
    'email_sends_clicked_at_idx',
    'email_sends_opened_at_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`DROP STATISTICS IF EXISTS leads_email_domain_stats`.execute(db);
  await sql`DROP INDEX leads_audience_domain_idx`.execute(db);
  await sql`
    CREATE INDEX leads_audience_domain_idx ON leads (split_part(lower(email), '@', 2), created_at) INCLUDE (email)
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL AND suppressed_at IS NULL`.execute(db);
}
