import { sql } from 'kysely';
import type { IncomingMessageSource } from '../db/column-types.ts';
import type { DbExecutor } from '../db/database.ts';
import { notifyEnquiryChanged } from '../db/enquiry-changed.ts';

// The seller's side of an enquiry's conversation (decision 060): a reply e-mailed back through
// the provider's inbound mail, or a message written on the seller's page. Both are filed here, so
// the timeline, the unread count and the assignee's notification treat them alike.

/** The longest message body kept; a longer one is cut with a marker rather than refused. */
export const MAX_INCOMING_BODY_CHARS = 20_000;

export interface IncomingMessage {
  /** The enquiry it belongs to, or null when its reply address names none ("Unmatched mail"). */
  enquiryId: string | null;
  source: IncomingMessageSource;
  fromEmail: string | null;
  fromName: string | null;
  subject: string | null;
  /** Plain text, quoted history already stripped. */
  bodyText: string;
  /** Sanitised HTML, when the message had an HTML part. */
  bodyHtml: string | null;
  /** The provider's id of an inbound e-mail: filing the same one twice is a no-op. */
  providerEmailId?: string | null;
  /** The token of the reply address it came to (kept for unmatched mail). */
  replyToken?: string | null;
  receivedAt?: Date;
}

export interface FiledMessage {
  id: string;
  /** True when this provider id was filed before: nothing was written. */
  duplicate: boolean;
}

function capped(text: string): string {
  return text.length <= MAX_INCOMING_BODY_CHARS
    ? text
    : `${text.slice(0, MAX_INCOMING_BODY_CHARS)}\n[…message shortened]`;
}

/**
 * Marks the enquiry's unread messages from its seller read by this member; the number marked, or
 * null when there is no such enquiry.
 */
export async function markIncomingRead(
  db: DbExecutor,
  enquiryId: string,
  userId: string,
): Promise<number | null> {
  const enquiry = await db
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', enquiryId)
    .executeTakeFirst();
  if (!enquiry) return null;
  const result = await db
    .updateTable('enquiry_incoming_messages')
    .set({ read_at: sql<Date>`now()`, read_by: userId })
    .where('enquiry_id', '=', enquiryId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Files one incoming message; idempotent on the provider's id. */
export async function fileIncomingMessage(db: DbExecutor, message: IncomingMessage): Promise<FiledMessage> {
  const inserted = await db
    .insertInto('enquiry_incoming_messages')
    .values({
      enquiry_id: message.enquiryId,
      source: message.source,
      from_email: message.fromEmail,
      from_name: message.fromName,
      subject: message.subject,
      body_text: capped(message.bodyText),
      body_html: message.bodyHtml,
      provider_email_id: message.providerEmailId ?? null,
      reply_token: message.replyToken ?? null,
      ...(message.receivedAt ? { received_at: message.receivedAt } : {}),
    })
    .onConflict((oc) => oc.column('provider_email_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) {
    // The assignee's open pages hear of it once the filing commits (decision 063).
    if (message.enquiryId) await notifyEnquiryChanged(db, message.enquiryId, 'incoming_message');
    return { id: inserted.id, duplicate: false };
  }
  const existing = await db
    .selectFrom('enquiry_incoming_messages')
    .select('id')
    .where('provider_email_id', '=', message.providerEmailId ?? null)
    .executeTakeFirstOrThrow();
  return { id: existing.id, duplicate: true };
}
