import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * Svix signature verification (the scheme Resend signs webhooks with), on node:crypto: the `svix`
 * package computes the same HMAC in plain JavaScript, several times slower. The signed content is
 * `${svix-id}.${svix-timestamp}.${raw body}`, HMAC-SHA256 with the secret's base64 bytes (after the
 * `whsec_` prefix); `svix-signature` holds space-separated `v1,<base64>` candidates (several during a
 * secret rotation). The tests sign with the real `svix` library to keep this honest.
 *
 * The signature is checked before the timestamp, so only a genuinely signed request learns that its
 * timestamp was refused (400); anything unsigned gets 401.
 */

/** Svix's own tolerance: a signed request older or newer than this is a replay or a bad clock. */
export const TIMESTAMP_TOLERANCE_SECONDS = 5 * 60;

export type VerifyResult =
  { ok: true; id: string; timestamp: number } | { ok: false; status: 400 | 401; reason: string };

export interface SvixHeaders {
  id: string | undefined;
  timestamp: string | undefined;
  signature: string | undefined;
}

type HeaderValue = string | string[] | undefined;

function single(value: HeaderValue): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `svix-*` headers, or their Standard Webhooks names (`webhook-*`), as svix itself accepts. */
export function svixHeadersOf(headers: Record<string, HeaderValue>): SvixHeaders {
  return {
    id: single(headers['svix-id']) ?? single(headers['webhook-id']),
    timestamp: single(headers['svix-timestamp']) ?? single(headers['webhook-timestamp']),
    signature: single(headers['svix-signature']) ?? single(headers['webhook-signature']),
  };
}

/**
 * The HMAC key of a `whsec_<base64>` secret; null when nothing usable is configured. A KeyObject,
 * made once: handing createHmac raw bytes builds one per call, five times the cost of the HMAC.
 */
export function signingKey(secret: string | null | undefined): KeyObject | null {
  const trimmed = secret?.trim();
  if (!trimmed) return null;
  const key = Buffer.from(trimmed.startsWith('whsec_') ? trimmed.slice('whsec_'.length) : trimmed, 'base64');
  return key.length > 0 ? createSecretKey(key) : null;
}

const MAX_ID_LENGTH = 255;
const MAX_SIGNATURE_HEADER_LENGTH = 4096;

export function verifySvixSignature(
  key: KeyObject,
  headers: SvixHeaders,
  body: Buffer,
  nowSeconds: number = Math.floor(Date.now() / 1000),
): VerifyResult {
  const { id, timestamp, signature } = headers;
  if (!id || !timestamp || !signature) return { ok: false, status: 401, reason: 'Missing signature headers' };
  if (
    id.length > MAX_ID_LENGTH ||
    signature.length > MAX_SIGNATURE_HEADER_LENGTH ||
    !/^\d{1,15}$/.test(timestamp)
  )
    return { ok: false, status: 401, reason: 'Invalid signature headers' };

  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  let matched = false;
  for (const candidate of signature.split(' ')) {
    const comma = candidate.indexOf(',');
    if (comma < 0 || candidate.slice(0, comma) !== 'v1') continue;
    const given = Buffer.from(candidate.slice(comma + 1), 'base64');
    // Lengths are public (a SHA-256 is always 32 bytes); only equal-length buffers are compared.
    if (given.length === expected.length && timingSafeEqual(given, expected)) matched = true;
  }
  if (!matched) return { ok: false, status: 401, reason: 'No matching signature' };

  const seconds = Number(timestamp);
  if (Math.abs(nowSeconds - seconds) > TIMESTAMP_TOLERANCE_SECONDS)
    return { ok: false, status: 400, reason: 'Timestamp outside the tolerance' };
  return { ok: true, id, timestamp: seconds };
}
