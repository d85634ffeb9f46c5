import { createHmac, timingSafeEqual } from 'node:crypto';
import { bytesToUuid, uuidToBytes } from '../security/mac.ts';

/**
 * Unsubscribe tokens (decision 004): they name a contact, and the campaign or automation flow the
 * e-mail came from, and never expire because an unsubscribe link in an old e-mail must keep working.
 *
 * Layout, then base64url without padding:
 *   version (1 byte) | contact uuid (16 bytes) | [campaign or flow uuid (16 bytes)] | HMAC-SHA256 truncated (16 bytes)
 * Version 1 names a campaign in its second uuid, version 2 a flow (decision 065). The version byte is
 * inside the MAC, so a campaign's token can never be read as a flow's; every token issued before
 * flows existed is a version 1 token and verifies as before.
 * UUIDs travel as raw bytes and the MAC is cut to 128 bits (the floor RFC 2104 §5 allows: half the hash
 * output) to keep the link short: 44 characters without a campaign, 66 with one.
 */

export interface UnsubscribeTokenPayload {
  contactId: string;
  campaignId?: string;
  /** The automation flow whose e-mail carried the link (decision 065); never with campaignId. */
  flowId?: string;
}

const VERSION = 1;
const VERSION_FLOW = 2;
const UUID_BYTES = 16;
const MAC_BYTES = 16;
// Binds the MAC to this purpose, so a MAC made with the same secret for anything else never verifies here.
const DOMAIN_LABEL = Buffer.from('unsubscribe:v1\0', 'utf8');
const LEAD_ONLY_LENGTH = 1 + UUID_BYTES + MAC_BYTES;
const WITH_CAMPAIGN_LENGTH = LEAD_ONLY_LENGTH + UUID_BYTES;
// Longest valid token in characters; anything longer is rejected before any decoding work.
const MAX_TOKEN_CHARS = Math.ceil((WITH_CAMPAIGN_LENGTH * 4) / 3);

const base64UrlPattern = /^[A-Za-z0-9_-]+$/;

function assertSecret(secret: string): void {
  // A missing secret is a deployment mistake; failing loudly beats issuing tokens anyone could forge.
  if (typeof secret !== 'string' || secret.length === 0) throw new TypeError('Token secret is empty');
}

function mac(secret: string, body: Buffer): Buffer {
  return createHmac('sha256', secret).update(DOMAIN_LABEL).update(body).digest().subarray(0, MAC_BYTES);
}

/** Signs a payload; throws TypeError when an id is not a UUID or the secret is empty. */
export function signToken(secret: string, payload: UnsubscribeTokenPayload): string {
  assertSecret(secret);
  if (payload.campaignId !== undefined && payload.flowId !== undefined)
    throw new TypeError('A token names a campaign or a flow, not both');
  const version = payload.flowId !== undefined ? VERSION_FLOW : VERSION;
  const parts = [Buffer.of(version), uuidToBytes(payload.contactId)];
  const source = payload.flowId ?? payload.campaignId;
  if (source !== undefined) parts.push(uuidToBytes(source));
  const body = Buffer.concat(parts);
  return Buffer.concat([body, mac(secret, body)]).toString('base64url');
}

/**
 * Returns the payload (UUIDs in lower case) or null for anything that is not a token this secret made.
 * Never throws on token content, because the token arrives straight from a URL.
 */
export function verifyToken(secret: string, token: unknown): UnsubscribeTokenPayload | null {
  assertSecret(secret);
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_CHARS) return null;
  if (!base64UrlPattern.test(token)) return null;

  const bytes = Buffer.from(token, 'base64url');
  // Node's decoder ignores spare low bits in the last character; requiring the canonical encoding means
  // each valid token has exactly one spelling, so any changed character is rejected.
  if (bytes.toString('base64url') !== token) return null;
  if (bytes.length !== LEAD_ONLY_LENGTH && bytes.length !== WITH_CAMPAIGN_LENGTH) return null;
  const version = bytes[0];
  if (version !== VERSION && !(version === VERSION_FLOW && bytes.length === WITH_CAMPAIGN_LENGTH))
    return null;

  const body = bytes.subarray(0, bytes.length - MAC_BYTES);
  const given = bytes.subarray(bytes.length - MAC_BYTES);
  const expected = mac(secret, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const contactId = bytesToUuid(body.subarray(1, 1 + UUID_BYTES));
  if (body.length === 1 + UUID_BYTES) return { contactId: contactId };
  const source = bytesToUuid(body.subarray(1 + UUID_BYTES));
  return version === VERSION_FLOW
    ? { contactId, flowId: source }
    : { contactId: contactId, campaignId: source };
}
