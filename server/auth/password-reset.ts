import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { consumeRateLimit, type RateLimitRule, resetRateLimit } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { passwordResetEmail } from './auth-emails.ts';
import { AuthError } from './errors.ts';
import {
  bytesToUuid,
  decodeBase64Url,
  MAC_BYTES,
  macMatches,
  purposeMac,
  uuidToBytes,
} from '../security/mac.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { newPasswordProblem } from './password-policy.ts';
import { invalidateUserSessions } from './session.ts';
import { chargeCodeAttempt } from './two-factor.ts';
import { findUserByEmail } from './users.ts';

/**
 * Password reset links (decision 008): `base64url(version | user uuid | expiry | MAC)`, valid for
 * one hour. The MAC covers the account's current password hash, so the link is single-use without
 * any stored state: once the password changes (through this link or otherwise) every earlier link
 * stops working.
 */
export const PASSWORD_RESET_TTL_SECONDS = 60 * 60;

const VERSION = 1;
const LABEL = 'password-reset:v1';
const BODY_BYTES = 1 + 16 + 4;
const TOKEN_BYTES = BODY_BYTES + MAC_BYTES;
const MAX_CHARS = Math.ceil((TOKEN_BYTES * 4) / 3);

/** Requests per address and per network: enough for a typo and a retry, not for mail-bombing. */
export const RESET_EMAIL_RULE: RateLimitRule = { limit: 3, windowSeconds: 60 * 60 };
export const RESET_IP_RULE: RateLimitRule = { limit: 10, windowSeconds: 60 * 60 };

export function createPasswordResetToken(
  secret: string,
  user: { id: string; passwordHash: string },
  now = new Date(),
): string {
  const body = Buffer.alloc(BODY_BYTES);
  body.writeUInt8(VERSION, 0);
  uuidToBytes(user.id).copy(body, 1);
  body.writeUInt32BE(Math.floor(now.getTime() / 1000) + PASSWORD_RESET_TTL_SECONDS, 17);
  return Buffer.concat([body, purposeMac(secret, LABEL, [body, user.passwordHash])]).toString('base64url');
}

/** The account a genuine, unexpired, unused link names; null otherwise. */
async function userForToken(
  db: DbExecutor,
  secret: string,
  token: unknown,
  now: Date,
): Promise<{ id: string; email: string } | null> {
  const bytes = decodeBase64Url(token, MAX_CHARS);
  if (!bytes || bytes.length !== TOKEN_BYTES || bytes[0] !== VERSION) return null;
  const body = bytes.subarray(0, BODY_BYTES);
  if (now.getTime() >= body.readUInt32BE(17) * 1000) return null;
  const user = await db
    .selectFrom('users')
    .select(['id', 'email', 'password_hash'])
    .where('id', '=', bytesToUuid(body.subarray(1, 17)))
    .forUpdate()
    .executeTakeFirst();
  if (!user) return null;
  const expected = purposeMac(secret, LABEL, [body, user.password_hash]);
  return macMatches(bytes.subarray(BODY_BYTES), expected) ? { id: user.id, email: user.email } : null;
}

/**
 * "Forgot password?": the caller always sees the same answer, so the form cannot be used to learn
 * who has an account, and the request does the same work whatever the address: the network's
 * throttle, then one queued job (`auth.password-reset`). Looking the address up, the per-address
 * limit and the e-mail happen in the worker, where their timing tells the caller nothing.
 */
export async function requestPasswordReset(
  services: Pick<AppServices, 'db' | 'jobs'>,
  email: string,
  client: { ip: string | null },
  now = new Date(),
): Promise<void> {
  const ipLimit = await consumeRateLimit(
    services.db,
    `password-reset:ip:${client.ip ?? 'unknown'}`,
    RESET_IP_RULE,
    now,
  );
  if (!ipLimit.allowed)
    throw new AuthError('throttled', AUTH_MESSAGES.resetThrottled, ipLimit.retryAfterSeconds);
  await services.jobs.send('auth.password-reset', { email: email.trim().toLowerCase() });
}

/**
 * The job behind a reset request: e-mails a link when the address has an account, at most
 * `RESET_EMAIL_RULE` times an hour per address. Answers whether an e-mail was queued.
 */
export async function runPasswordResetJob(
  services: Pick<AppServices, 'db' | 'config' | 'jobs'>,
  payload: { email: string },
  now = new Date(),
): Promise<boolean> {
  const { db, config } = services;
  const address = payload.email.trim().toLowerCase();
  const emailLimit = await consumeRateLimit(db, `password-reset:email:${address}`, RESET_EMAIL_RULE, now);
  if (!emailLimit.allowed) return false;
  const user = await findUserByEmail(db, address);
  if (!user) return false;
  const token = createPasswordResetToken(
    config.appSecret,
    { id: user.id, passwordHash: user.password_hash },
    now,
  );
  // One e-mail per link: the key is the token itself, so a retried job never sends two.
  await enqueueEmail(
    services,
    passwordResetEmail(config, { email: user.email, token }),
    `password-reset:${token}`,
  );
  return true;
}

/** What a password change commits with: the audit row (decision 030), in the same transaction. */
export type PasswordChangeRecord = (
  trx: DbExecutor,
  user: { id: string; email: string },
  sessionsEnded: number,
) => Promise<void>;

/** Sets a new password through a reset link and ends every session of the account. */
export async function resetPassword(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { token: string; password: string },
  record: PasswordChangeRecord = async () => {},
  now = new Date(),
): Promise<{ email: string }> {
  const { db, config } = services;
  return db.transaction().execute(async (trx) => {
    const user = await userForToken(trx, config.appSecret, input.token, now);
    if (!user) throw new AuthError('invalid_token', AUTH_MESSAGES.resetLinkInvalid);
    const problem = await newPasswordProblem(input.password, user.email, config.site.name);
    if (problem) throw new AuthError('weak_password', problem);
    await trx
      .updateTable('users')
      .set({ password_hash: await hashPassword(input.password) })
      .where('id', '=', user.id)
      .execute();
    await record(trx, user, await invalidateUserSessions(trx, user.id));
    return { email: user.email };
  });
}

/**
 * A signed-in user's "Change password": the current password is asked again, and every other
 * session of the account ends (a stolen session does not survive the change). Both hashes are
 * worked out before the transaction; the new hash, the ended sessions and `record` commit together.
 */
export async function changePassword(
  db: Database,
  siteName: string,
  user: { id: string; email: string },
  currentSessionId: string,
  input: { currentPassword: string; newPassword: string },
  record: PasswordChangeRecord = async () => {},
  refused: (error: AuthError) => Promise<void> = async () => {},
): Promise<{ sessionsEnded: number }> {
  // Throttled like the 2FA step and sharing its counter (decisions 029, 030): a stolen session
  // gets 5 guesses at the password per 15 minutes across every form that asks for it again. The
  // attempt is charged, and committed, before the hash is checked, so parallel guesses count too.
  try {
    await chargeCodeAttempt(db, user.id, new Date());
  } catch (error) {
    if (error instanceof AuthError) await refused(error);
    throw error;
  }
  const row = await db
    .selectFrom('users')
    .select('password_hash')
    .where('id', '=', user.id)
    .executeTakeFirst();
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
    const error = new AuthError('invalid_credentials', AUTH_MESSAGES.currentPasswordWrong);
    await refused(error);
    throw error;
  }
  await resetRateLimit(db, `2fa:user:${user.id}`);
  const problem = await newPasswordProblem(input.newPassword, user.email, siteName);
  if (problem) throw new AuthError('weak_password', problem);
  const passwordHash = await hashPassword(input.newPassword);
  return db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
    const ended = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', user.id)
      .where('id', '!=', currentSessionId)
      .executeTakeFirst();
    const sessionsEnded = Number(ended.numDeletedRows);
    await record(trx, user, sessionsEnded);
    return { sessionsEnded };
  });
}
