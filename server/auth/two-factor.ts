import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32UpperCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { createTOTPKeyURI } from '@oslojs/otp';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import QRCode from 'qrcode';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import { consumeRateLimit, resetRateLimit } from '../security/rate-limit.ts';
import { AuthError, signInThrottled } from './errors.ts';
import { LOGIN_ACCOUNT_RULE } from './login-throttle.ts';
import {
  decodeBase64Url,
  MAC_BYTES,
  macMatches,
  purposeMac,
  uuidToBytes,
  bytesToUuid,
} from '../security/mac.ts';
import { verifyPassword } from './password.ts';
import { matchTotp, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from './totp.ts';

// Two-factor sign-in (decision 029). The secret is 20 random bytes (RFC 4226's recommended 160
// bits); recovery codes carry 80 bits each, so a plain SHA-256 is enough to store them (no slow hash
// needed, unlike passwords).

export const RECOVERY_CODE_COUNT = 10;
/** A password accepted for a member with 2FA opens a 5-minute window for the code, no session yet. */
export const PENDING_TWO_FACTOR_MS = 5 * 60 * 1000;

export const TWO_FACTOR_MESSAGES = {
  invalidCode: 'That code is not valid. Enter the current code from your authenticator app.',
  expired: 'Your sign-in took too long. Please enter your password again.',
  notStarted: 'Start the set-up again: no authenticator was waiting for a code.',
} as const;

function hashRecoveryCode(code: string): string {
  const normalised = code.replaceAll(/[\s-]/g, '').toUpperCase();
  return encodeHexLowerCase(sha256(new TextEncoder().encode(normalised)));
}

function newRecoveryCode(): string {
  const text = encodeBase32UpperCaseNoPadding(randomBytes(10));
  return `${text.slice(0, 8)}-${text.slice(8)}`;
}

export async function twoFactorEnabled(db: DbExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('enabled_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Boolean(row?.enabled_at);
}

export interface Enrolment {
  secret: string;
  uri: string;
  qrSvg: string;
}

/**
 * A new secret waiting for its first code (`pending_secret`), replacing any earlier one that was
 * waiting. An authenticator already in use stays in force until `confirmEnrolment` swaps the new
 * one in: starting an enrolment never turns two-factor sign-in off (decision 029). Answers whether
 * a factor was already on, for the audit row.
 */
export async function beginEnrolment(
  db: DbExecutor,
  user: { id: string; email: string },
  issuer: string,
): Promise<Enrolment & { replacing: boolean }> {
  const key = randomBytes(20);
  const row = await db
    .insertInto('user_two_factor')
    .values({ user_id: user.id, secret: key, pending_secret: key, enabled_at: null, last_used_step: 0 })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        pending_secret: key,
        // Only an enrolment never confirmed may lose its secret; a factor in use keeps it.
        secret: sql<Uint8Array>`CASE WHEN user_two_factor.enabled_at IS NULL THEN excluded.secret
          ELSE user_two_factor.secret END`,
      }),
    )
    .returning('enabled_at')
    .executeTakeFirstOrThrow();
  const uri = createTOTPKeyURI(issuer, user.email, key, TOTP_PERIOD_SECONDS, TOTP_DIGITS);
  // Drawn here, never by a third-party service: the secret must not leave the server and browser.
  const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: encodeBase32UpperCaseNoPadding(key), uri, qrSvg, replacing: row.enabled_at !== null };
}

export async function chargeCodeAttempt(db: DbExecutor, userId: string, now: Date): Promise<void> {
  const result = await consumeRateLimit(db, `2fa:user:${userId}`, LOGIN_ACCOUNT_RULE, now);
  if (!result.allowed) throw signInThrottled(result.retryAfterSeconds);
}

/**
 * Checks the first code of the waiting authenticator; makes it the one in use, turns 2FA on and
 * returns new recovery codes (shown once, stored hashed). The attempt is charged on its own, so a
 * wrong code still counts; the swap, the codes and `record` (the audit row, decision 030) commit
 * together. `replaced` says whether another authenticator was on before.
 */
export async function confirmEnrolment(
  db: Database,
  userId: string,
  code: string,
  record: (trx: DbTransaction, change: { replaced: boolean }) => Promise<void> = async () => {},
  now = new Date(),
): Promise<string[]> {
  await chargeCodeAttempt(db, userId, now);
  const row = await db
    .selectFrom('user_two_factor')
    .select(['pending_secret', 'enabled_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const pending = row?.pending_secret;
  if (!row || !pending) throw new AuthError('invalid_token', TWO_FACTOR_MESSAGES.notStarted);
  const step = matchTotp(pending, code.trim(), now, 0);
  if (step === null) throw new AuthError('invalid_credentials', TWO_FACTOR_MESSAGES.invalidCode);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.transaction().execute(async (trx) => {
    // Conditional on the secret that was checked: a newer enrolment started meanwhile wins.
    const swapped = await trx
      .updateTable('user_two_factor')
      .set({ secret: pending, pending_secret: null, enabled_at: now, last_used_step: step })
      .where('user_id', '=', userId)
      .where('pending_secret', '=', pending)
      .executeTakeFirst();
    if (swapped.numUpdatedRows === 0n) throw new AuthError('invalid_token', TWO_FACTOR_MESSAGES.notStarted);
    await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
    await trx
      .insertInto('two_factor_recovery_codes')
      .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c), used_at: null })))
      .execute();
    await resetRateLimit(trx, `2fa:user:${userId}`);
    await record(trx, { replaced: row.enabled_at !== null });
  });
  return codes;
}

/**
 * The second factor at sign-in: a TOTP code (each step accepted once) or an unused recovery code
 * (spent by this call). Throttled per member like passwords; throws AuthError when refused.
 */
export async function verifySecondFactor(
  db: DbExecutor,
  userId: string,
  code: string,
  now = new Date(),
): Promise<'totp' | 'recovery'> {
  await chargeCodeAttempt(db, userId, now);
  return claimSecondFactor(db, userId, code, now);
}

/**
 * The check without the charge: accepts the code by spending it (the TOTP step, or the recovery
 * code). Sign-in charges the attempt first on its own, then calls this in the transaction that
 * starts the session and writes the audit row (decision 030), so a spent code never outlives them.
 */
export async function claimSecondFactor(
  db: DbExecutor,
  userId: string,
  code: string,
  now = new Date(),
): Promise<'totp' | 'recovery'> {
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const row = await db
      .selectFrom('user_two_factor')
      .select(['secret', 'last_used_step'])
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    const step = row ? matchTotp(row.secret, trimmed, now, row.last_used_step) : null;
    if (step !== null) {
      // Conditional on the step: two requests racing with one code cannot both pass.
      const claimed = await db
        .updateTable('user_two_factor')
        .set({ last_used_step: step })
        .where('user_id', '=', userId)
        .where('last_used_step', '<', step)
        .executeTakeFirst();
      if (claimed.numUpdatedRows > 0n) {
        await resetRateLimit(db, `2fa:user:${userId}`);
        return 'totp';
      }
    }
  } else if (trimmed.length > 0) {
    const spent = await db
      .updateTable('two_factor_recovery_codes')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('code_hash', '=', hashRecoveryCode(trimmed))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (spent.numUpdatedRows > 0n) {
      await resetRateLimit(db, `2fa:user:${userId}`);
      return 'recovery';
    }
  }
  throw new AuthError('invalid_credentials', TWO_FACTOR_MESSAGES.invalidCode);
}

const PENDING_LABEL = 'sign-in-2fa:v1';
const PENDING_BYTES = 16 + 8 + MAC_BYTES;

/** Proof that the password was right, for the code step: signed, bound to the member, 5 minutes. */
export function createPendingToken(secret: string, userId: string, now = new Date()): string {
  const expires = Buffer.alloc(8);
  expires.writeBigUInt64BE(BigInt(now.getTime() + PENDING_TWO_FACTOR_MS));
  const body = Buffer.concat([uuidToBytes(userId), expires]);
  return Buffer.concat([body, purposeMac(secret, PENDING_LABEL, [body])]).toString('base64url');
}

export function readPendingToken(secret: string, token: unknown, now = new Date()): string | null {
  const bytes = decodeBase64Url(token, Math.ceil((PENDING_BYTES * 4) / 3));
  if (!bytes || bytes.length !== PENDING_BYTES) return null;
  const body = bytes.subarray(0, 24);
  if (!macMatches(bytes.subarray(24), purposeMac(secret, PENDING_LABEL, [body]))) return null;
  if (Number(body.readBigUInt64BE(16)) <= now.getTime()) return null;
  return bytesToUuid(body.subarray(0, 16));
}

/**
 * Spends a pending token in the transaction that starts its session: one token, one session
 * (decision 029). The mark is a row in `rate_limits` (key = SHA-256 of the token, so the table
 * holds nothing that can be replayed), kept no longer than the token could live and pruned with
 * the counters; two requests racing with one token meet on its primary key. False when the token
 * was already spent.
 */
export async function spendPendingToken(db: DbExecutor, token: string, now = new Date()): Promise<boolean> {
  const key = `2fa-pending-spent:${encodeHexLowerCase(sha256(new TextEncoder().encode(token)))}`;
  const inserted = await db
    .insertInto('rate_limits')
    .values({
      key,
      window_start: new Date(0),
      count: 1,
      expires_at: new Date(now.getTime() + PENDING_TWO_FACTOR_MS),
    })
    .onConflict((oc) => oc.columns(['key', 'window_start']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const TWO_FACTOR_MANAGE_MESSAGES = {
  proofWrong: 'That password or code is not correct.',
  proofNeeded: 'To set up a new authenticator, enter your password or a code from your authenticator app.',
  notEnabled: 'Two-factor sign-in is not on for your account.',
  requiredByOwner: 'The Owner requires two-factor sign-in for every member: it cannot be turned off.',
} as const;

/**
 * Proof for turning 2FA off, replacing the recovery codes or setting up a new authenticator
 * (decision 030): the password, or a current code / unused recovery code. Throttled with the code
 * attempts.
 */
export async function checkReauthentication(
  db: DbExecutor,
  userId: string,
  proof: { password?: string | undefined; code?: string | undefined },
  now = new Date(),
): Promise<void> {
  if (proof.code) {
    try {
      await verifySecondFactor(db, userId, proof.code, now);
      return;
    } catch (error) {
      if (error instanceof AuthError && error.kind === 'invalid_credentials')
        throw new AuthError('invalid_credentials', TWO_FACTOR_MANAGE_MESSAGES.proofWrong);
      throw error;
    }
  }
  await chargeCodeAttempt(db, userId, now);
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, proof.password ?? '')))
    throw new AuthError('invalid_credentials', TWO_FACTOR_MANAGE_MESSAGES.proofWrong);
  await resetRateLimit(db, `2fa:user:${userId}`);
}

/** Turns 2FA off: the secret and the recovery codes go. False when it was not on. */
export async function removeTwoFactor(db: DbExecutor, userId: string): Promise<boolean> {
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  const removed = await db.deleteFrom('user_two_factor').where('user_id', '=', userId).executeTakeFirst();
  return removed.numDeletedRows > 0n;
}

/** Ten new recovery codes in place of the old ones (shown once, stored hashed). */
export async function regenerateRecoveryCodes(db: DbExecutor, userId: string): Promise<string[]> {
  if (!(await twoFactorEnabled(db, userId)))
    throw new AuthError('invalid_token', TWO_FACTOR_MANAGE_MESSAGES.notEnabled);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('two_factor_recovery_codes')
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c), used_at: null })))
    .execute();
  return codes;
}

/** Whether the Owner requires two-factor sign-in of every member (decision 030). */
export async function twoFactorRequired(db: DbExecutor): Promise<boolean> {
  const row = await db.selectFrom('settings').select('require_two_factor').executeTakeFirst();
  return row?.require_two_factor ?? false;
}

export async function setTwoFactorRequired(db: DbExecutor, required: boolean): Promise<void> {
  await db
    .insertInto('settings')
    .values({ id: true, require_two_factor: required })
    .onConflict((oc) => oc.column('id').doUpdateSet({ require_two_factor: required, updated_at: new Date() }))
    .execute();
}
