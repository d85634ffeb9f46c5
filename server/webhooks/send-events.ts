import { sql } from 'kysely';
import { SEND_EVENTS_LIMIT, type SendEventRow } from '#shared/campaigns/send-events.ts';
import type { DbExecutor } from '../db/database.ts';

const text = (path: string) => sql<string | null>`payload #>> ${`{${path}}`}::text[]`;

/** A send's provider events, newest first (the email_events_send_idx index, in order). */
export async function listSendEvents(db: DbExecutor, sendId: string): Promise<SendEventRow[]> {
  const rows = await db
    .selectFrom('email_events')
    .select([
      'id',
      'type',
      'occurred_at',
      'received_at',
      text('data,bounce,type').as('bounce_type'),
      text('data,bounce,subType').as('bounce_sub_type'),
      text('data,bounce,message').as('bounce_message'),
      text('data,click,link').as('clicked_link'),
      sql<
        string | null
      >`coalesce(payload #>> '{data,failed,reason}', payload #>> '{data,suppressed,message}')`.as(
        'failure_reason',
      ),
    ])
    .where('send_id', '=', sendId)
    .orderBy('occurred_at', 'desc')
    .orderBy('received_at', 'desc')
    .limit(SEND_EVENTS_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    occurredAt: row.occurred_at?.toISOString() ?? null,
    receivedAt: row.received_at.toISOString(),
    bounceType: row.bounce_type,
    bounceSubType: row.bounce_sub_type,
    bounceMessage: row.bounce_message,
    clickedLink: row.clicked_link,
    failureReason: row.failure_reason,
  }));
}
