import type { CampaignSendRow, SendFilter } from '#shared/campaigns/schemas.ts';
import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { SendStatus } from '../db/types.ts';
import { CLICKED_LINK } from './link-report.ts';

/**
 * The send statuses behind each filter. 'sent' is every row the provider accepted (so its count is
 * the Sent counter's); 'queued' includes rows claimed by a batch that is being sent right now.
 */
export const SEND_FILTER_STATUSES: Record<Exclude<SendFilter, 'all'>, readonly SendStatus[]> = {
  delivered: ['delivered'],
  bounced: ['bounced'],
  failed: ['failed'],
  sent: ['sent', 'delivered', 'delivery_delayed', 'bounced', 'complained'],
  queued: ['queued', 'sending'],
  // An A/B test's remainder waiting for the winner (decision 037): not queued until it is chosen.
  held: ['held'],
  skipped: ['skipped'],
  cancelled: ['cancelled'],
};

/** The details page's per-recipient table: newest sends first, unsent rows last. */
export async function listCampaignSends(
  db: DbExecutor,
  {
    campaignId,
    status,
    page,
    pageSize,
    clickedLink,
  }: {
    campaignId: string;
    status: SendFilter;
    page: number;
    pageSize: number;
    clickedLink?: string | undefined;
  },
): Promise<{ sends: CampaignSendRow[]; totalCount: number }> {
  let query = db.selectFrom('email_sends').where('campaign_id', '=', campaignId);
  if (status !== 'all') query = query.where('status', 'in', SEND_FILTER_STATUSES[status]);
  if (clickedLink !== undefined) {
    // Through the (send_id, occurred_at) index of the send's own events.
    query = query.where(
      sql<boolean>`EXISTS (SELECT 1 FROM email_events e WHERE e.send_id = email_sends.id
        AND e.type = 'email.clicked' AND ${CLICKED_LINK} = ${clickedLink})`,
    );
  }
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'recipient_email', 'status', 'sent_at', 'opened_at', 'clicked_at', 'error'])
      // Matches the (campaign_id, sent_at DESC NULLS LAST) index.
      .orderBy('sent_at', (ob) => ob.desc().nullsLast())
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return {
    sends: rows.map((row) => ({
      id: row.id,
      recipientEmail: row.recipient_email,
      status: row.status,
      sentAt: row.sent_at?.toISOString() ?? null,
      openedAt: row.opened_at?.toISOString() ?? null,
      clickedAt: row.clicked_at?.toISOString() ?? null,
      error: row.error,
    })),
    totalCount: count.count,
  };
}
