import { Resend } from 'resend';
import { webhookSignatureHeadersSchema } from '#shared/webhooks/resend-events.ts';

/**
 * The provider's signature (decision 007), checked with the Resend SDK's `webhooks.verify()`: it
 * verifies the Svix / Standard Webhooks signature over the raw body (HMAC-SHA256 of
 * `${id}.${timestamp}.${body}`, any of the space-separated `v1,` candidates, refusing timestamps
 * more than 5 minutes off) and only then parses the JSON. The tests sign with the real `svix`
 * library, as Resend does.
 *
 * The SDK checks the clock before the signature, so a timestamp outside the tolerance is a 400
 * whatever its signature; anything else it refuses is a 401.
 */

// verify() runs locally and never calls the API; the client only wants some key to be built.
const webhooks = new Resend('re_webhook_verification_only').webhooks;

export type VerifyResult =
  { ok: true; id: string; payload: unknown } | { ok: false; status: 400 | 401; reason: string };

type HeaderValue = string | string[] | undefined;

function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `svix-*` headers, or their Standard Webhooks names (`webhook-*`), as svix itself accepts. */
function svixHeadersOf(headers: Record<string, HeaderValue>) {
  return {
    id: single(headers['svix-id']) ?? single(headers['webhook-id']),
    timestamp: single(headers['svix-timestamp']) ?? single(headers['webhook-timestamp']),
    signature: single(headers['svix-signature']) ?? single(headers['webhook-signature']),
  };
}

/** The configured `whsec_…` secret; null when nothing usable is set (the route answers 503). */
export function webhookSecretOf(secret: string | null | undefined): string | null {
  const trimmed = secret?.trim();
  return trimmed && trimmed !== 'whsec_' ? trimmed : null;
}

const STALE = /^Message timestamp too (old|new)$/;

export function verifyResendWebhook(
  secret: string,
  headers: Record<string, HeaderValue>,
  body: Buffer,
): VerifyResult {
  const given = svixHeadersOf(headers);
  if (!given.id || !given.timestamp || !given.signature)
    return { ok: false, status: 401, reason: 'Missing signature headers' };
  const shaped = webhookSignatureHeadersSchema.safeParse(given);
  if (!shaped.success) return { ok: false, status: 401, reason: 'Invalid signature headers' };
  try {
    const payload: unknown = webhooks.verify({
      payload: body.toString('utf8'),
      headers: shaped.data,
      webhookSecret: secret,
    });
    return { ok: true, id: shaped.data.id, payload };
  } catch (error) {
    // A SyntaxError comes from JSON.parse, after the signature matched.
    if (error instanceof SyntaxError) return { ok: false, status: 400, reason: 'Malformed JSON' };
    if (!(error instanceof Error) || error.name !== 'WebhookVerificationError') throw error;
    if (STALE.test(error.message))
      return { ok: false, status: 400, reason: 'Timestamp outside the tolerance' };
    return { ok: false, status: 401, reason: 'No matching signature' };
  }
}
