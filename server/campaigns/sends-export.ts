import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import { type CsvExportSpec, localTimestamp } from '../exports/csv-export.ts';

// One campaign's sends as CSV (decision 022): who received it and what happened to each message,
// streamed like the contacts export (decision 022), so a 500,000-recipient campaign costs the
// server no more memory than a small one.

export const CAMPAIGN_SENDS_CSV_HEADER = [
  'Email',
  'Name',
  'Status',
  'Sent At',
  'Delivered At',
  'Opened At',
  'Clicked At',
  'Bounced At',
  'Bounce Type',
  'Bounce Reason',
  'Complained At',
  'Error',
  // The A/B test's subject this recipient got (decision 037); empty outside a test.
  'Variant',
] as const;

export function campaignSendsCsvExport(campaignId: string, timezone: string): CsvExportSpec {
  const conditions = [sql`campaign_id = ${campaignId}`];
  return {
    header: CAMPAIGN_SENDS_CSV_HEADER,
    table: 'email_sends',
    conditions,
    orderBy: sql`recipient_email, id`,
    cells: [
      { text: sql.ref('recipient_email') },
      { text: sql.ref('recipient_name') },
      { text: sql.ref('status') },
      { plain: localTimestamp('sent_at') },
      { plain: localTimestamp('delivered_at') },
      { plain: localTimestamp('opened_at') },
      { plain: localTimestamp('clicked_at') },
      { plain: localTimestamp('bounced_at') },
      { text: sql.ref('bounce_type') },
      { text: sql.ref('bounce_message') },
      { plain: localTimestamp('complained_at') },
      { text: sql.ref('error') },
      { text: sql.ref('variant') },
    ],
    timezone,
    async count(trx: DbExecutor) {
      const result = await sql<{ count: string }>`
        SELECT count(*) AS count FROM email_sends WHERE campaign_id = ${campaignId}`.execute(trx);
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}
