import type { Database } from '../db/database.ts';
import {
  type BatchSendResult,
  type EmailMessage,
  type EmailTransport,
  MAX_BATCH_SIZE,
  noRateLimitInfo,
  type SendOptions,
  type SendResult,
} from './types.ts';

/**
 * Keeps every e-mail in `outbox_emails` instead of sending it (no RESEND_API_KEY): the embedded
 * default works offline and admins can read what would have gone out. It honours idempotency
 * keys like the provider does, so the senders behave the same on either transport.
 */
export function createOutboxTransport(db: Database): EmailTransport {
  async function store(
    executor: Database,
    message: EmailMessage,
    idempotencyKey: string | null,
    aboutEnquiryIds: readonly string[] = [],
  ): Promise<string> {
    const inserted = await executor
      .insertInto('outbox_emails')
      .values({
        idempotency_key: idempotencyKey,
        about_enquiry_ids: [...aboutEnquiryIds],
        to_addresses: message.to,
        from_address: message.from,
        reply_to: message.replyTo ?? null,
        subject: message.subject,
        html: message.html ?? null,
        text_body: message.text ?? null,
        headers: JSON.stringify(message.headers ?? {}),
        tags: JSON.stringify(message.tags ?? []),
        attachments: JSON.stringify(
          (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType ?? null,
            content: a.content,
          })),
        ),
      })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return `outbox_${inserted.id}`;
    const existing = await executor
      .selectFrom('outbox_emails')
      .select('id')
      .where('idempotency_key', '=', idempotencyKey)
      .executeTakeFirstOrThrow();
    return `outbox_${existing.id}`;
  }

  return {
    kind: 'outbox',
    async send(message: EmailMessage, options: SendOptions = {}): Promise<SendResult> {
      const id = await store(db, message, options.idempotencyKey ?? null, options.aboutEnquiryIds);
      return { ok: true, id, rateLimit: noRateLimitInfo };
    },
    async sendBatch(messages: EmailMessage[], options: SendOptions = {}): Promise<BatchSendResult> {
      if (messages.length === 0 || messages.length > MAX_BATCH_SIZE) {
        throw new RangeError(`A batch holds 1 to ${MAX_BATCH_SIZE} messages, got ${messages.length}`);
      }
      const key = options.idempotencyKey;
      const messageKeys = options.messageKeys;
      if (messageKeys && messageKeys.length !== messages.length) {
        throw new RangeError(`${messageKeys.length} message keys for ${messages.length} messages`);
      }
      const ids: string[] = [];
      for (const [index, message] of messages.entries()) {
        const messageKey = messageKeys?.[index] ?? (key ? `${key}#${index}` : null);
        ids.push(await store(db, message, messageKey));
      }
      return { ok: true, ids, rateLimit: noRateLimitInfo };
    },
  };
}
