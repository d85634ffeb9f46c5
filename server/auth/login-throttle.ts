import { randomBytes } from 'node:crypto';
import type { DbExecutor } from '../db/database.ts';
import {
  consumeRateLimit,
  type RateLimitRule,
  releaseRateLimit,
  resetRateLimit,
} from '../security/rate-limit.ts';
import { decodeBase64Url, MAC_BYTES, macMatches, purposeMac } from '../security/mac.ts';

/*
 * Sign-in throttling (decision 008). Every attempt is counted *before* the password is
 * checked, in one atomic upsert, so a burst of parallel guesses cannot slip past the limit.
 *
 * - Per account: 5 attempts per 15-minute window; a correct password resets the counter. The
 *   window is fixed, never a permanent lock: an attacker can at worst hold an account for 15
 *   minutes at a time, and even that spares the real admin on a browser where they signed in
 *   before, because that browser carries a signed "known device" cookie and is counted under
 *   its own key instead of the account's (OWASP's device-cookie scheme).
 * - Per IP: 50 attempts per 15 minutes across all accounts (password spraying). An admin's own
 *   successful sign-in gives its attempt back; a non-admin's does not, or anyone could sign up
 *   and interleave their own good logins to reset the counter.
 */
export const LOGIN_ACCOUNT_RULE: RateLimitRule = { limit: 5, windowSeconds: 15 * 60 };
export const LOGIN_IP_RULE: RateLimitRule = { limit: 50, windowSeconds: 15 * 60 };
export const SIGN_UP_IP_RULE: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };

export const KNOWN_DEVICE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const DEVICE_LABEL = 'login-device:v1';
const DEVICE_VERSION = 1;
const NONCE_BYTES = 16;
const DEVICE_TOKEN_BYTES = 1 + NONCE_BYTES + MAC_BYTES;
const DEVICE_MAX_CHARS = Math.ceil((DEVICE_TOKEN_BYTES * 4) / 3);

function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A token for the device cookie, good only for sign-ins to this address. */
export function createKnownDeviceToken(secret: string, email: string): string {
  const body = Buffer.concat([Buffer.of(DEVICE_VERSION), randomBytes(NONCE_BYTES)]);
  return Buffer.concat([body, purposeMac(secret, DEVICE_LABEL, [body, normaliseEmail(email)])]).toString(
    'base64url',
  );
}

/** The device's id (hex nonce) when the token is genuine and was issued for this address. */
export function knownDeviceId(secret: string, token: unknown, email: string): string | null {
  const bytes = decodeBase64Url(token, DEVICE_MAX_CHARS);
  if (!bytes || bytes.length !== DEVICE_TOKEN_BYTES || bytes[0] !== DEVICE_VERSION) return null;
  const body = bytes.subarray(0, 1 + NONCE_BYTES);
  const expected = purposeMac(secret, DEVICE_LABEL, [body, normaliseEmail(email)]);
  if (!macMatches(bytes.subarray(1 + NONCE_BYTES), expected)) return null;
  return body.subarray(1).toString('hex');
}

export interface LoginAttempt {
  /** Counter this attempt is charged to for the account (the device's own when it is known). */
  accountKey: string;
  ipKey: string;
}

export function loginAttemptKeys(email: string, ip: string | null, deviceId: string | null): LoginAttempt {
  return {
    accountKey: deviceId ? `login:device:${deviceId}` : `login:account:${normaliseEmail(email)}`,
    ipKey: `login:ip:${ip ?? 'unknown'}`,
  };
}

/** Counts the attempt; returns the seconds to wait when it is over a limit, else null. */
export async function chargeLoginAttempt(
  db: DbExecutor,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<number | null> {
  const [account, ip] = await Promise.all([
    consumeRateLimit(db, attempt.accountKey, LOGIN_ACCOUNT_RULE, now),
    consumeRateLimit(db, attempt.ipKey, LOGIN_IP_RULE, now),
  ]);
  const waits = [account, ip].filter((r) => !r.allowed).map((r) => r.retryAfterSeconds);
  return waits.length > 0 ? Math.max(...waits) : null;
}

/** After a correct password: the account (or device) starts afresh. */
export async function clearAccountAttempts(db: DbExecutor, attempt: LoginAttempt): Promise<void> {
  await resetRateLimit(db, attempt.accountKey);
}

/** After an admin's successful sign-in: their attempt no longer counts against their network. */
export async function refundIpAttempt(
  db: DbExecutor,
  attempt: LoginAttempt,
  now = new Date(),
): Promise<void> {
  await releaseRateLimit(db, attempt.ipKey, LOGIN_IP_RULE, now);
}
