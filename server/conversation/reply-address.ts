import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import type { AppConfig } from '../config/app-config.ts';

// The reply address of an enquiry's e-mails (decision 060): `enquiry+<token>@INBOUND_DOMAIN`.
// The token is the enquiry's id (16 bytes) and a 10-byte HMAC tag under a key of this purpose
// only, in lower-case base32 (42 characters): nothing to store, unguessable without APP_SECRET, and
// readable whatever case a mail system gives the local part.

const PURPOSE = 'enquiry-reply-address/v1';
const ID_BYTES = 16;
const MAC_BYTES = 10;
const LOCAL_PREFIX = 'enquiry+';

type AddressConfig = Pick<AppConfig, 'appSecret' | 'inboundDomain'>;

function tag(secret: string, id: Buffer): Buffer {
  return createHmac('sha256', secret).update(PURPOSE).update(id).digest().subarray(0, MAC_BYTES);
}

function uuidBytes(enquiryId: string): Buffer {
  return Buffer.from(enquiryId.replace(/-/g, ''), 'hex');
}

function uuidOf(bytes: Buffer): string {
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The token of an enquiry's reply address. */
export function replyToken(secret: string, enquiryId: string): string {
  const id = uuidBytes(enquiryId);
  return encodeBase32LowerCaseNoPadding(Buffer.concat([id, tag(secret, id)]));
}

/** The enquiry a token names, or null when it is malformed or its tag is wrong. */
export function enquiryIdOfToken(secret: string, token: string): string | null {
  if (!/^[a-z2-7]{42}$/i.test(token)) return null;
  let bytes: Buffer;
  try {
    bytes = Buffer.from(decodeBase32IgnorePadding(token.toUpperCase()));
  } catch {
    return null;
  }
  if (bytes.length !== ID_BYTES + MAC_BYTES) return null;
  const id = bytes.subarray(0, ID_BYTES);
  if (!timingSafeEqual(bytes.subarray(ID_BYTES), tag(secret, id))) return null;
  return uuidOf(id);
}

/**
 * The Reply-To of every e-mail about an enquiry; null without INBOUND_DOMAIN (the caller keeps the
 * business address, as before decision 060).
 */
export function enquiryReplyTo(config: AddressConfig, enquiryId: string): string | null {
  if (!config.inboundDomain) return null;
  return `${LOCAL_PREFIX}${replyToken(config.appSecret, enquiryId)}@${config.inboundDomain}`;
}

/**
 * The token of the first recipient addressed to our inbound domain as `enquiry+<token>`, whatever
 * its case or display name; other recipients are ignored. Null when none is.
 */
export function replyTokenIn(config: AddressConfig, recipients: readonly string[]): string | null {
  const domain = config.inboundDomain;
  if (!domain) return null;
  for (const recipient of recipients) {
    const address = (/<([^<>]+)>\s*$/.exec(recipient)?.[1] ?? recipient).trim().toLowerCase();
    const at = address.lastIndexOf('@');
    if (at < 0 || address.slice(at + 1) !== domain) continue;
    const local = address.slice(0, at);
    if (local.startsWith(LOCAL_PREFIX)) return local.slice(LOCAL_PREFIX.length).slice(0, 200);
  }
  return null;
}
