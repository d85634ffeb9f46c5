import { type Kysely, sql } from 'kysely';

// Decision 032: segment counts at 1,000,000 contacts (bench/segments.bench.ts).
// - Every segment count reads the audience (may receive marketing) with the columns conditions
//   use: an index-only scan of this partial index instead of the whole contacts table. The first
//   20 members (newest first) are its first entries.
// - A domain condition (with or without a creation date) is a range of the second one: at load
//   average 9 the bench's three-condition count went from 750-1,000 ms to 480-520 ms with it.
// - Engagement conditions probe a contact's sends by time: index-only probes of these partial
//   indexes, instead of fetching every send of the contact from the table.
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE INDEX leads_audience_idx ON leads (created_at DESC, id DESC) INCLUDE (email)
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL AND suppressed_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX leads_audience_domain_idx ON leads (split_part(lower(email), '@', 2), created_at) INCLUDE (email)
    WHERE email_marketing_consent AND email_unsubscribed_at IS NULL AND suppressed_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX email_sends_lead_opened_idx ON email_sends (lead_id, opened_at)
    WHERE opened_at IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX email_sends_lead_clicked_idx ON email_sends (lead_id, clicked_at)
    WHERE clicked_at IS NOT NULL`.execute(db);
  await sql`
    CREATE INDEX email_sends_lead_received_idx ON email_sends (lead_id, sent_at)
    WHERE sent_at IS NOT NULL AND bounced_at IS NULL`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    'email_sends_lead_received_idx',
    'email_sends_lead_clicked_idx',
    'email_sends_lead_opened_idx',
    'leads_audience_domain_idx',
    'leads_audience_idx',
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
}
