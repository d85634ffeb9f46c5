import { sql } from 'kysely';
import {
  type IncomingAttachment,
  UNMATCHED_PREVIEW_CHARS,
  type UnmatchedDismissInput,
  type UnmatchedFileInput,
  type UnmatchedMessage,
} from '#shared/enquiries/unmatched.ts';
import type { DbExecutor } from '../db/database.ts';
import { notifyEnquiryChanged } from '../db/enquiry-changed.ts';

// The "Unmatched mail" list (decision 060): incoming messages whose reply address named no known
// enquiry (enquiry_id NULL) and that nobody dismissed. A member files each on its enquiry by hand
// or dismisses it; both are audited admin mutations.

/** The most messages the list shows at once: the oldest wait below the newest. */
const UNMATCHED_LIMIT = 200;

const iso = (d: Date) => d.toISOString();

/** The attachments of these messages, by message id, without their bytes. */
export async function attachmentsOf(
  db: DbExecutor,
  messageIds: readonly string[],
): Promise<Map<string, IncomingAttachment[]>> {
  const byMessage = new Map<string, IncomingAttachment[]>();
  if (messageIds.length === 0) return byMessage;
  const rows = await db
    .selectFrom('enquiry_incoming_attachments')
    .select([
      'id',
      'message_id',
      'filename',
      'content_type',
      'bytes',
      'upload_id',
      'refused_reason',
      sql<boolean>`data IS NOT NULL`.as('has_data'),
    ])
    .where('message_id', 'in', messageIds)
    .orderBy('created_at')
    .orderBy('filename')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const list = byMessage.get(row.message_id) ?? [];
    list.push({
      id: row.id,
      filename: row.filename,
      contentType: row.content_type,
      bytes: row.bytes,
      photoId: row.upload_id,
      downloadable: row.has_data,
      refusedReason: row.refused_reason,
    });
    byMessage.set(row.message_id, list);
  }
  return byMessage;
}

/** The start of a message's plain text on one line; the HTML part is never shown in the list. */
function previewOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= UNMATCHED_PREVIEW_CHARS ? flat : `${flat.slice(0, UNMATCHED_PREVIEW_CHARS)}…`;
}

/** Unmatched mail not dismissed, newest first. */
export async function listUnmatched(db: DbExecutor): Promise<UnmatchedMessage[]> {
  const rows = await db
    .selectFrom('enquiry_incoming_messages')
    .select(['id', 'from_email', 'from_name', 'subject', 'body_text', 'received_at'])
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .orderBy('received_at', 'desc')
    .orderBy('id')
    .limit(UNMATCHED_LIMIT)
    .execute();
  const attachments = await attachmentsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    fromEmail: row.from_email,
    fromName: row.from_name,
    subject: row.subject,
    receivedAt: iso(row.received_at),
    preview: previewOf(row.body_text),
    attachments: attachments.get(row.id) ?? [],
  }));
}

/** How many messages wait on the list (the inbox's link shows it). */
export async function countUnmatched(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('enquiry_incoming_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type UnmatchedActionResult =
  { status: 'ok' } | { status: 'not_found' } | { status: 'unknown_enquiry' };

/**
 * Files an unmatched message on an enquiry: its attachments move with it (they hang off the
 * message), it becomes unread, and `notified_at` is cleared so the assignee is told by the
 * notice job like any new reply. A message already filed or dismissed is refused (not_found):
 * the row is locked, so two members acting at once cannot both win.
 */
export async function fileUnmatched(
  db: DbExecutor,
  input: UnmatchedFileInput,
  user: { id: string },
): Promise<UnmatchedActionResult> {
  const message = await db
    .selectFrom('enquiry_incoming_messages')
    .select('id')
    .where('id', '=', input.id)
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!message) return { status: 'not_found' };
  const enquiry = await db
    .selectFrom('enquiries')
    .select('id')
    .where('id', '=', input.enquiryId)
    .executeTakeFirst();
  if (!enquiry) return { status: 'unknown_enquiry' };
  await db
    .updateTable('enquiry_incoming_messages')
    .set({
      enquiry_id: enquiry.id,
      read_at: null,
      read_by: null,
      notified_at: null,
      filed_by: user.id,
      filed_at: sql<Date>`now()`,
    })
    .where('id', '=', message.id)
    .execute();
  await notifyEnquiryChanged(db, enquiry.id, 'incoming_message');
  return { status: 'ok' };
}

/** Takes an unmatched message off the list, with an optional reason. */
export async function dismissUnmatched(
  db: DbExecutor,
  input: UnmatchedDismissInput,
  user: { id: string },
): Promise<UnmatchedActionResult> {
  const result = await db
    .updateTable('enquiry_incoming_messages')
    .set({
      dismissed_at: sql<Date>`now()`,
      dismissed_by: user.id,
      dismiss_reason: input.reason && input.reason !== '' ? input.reason : null,
    })
    .where('id', '=', input.id)
    .where('enquiry_id', 'is', null)
    .where('dismissed_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { status: 'ok' } : { status: 'not_found' };
}
