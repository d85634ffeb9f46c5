import { hasUnstorableText } from '#shared/text-safety.ts';
import { BODY_LIMITS } from '../http/body-limits.ts';
import { isResendId } from '../email/inbound-mail.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import type { AppServices } from '../services.ts';
import type { RecordOutcome } from './apply-event.ts';
import { createEventRecorder } from './recorder.ts';
import { signingKey, svixHeadersOf, verifySvixSignature } from './verify.ts';

/**
 * `POST /api/webhooks/resend` (decision 007): Resend's delivery, bounce, complaint, open and
 * click events. CSRF-exempt by design (server/app.ts); the Svix signature over the raw body is the
 * only credential, and nothing touches the database before it is verified.
 *
 * 200: stored (or a duplicate svix-id); for `email.received`, filed, unmatched, duplicate, gone
 * (the provider does not know the e-mail: a retry could not help) or malformed (its id is not a
 * Resend id: never fetched, decision 068). 401: missing or bad signature. 400: validly signed but
 * stale, or not a Resend event. 503: RESEND_WEBHOOK_SECRET unset. A database failure answers 500,
 * so the provider retries (its retries carry the same svix-id, and duplicates are ignored).
 */
export const RESEND_WEBHOOK_PATH = '/api/webhooks/resend';

/** Resend's e-mail events are 1-2 KB; a generous cap that still refuses anything abusive. */
export const WEBHOOK_BODY_LIMIT = BODY_LIMITS.webhook;

const UNTRANSLATABLE_CHARACTER = '22P05';

function reject(req: FastifyRequest, reply: FastifyReply, status: number, reason: string): FastifyReply {
  req.log.warn({ reason }, 'Resend webhook refused');
  return reply.code(status).header('cache-control', 'no-store').send({ error: reason });
}

/**
 * What becomes of an `email.received` event (decision 060): the composition root hands in the
 * enquiries' receiver. It resolves with an outcome for the answer, and throws when the provider
 * could not be asked (the webhook then answers 503, and the provider's retry fetches again).
 */
export type ReceivedEmailHandler = (emailId: string) => Promise<string>;

/** Registered with `app.register`, so its raw-body parser applies to this route only. */
export function resendWebhookPlugin(
  services: Pick<AppServices, 'db' | 'config'>,
  onReceived: ReceivedEmailHandler | null = null,
) {
  return function resendWebhook(app: FastifyInstance, _options: unknown, done: (err?: Error) => void): void {
    const key = signingKey(services.config.resendWebhookSecret);
    const recorder = createEventRecorder(services.db);

    app.removeAllContentTypeParsers();
    app.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_req: FastifyRequest, body: Buffer, parsed: (err: null, body: Buffer) => void) => parsed(null, body),
    );

    app.post(RESEND_WEBHOOK_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, reply) => {
      if (!key) return reject(req, reply, 503, 'Webhook not configured (RESEND_WEBHOOK_SECRET is unset)');

      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const verified = verifySvixSignature(key, svixHeadersOf(req.headers), body);
      if (!verified.ok) return reject(req, reply, verified.status, verified.reason);

      const rawBody = body.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(rawBody);
      } catch {
        return reject(req, reply, 400, 'Malformed JSON');
      }
      // A string PostgreSQL cannot store (\u0000 in email_id gave a 500, retried by the provider
      // forever): refused for good with a 400.
      if (hasUnstorableText(json))
        return reject(req, reply, 400, 'Payload contains text that cannot be stored');
      const parsed = parseResendEvent(json);
      if (!parsed.ok) return reject(req, reply, 400, parsed.error);

      let outcome: RecordOutcome;
      try {
        outcome = await recorder.record({
          providerEventId: verified.id,
          rawBody,
          parsed: parsed.value,
        });
      } catch (error) {
        // jsonb refuses \u0000 in strings: retrying such a body could never succeed.
        if ((error as { code?: unknown }).code === UNTRANSLATABLE_CHARACTER)
          return reject(req, reply, 400, 'Payload cannot be stored');
        throw error;
      }
      // Inbound mail: stored like every event first (a replay is a duplicate there), then fetched
      // and filed, also on a replay: filing is idempotent on the e-mail's id, and a retry after
      // a failed fetch must still file it.
      if (!parsed.value.known && parsed.value.type === 'email.received') {
        const emailId = parsed.value.emailId;
        if (!emailId) return reject(req, reply, 400, 'Malformed email.received event');
        // Signed, but not an id the provider could have made (decision 068): never put into a
        // Receiving API path, and answered 200 so the provider stops retrying what cannot succeed.
        if (!isResendId(emailId)) {
          req.log.warn(
            { emailId: emailId.slice(0, 100) },
            'inbound e-mail id is not a Resend id: not fetched',
          );
          return reply
            .code(200)
            .header('cache-control', 'no-store')
            .send({ received: true, outcome: 'malformed' });
        }
        if (!onReceived)
          return reject(req, reply, 503, 'Inbound mail not configured (RESEND_API_KEY is unset)');
        let filed: string;
        try {
          filed = await onReceived(emailId);
        } catch (error) {
          req.log.error({ err: error, emailId }, 'inbound e-mail could not be filed');
          return reject(req, reply, 503, 'Inbound e-mail could not be fetched; retry later');
        }
        if (filed === 'gone') req.log.warn({ emailId }, 'inbound e-mail unknown to the provider');
        return reply.code(200).header('cache-control', 'no-store').send({ received: true, outcome: filed });
      }
      return reply.code(200).header('cache-control', 'no-store').send({ received: true, outcome });
    });
    done();
  };
}
