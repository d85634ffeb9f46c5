import { sql } from 'kysely';
import { SEND_EVENTS_LIMIT, type SendEventRow } from '#shared/campaigns/send-events.ts';
import type { DbExecutor } from '../db/database.ts';

const text = (path: string) => sql<string | null>`payload #>> ${`{${path}}`}::text[]`;

/** A send's provider events, newest first (the email_events_send_idx index, in order). */
/**
 * The send's own record of each step (sent, delivered, opened, clicked, bounced) stands for that
 * step when no provider event of its type is stored: the table row shows those times, so the
 * expanded row must not say "No events yet" (sends recorded before events were kept, demo data).
 */
const SEND_STEPS = [
  { type: 'email.sent', column: 'sent_at' },
  { type: 'email.delivered', column: 'delivered_at' },
  { type: 'email.opened', column: 'opened_at' },
  { type: 'email.clicked', column: 'clicked_at' },
  { type: 'email.bounced', column: 'bounced_at' },
] as const;

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
  const send = await db
    .selectFrom('email_sends')
    .select([
      'sent_at',
      'delivered_at',
      'opened_at',
      'clicked_at',
      'bounced_at',
      'bounce_type',
      'bounce_message',
    ])
    .where('id', '=', sendId)
    .executeTakeFirst();
  const recorded = new Set(rows.map((row) => row.type));
  const fromSend: SendEventRow[] = [];
  for (const step of SEND_STEPS) {
    const at = send?.[step.column];
    if (!at || recorded.has(step.type)) continue;
    fromSend.push({
      id: `${sendId}:${step.type}`,
      type: step.type,
      occurredAt: at.toISOString(),
      receivedAt: at.toISOString(),
      bounceType: step.type === 'email.bounced' ? (send.bounce_type ?? null) : null,
      bounceSubType: null,
      bounceMessage: step.type === 'email.bounced' ? (send.bounce_message ?? null) : null,
      clickedLink: null,
      failureReason: null,
      fromSendRecord: true,
    });
  }
  const events: SendEventRow[] = rows.map((row) => ({
    id: row.id,
    type: row.type,
    occurredAt: row.occurred_at?.toISOString() ?? null,
    receivedAt: row.received_at.toISOString(),
    bounceType: row.bounce_type,
    bounceSubType: row.bounce_sub_type,
    bounceMessage: row.bounce_message,
    clickedLink: row.clicked_link,
    failureReason: row.failure_reason,
    fromSendRecord: false,
  }));
  // Newest first, as the provider's events are listed.
  return [...events, ...fromSend].sort((a, b) =>
    (b.occurredAt ?? b.receivedAt).localeCompare(a.occurredAt ?? a.receivedAt),
  );
}
