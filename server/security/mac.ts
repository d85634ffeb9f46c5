import { createHmac, timingSafeEqual } from 'node:crypto';

/** 128-bit truncated HMAC-SHA256 (RFC 2104 §5 floor): enough for links and cookies, and short. */
export const MAC_BYTES = 16;

/**
 * MAC bound to a purpose label, so a value signed for one purpose (say a device cookie) never
 * verifies as another (say an e-mail verification link) although both use the app secret.
 */
export function purposeMac(secret: string, label: string, parts: ReadonlyArray<Buffer | string>): Buffer {
  // A missing secret is a deployment mistake; failing loudly beats issuing tokens anyone could forge.
  if (secret.length === 0) throw new TypeError('The signing secret is empty');
  const hmac = createHmac('sha256', secret).update(`${label}\0`);
  for (const part of parts) hmac.update(part).update('\0');
  return hmac.digest().subarray(0, MAC_BYTES);
}

export function macMatches(given: Buffer, expected: Buffer): boolean {
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const base64UrlPattern = /^[A-Za-z0-9_-]+$/;

/** Decodes canonical base64url only (one spelling per token), or null; never throws on URL input. */
export function decodeBase64Url(value: unknown, maxChars: number): Buffer | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxChars) return null;
  if (!base64UrlPattern.test(value)) return null;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.toString('base64url') === value ? bytes : null;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuidToBytes(uuid: string): Buffer {
  if (!uuidPattern.test(uuid)) throw new TypeError('Expected a UUID');
  return Buffer.from(uuid.replaceAll('-', ''), 'hex');
}

export function bytesToUuid(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
