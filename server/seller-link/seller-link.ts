import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { sellerPagePath } from '#shared/enquiries/seller.ts';
import type { AppConfig } from '../config/app-config.ts';
import type { DbExecutor } from '../db/database.ts';
import { bytesToUuid, decodeBase64Url, macMatches, purposeMac, uuidToBytes } from '../security/mac.ts';

// The seller's private link (decision 059): `/enquiry/<token>`, the token an HMAC of the enquiry
// and the link's version, so the admin can show and copy the live link at any time, and a row of
// seller_links holds what makes it revocable and expiring: the version (revoking bumps it, so every
// older token stops verifying) and the expiry, pushed out again by each e-mail that carries it.

/** How long a link works after the last e-mail that carried it. */
export const SELLER_LINK_TTL_DAYS = 90;

const FORMAT = 1;
const UUID_BYTES = 16;
const VERSION_BYTES = 4;
const MAC_BYTES = 16;
const TOKEN_BYTES = 1 + UUID_BYTES + VERSION_BYTES + MAC_BYTES;
// 37 bytes are 50 base64url characters; anything longer is refused before any decoding work.
const MAX_TOKEN_CHARS = Math.ceil((TOKEN_BYTES * 4) / 3);
// Binds the MAC to this purpose, so no other token made with APP_SECRET verifies as a seller link.
const LABEL = 'seller-page:v1';

export interface SellerLinkPayload {
  enquiryId: string;
  version: number;
}

export function signSellerToken(secret: string, payload: SellerLinkPayload): string {
  const version = Buffer.alloc(VERSION_BYTES);
  version.writeUInt32BE(payload.version);
  const body = Buffer.concat([Buffer.of(FORMAT), uuidToBytes(payload.enquiryId), version]);
  return Buffer.concat([body, purposeMac(secret, LABEL, [body])]).toString('base64url');
}

/** The payload of a token this secret made, or null; never throws on what arrives in a URL. */
export function verifySellerToken(secret: string, token: unknown): SellerLinkPayload | null {
  const bytes = decodeBase64Url(token, MAX_TOKEN_CHARS);
  if (!bytes || bytes.length !== TOKEN_BYTES || bytes[0] !== FORMAT) return null;
  const body = bytes.subarray(0, TOKEN_BYTES - MAC_BYTES);
  if (!macMatches(bytes.subarray(TOKEN_BYTES - MAC_BYTES), purposeMac(secret, LABEL, [body]))) return null;
  return {
    enquiryId: bytesToUuid(body.subarray(1, 1 + UUID_BYTES)),
    version: body.readUInt32BE(1 + UUID_BYTES),
  };
}

type LinkConfig = Pick<AppConfig, 'appUrl' | 'appSecret'>;

export function sellerPageUrl(config: LinkConfig, payload: SellerLinkPayload): string {
  return `${config.appUrl}${sellerPagePath(signSellerToken(config.appSecret, payload))}`;
}

/**
 * The enquiry's live link, its expiry pushed to SELLER_LINK_TTL_DAYS from now: called by every
 * e-mail that carries it (acknowledgement, replies, offers, a requested new link).
 */
export async function issueSellerLink(
  db: DbExecutor,
  config: LinkConfig,
  enquiryId: string,
): Promise<{ url: string; version: number; expiresAt: Date }> {
  const row = await db
    .insertInto('seller_links')
    .values({
      enquiry_id: enquiryId,
      expires_at: sql<Date>`now() + make_interval(days => ${SELLER_LINK_TTL_DAYS})`,
    })
    .onConflict((oc) =>
      oc.column('enquiry_id').doUpdateSet({
        expires_at: sql<Date>`greatest(seller_links.expires_at, excluded.expires_at)`,
      }),
    )
    .returning(['version', 'expires_at'])
    .executeTakeFirstOrThrow();
  return {
    url: sellerPageUrl(config, { enquiryId, version: row.version }),
    version: row.version,
    expiresAt: row.expires_at,
  };
}

/**
 * Revokes the enquiry's link and issues its successor at once: the old token's version is left
 * behind, so it stops working, and the new one is not sent anywhere until an e-mail carries it or a
 * member copies it.
 */
export async function revokeSellerLink(
  db: DbExecutor,
  config: LinkConfig,
  enquiryId: string,
  actorId: string | null,
): Promise<{ url: string; version: number; expiresAt: Date }> {
  const row = await db
    .insertInto('seller_links')
    .values({
      enquiry_id: enquiryId,
      // No link was ever issued: start at 2, so a token for version 1 could never have existed.
      version: 2,
      expires_at: sql<Date>`now() + make_interval(days => ${SELLER_LINK_TTL_DAYS})`,
      revoked_at: sql<Date>`now()`,
      revoked_by: actorId,
    })
    .onConflict((oc) =>
      oc.column('enquiry_id').doUpdateSet({
        version: sql<number>`seller_links.version + 1`,
        expires_at: sql<Date>`excluded.expires_at`,
        revoked_at: sql<Date>`now()`,
        revoked_by: actorId,
      }),
    )
    .returning(['version', 'expires_at'])
    .executeTakeFirstOrThrow();
  return {
    url: sellerPageUrl(config, { enquiryId, version: row.version }),
    version: row.version,
    expiresAt: row.expires_at,
  };
}

/**
 * The enquiry a token opens, or null for anything else: a forged or mangled token, a revoked one
 * (an older version), an expired one, or one whose enquiry is gone. All get the same answer.
 */
export async function enquiryForSellerToken(
  db: DbExecutor,
  secret: string,
  token: unknown,
): Promise<string | null> {
  const payload = verifySellerToken(secret, token);
  if (!payload) return null;
  const row = await db
    .selectFrom('seller_links')
    .select('enquiry_id')
    .where('enquiry_id', '=', payload.enquiryId)
    .where('version', '=', payload.version)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.enquiry_id ?? null;
}

/** What any reader of the enquiry sees of the link: its expiry and last revocation, not the URL. */
export interface SellerLinkStatus {
  expiresAt: string;
  expired: boolean;
  revokedAt: string | null;
}

async function linkRow(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('seller_links')
    .select(['version', 'expires_at', 'revoked_at', sql<boolean>`expires_at <= now()`.as('expired')])
    .where('enquiry_id', '=', enquiryId)
    .executeTakeFirst();
}

function statusOf(row: { expires_at: Date; expired: boolean; revoked_at: Date | null }): SellerLinkStatus {
  return {
    expiresAt: row.expires_at.toISOString(),
    expired: row.expired,
    revokedAt: row.revoked_at?.toISOString() ?? null,
  };
}

/**
 * The link's state for the enquiry page (decision 067): the URL is a bearer credential, so reading
 * the page never returns it; `sellerLinkForAdmin` does, behind enquiries.write and an audit row.
 */
export async function sellerLinkStatus(db: DbExecutor, enquiryId: string): Promise<SellerLinkStatus | null> {
  const row = await linkRow(db, enquiryId);
  return row ? statusOf(row) : null;
}

/** The link as a member with enquiries.write reveals it: the live URL, its expiry and last revocation. */
export async function sellerLinkForAdmin(
  db: DbExecutor,
  config: LinkConfig,
  enquiryId: string,
): Promise<(SellerLinkStatus & { url: string }) | null> {
  const row = await linkRow(db, enquiryId);
  if (!row) return null;
  return { url: sellerPageUrl(config, { enquiryId, version: row.version }), ...statusOf(row) };
}

/**
 * The id of the private link an answer came through, for the certificate (decision 072): the
 * token's SHA-256 cut to 16 hex characters, so the desk can tell which link was used without the
 * certificate carrying a working key to the page.
 */
export function sellerLinkId(token: string): string {
  return createHash('sha256').update(token.trim()).digest('hex').slice(0, 16);
}
