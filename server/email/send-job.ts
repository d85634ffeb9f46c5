import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { EnqueueOptions, JobQueue } from '../jobs/queue.ts';
import { withPlainText } from './plain-text.ts';
import type { EmailMessage, EmailTransport } from './types.ts';

export class RetryableEmailError extends Error {
  override name = 'RetryableEmailError';
}

/**
 * Queues one transactional e-mail. With `trx`, the e-mail exists only if the write that caused
 * it commits. The idempotency key makes every retry of the job the same provider request.
 */
export function enqueueEmail(
  services: { jobs: JobQueue },
  message: EmailMessage,
  idempotencyKey: string,
  options: EnqueueOptions = {},
  record: { enquiryMessageId?: string; aboutEnquiryIds?: readonly string[]; offerId?: string } = {},
): Promise<string | null> {
  const { aboutEnquiryIds, ...rest } = record;
  return services.jobs.send(
    'email.send',
    // Every transactional e-mail is multipart: its own text part, or one made from its HTML.
    {
      message: withPlainText(message),
      idempotencyKey,
      ...rest,
      ...(aboutEnquiryIds?.length ? { aboutEnquiryIds: [...aboutEnquiryIds] } : {}),
    },
    { ...options, singletonKey: idempotencyKey },
  );
}

/**
 * After the provider (or the outbox) took a reply to a seller: its id joins the webhook's delivery
 * events. Kept beside the job that carries `enquiryMessageId`, so e-mail imports no feature
 * (decision 049).
 */
async function recordReplySent(
  db: DbExecutor,
  messageId: string,
  providerId: string,
  idempotencyKey: string,
): Promise<void> {
  await db
    .updateTable('enquiry_messages')
    .set({ provider_message_id: providerId, sent_at: sql<Date>`now()` })
    .where('id', '=', messageId)
    .execute();
  // A reply an automation flow sent carries its step's key (decision 065): the step records the
  // provider's id too, so opens and clicks reach the flow's branches as a marketing send's do.
  // The key is `flow-step:<run id>:<step id>`: the row is found by its primary key.
  const step = /^flow-step:([0-9a-f-]{36}):(.+)$/.exec(idempotencyKey);
  if (step)
    await db
      .updateTable('automation_run_steps')
      .set({ provider_message_id: providerId, send_status: 'sent', sent_at: sql<Date>`now()` })
      .where('run_id', '=', step[1]!)
      .where('step_id', '=', step[2]!)
      .where('provider_message_id', 'is', null)
      .execute();
}

/** Handler of the `email.send` job: throwing makes pg-boss retry with backoff. */
export async function runEmailSendJob(
  services: { email: EmailTransport; logger: { warn(obj: object, msg?: string): void }; db: DbExecutor },
  payload: JobPayload<'email.send'>,
): Promise<{ id: string }> {
  const result = await services.email.send(payload.message, {
    idempotencyKey: payload.idempotencyKey,
    ...(payload.aboutEnquiryIds ? { aboutEnquiryIds: payload.aboutEnquiryIds } : {}),
  });
  if (result.ok) {
    if (payload.enquiryMessageId)
      await recordReplySent(services.db, payload.enquiryMessageId, result.id, payload.idempotencyKey);
    // The offer's e-mail: its webhook events are named on the acceptance certificate (decision 072).
    if (payload.offerId)
      await services.db
        .updateTable('enquiry_offers')
        .set({ provider_message_id: result.id, email_sent_at: sql<Date>`coalesce(email_sent_at, now())` })
        .where('id', '=', payload.offerId)
        .execute();
    return { id: result.id };
  }
  const { error } = result;
  services.logger.warn(
    { kind: error.kind, status: error.statusCode, key: payload.idempotencyKey },
    error.message,
  );
  if (error.retryable) throw new RetryableEmailError(`${error.name}: ${error.message}`);
  // Invalid requests will never succeed: fail loudly once instead of retrying for hours.
  throw new Error(`E-mail refused by the provider (${error.name}): ${error.message}`);
}
