import { sql } from 'kysely';
import type { DbExecutor } from '../db/database.ts';
import {
  bytesToUuid,
  decodeBase64Url,
  MAC_BYTES,
  macMatches,
  purposeMac,
  uuidToBytes,
} from '../security/mac.ts';

/**
 * E-mail verification links: `base64url(version | user uuid | expiry (uint32 seconds) | MAC)`.
 * The MAC also covers the lower-cased address, so a link stops working if the account's e-mail
 * changes. Stateless: nothing to store or clean up, and a replay only re-confirms the same fact.
 */
export const VERIFICATION_TTL_SECONDS = 48 * 60 * 60;

const VERSION = 1;
const LABEL = 'email-verification:v1';
const BODY_BYTES = 1 + 16 + 4;
const TOKEN_BYTES = BODY_BYTES + MAC_BYTES;
const MAX_CHARS = Math.ceil((TOKEN_BYTES * 4) / 3);

export interface VerificationSubject {
  userId: string;
  email: string;
}

export function createVerificationToken(
  secret: string,
  { userId, email }: VerificationSubject,
  now = new Date(),
): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  uuidToBytes(userId).copy(body, 1);
  body.writeUInt32BE(Math.floor(now.getTime() / 1000) + VERIFICATION_TTL_SECONDS, 17);
  return Buffer.concat([body, purposeMac(secret, LABEL, [body, email.trim().toLowerCase()])]).toString(
    'base64url',
  );
}

/** The user id the token names, once the caller confirms the address it was made for. */
export interface ParsedVerificationToken {
  userId: string;
  expiresAt: Date;
  matches(email: string): boolean;
}

/** Structure and expiry only; the MAC needs the address, checked through `matches`. */
export function parseVerificationToken(
  secret: string,
  token: unknown,
  now = new Date(),
): ParsedVerificationToken | null {
  const bytes = decodeBase64Url(token, MAX_CHARS);
  if (!bytes || bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  const given = bytes.subarray(BODY_BYTES);
  const expiresAt = new Date(body.readUInt32BE(17) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return null;
  return {
    userId: bytesToUuid(body.subarray(1, 17)),
    expiresAt,
    matches: (email) => macMatches(given, purposeMac(secret, LABEL, [body, email.trim().toLowerCase()])),
  };
}

export type VerifyEmailOutcome = 'verified' | 'already_verified' | 'invalid';

/** Marks the address verified when the token is genuine, unexpired and names the account's e-mail. */
export async function verifyEmailWithToken(
  db: DbExecutor,
  secret: string,
  token: unknown,
  now = new Date(),
): Promise<VerifyEmailOutcome> {
  const parsed = parseVerificationToken(secret, token, now);
  if (!parsed) return 'invalid';
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified_at'])
    .where('id', '=', parsed.userId)
    .executeTakeFirst();
  if (!user || !parsed.matches(user.email)) return 'invalid';
  if (user.email_verified_at) return 'already_verified';
  await db
    .updateTable('users')
    .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, ${now})` })
    .where('id', '=', user.id)
    .execute();
  return 'verified';
}
