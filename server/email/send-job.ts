import { recordReplySent } from '../enquiries/reply-sent.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import type { EnqueueOptions } from '../jobs/queue.ts';
import type { AppServices } from '../services.ts';
import { withPlainText } from './plain-text.ts';
import type { EmailMessage } from './types.ts';

export class RetryableEmailError extends Error {
  override name = 'RetryableEmailError';
}

/**
 * Queues one transactional e-mail. With `trx`, the e-mail exists only if the write that caused
 * it commits. The idempotency key makes every retry of the job the same provider request.
 */
export function enqueueEmail(
  services: Pick<AppServices, 'jobs'>,
  message: EmailMessage,
  idempotencyKey: string,
  options: EnqueueOptions = {},
  record: { enquiryMessageId?: string } = {},
): Promise<string | null> {
  return services.jobs.send(
    'email.send',
    // Every transactional e-mail is multipart: its own text part, or one made from its HTML.
    { message: withPlainText(message), idempotencyKey, ...record },
    { ...options, singletonKey: idempotencyKey },
  );
}

/** Handler of the `email.send` job: throwing makes pg-boss retry with backoff. */
export async function runEmailSendJob(
  services: Pick<AppServices, 'email' | 'logger' | 'db'>,
  payload: JobPayload<'email.send'>,
): Promise<{ id: string }> {
  const result = await services.email.send(payload.message, { idempotencyKey: payload.idempotencyKey });
  if (result.ok) {
    if (payload.enquiryMessageId) await recordReplySent(services.db, payload.enquiryMessageId, result.id);
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
