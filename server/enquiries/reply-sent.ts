import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';

/** After the provider (or the outbox) took a reply: its id joins the webhook's delivery events. */
export async function recordReplySent(db: DbExecutor, messageId: string, providerId: string): Promise<void> {
  await db
    .updateTable('enquiry_messages')
    .set({ provider_message_id: providerId, sent_at: sql<Date>`now()` })
    .where('id', '=', messageId)
    .execute();
}
