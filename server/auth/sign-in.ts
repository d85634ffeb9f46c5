import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { Role } from '#shared/auth/permissions.ts';
import type { Credentials } from '#shared/auth/schemas.ts';
import { type AuditEntry, recordAudit } from '../audit/audit.ts';
import { recordThrottledRefusal } from '../audit/refusals.ts';
import type { DbExecutor } from '../db/database.ts';
import { consumeRateLimit, type RateLimitRule } from '../security/rate-limit.ts';
import type { AppServices } from '../services.ts';
import { accessDenied, AuthError, invalidCredentials, signInThrottled } from './errors.ts';
import { purposeMac } from '../security/mac.ts';
import {
  chargeCodeAttempt,
  claimSecondFactor,
  createPendingToken,
  readPendingToken,
  spendPendingToken,
  TWO_FACTOR_MESSAGES,
  twoFactorEnabled,
} from './two-factor.ts';
import {
  type LoginAttempt,
  chargeLoginAttempt,
  clearAccountAttempts,
  createKnownDeviceToken,
  knownDeviceId,
  loginAttemptKeys,
  refundIpAttempt,
} from './login-throttle.ts';
import { hashPassword, verifyPassword } from './password.ts';
import {
  createSession,
  deleteExpiredUserSessions,
  generateSessionToken,
  invalidateSession,
  type SessionClientInfo,
  type SessionUser,
} from './session.ts';
import { findUserByEmail } from './users.ts';

let dummyHash: Promise<string> | null = null;

/**
 * A hash with the real parameters of no one's password: unknown e-mails are checked against it,
 * so they cost the same argon2id work as a wrong password and the timing reveals nothing.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('hex'));
  return dummyHash;
}

export interface SignInClient extends SessionClientInfo {
  /** Value of the known-device cookie, if the browser sent one. */
  deviceToken: string | null;
  /** The session the browser holds now: replaced by the new one (no session fixation). */
  currentSessionId: string | null;
}

export interface SignInResult {
  kind: 'session';
  token: string;
  expiresAt: Date;
  user: SessionUser;
  /** Fresh known-device token for this address, to store in the device cookie. */
  deviceToken: string;
}

async function roleOf(db: DbExecutor, userId: string): Promise<Role | null> {
  const row = await db
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.role ?? null;
}

/** Sign-in's audit rows (decision 028), written by the caller's executor: see below. */
function audit(
  db: DbExecutor,
  client: SignInClient,
  user: { id: string; email: string } | null,
  entry: AuditEntry,
) {
  return recordAudit(db, { id: user?.id ?? null, email: user?.email ?? null, ip: client.ip }, entry);
}

/**
 * The team member an address belongs to, if any. A failed sign-in on a member's address is
 * recorded under that member (decision 043), so the Owner's "member" filter finds attempts on an
 * account; the caller's answer is the same either way, so this reveals nothing to them.
 */
async function memberByEmail(db: DbExecutor, email: string): Promise<{ id: string; email: string } | null> {
  const row = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email'])
    .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * The typed address of a refused sign-in as the audit log keeps it (decision 043): a keyed hash
 * (HMAC with the app secret), never the text, so an erased person's address is not left in the
 * append-only log (decision 036), while the Owner can still see repeated attempts on one address
 * and, knowing an address, match it. Without the secret the hash cannot be recomputed from a list
 * of addresses.
 */
export function auditEmailHash(secret: string, email: string): string {
  return purposeMac(secret, 'audit-email:v1', [email.trim().toLowerCase()]).toString('hex');
}

/**
 * Records a refused sign-in. On a member's address the row is filed under that member and needs
 * no address; on any other address the summary holds its keyed hash. A throttled caller's
 * refusals are counted into one row per window (decision 028).
 */
async function recordRefusal(
  db: DbExecutor,
  config: AppServices['config'],
  client: SignInClient,
  typed: string,
  member: { id: string; email: string } | null,
  error: AuthError,
): Promise<AuthError> {
  const entry = {
    action: 'auth.signInFailed' as const,
    entityType: member ? 'user' : null,
    entityId: member?.id ?? null,
  };
  if (error.kind === 'throttled')
    await recordThrottledRefusal(
      db,
      { id: member?.id ?? null, email: member?.email ?? null, ip: client.ip },
      { ...entry, summary: { reason: error.kind } },
    );
  else
    await audit(db, client, member, {
      ...entry,
      summary: member
        ? { reason: error.kind }
        : { emailHash: auditEmailHash(config.appSecret, typed), reason: error.kind },
    });
  return error;
}

/**
 * Admin sign-in. Throws AuthError: `throttled` over the limits, `invalid_credentials` for an
 * unknown address or a wrong password (indistinguishable), `access_denied` for a correct
 * password without the admin role. Only an admin gets a session, and always a new one.
 *
 * Audited (decisions 028, 030): the attempt is charged to the throttle on its own, committed before
 * the password is checked, and a refusal there is recorded after it (it changes nothing else). Once
 * the password matches, everything the sign-in changes (attempts cleared, the browser's previous
 * session ended, the new session) and its audit row commit in one transaction; the argon2 check
 * stays outside it, so no connection is held for the hash.
 */
export async function signIn(
  services: Pick<AppServices, 'db' | 'config'>,
  credentials: Credentials,
  client: SignInClient,
  now = new Date(),
): Promise<SignInResult | TwoFactorPending> {
  const { db, config } = services;
  const deviceId = knownDeviceId(config.appSecret, client.deviceToken, credentials.email);
  const attempt = loginAttemptKeys(credentials.email, client.ip, deviceId);
  const wait = await chargeLoginAttempt(db, attempt, now);
  // The member lookup runs for unknown addresses and wrong passwords alike: the same queries, so
  // the timing still says nothing about which addresses have accounts.
  const refused = async (error: AuthError) =>
    recordRefusal(db, config, client, credentials.email, await memberByEmail(db, credentials.email), error);
  if (wait !== null) throw await refused(signInThrottled(wait));

  const user = await findUserByEmail(db, credentials.email);
  const passwordHash = user?.password_hash ?? (await dummyPasswordHash());
  const passwordMatches = await verifyPassword(passwordHash, credentials.password);
  if (!user || !passwordMatches) throw await refused(invalidCredentials());

  // A refusal from here on commits what it changed (the previous session ended) with its row, and
  // is thrown after the commit.
  const outcome = await db.transaction().execute(async (trx) => {
    await clearAccountAttempts(trx, attempt);
    // Whatever happens next, the browser's previous session ends: a non-admin is "signed out".
    if (client.currentSessionId) await invalidateSession(trx, client.currentSessionId);
    const role = await roleOf(trx, user.id);
    // Admin access goes to the owner of the address: an unverified one signs in only once verified.
    if (!role || !user.email_verified_at)
      return recordRefusal(
        trx,
        config,
        client,
        credentials.email,
        role ? user : null,
        role ? new AuthError('access_denied', AUTH_MESSAGES.emailNotVerified) : accessDenied(),
      );

    // With 2FA on, the password only opens the code step: no session until the code (decision 029).
    if (await twoFactorEnabled(trx, user.id)) {
      await audit(trx, client, user, {
        action: 'auth.signInPasswordAccepted',
        summary: { email: user.email },
      });
      return {
        kind: 'twoFactor' as const,
        email: user.email,
        pendingToken: createPendingToken(config.appSecret, user.id, now),
      };
    }
    return startSession(trx, config, { id: user.id, email: user.email, role }, client, attempt, now, {});
  });
  if (outcome instanceof AuthError) throw outcome;
  return outcome;
}

/**
 * Code-step requests whose pending token is not genuine or has lapsed, per network: a member
 * whose 5 minutes ran out needs one, an attacker making tokens up gets a 429 after ten.
 */
export const PENDING_TOKEN_IP_RULE: RateLimitRule = { limit: 10, windowSeconds: 15 * 60 };

export interface TwoFactorPending {
  kind: 'twoFactor';
  email: string;
  pendingToken: string;
}

/**
 * The code step: a valid pending token and a TOTP or recovery code give the session. The code
 * attempt is charged on its own first; spending the code, the session and the audit row commit
 * together (decision 030). A refused code is recorded under the member it was for.
 */
export async function completeTwoFactorSignIn(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { pendingToken: string; code: string },
  client: SignInClient,
  now = new Date(),
): Promise<SignInResult & { method: 'totp' | 'recovery' }> {
  const { db, config } = services;
  const userId = readPendingToken(config.appSecret, input.pendingToken, now);
  const failed = async (user: { id: string; email: string } | null, error: AuthError): Promise<never> => {
    const entry = {
      action: 'auth.twoFactorFailed' as const,
      entityType: user ? 'user' : null,
      entityId: user?.id ?? null,
      summary: { reason: error.kind },
    };
    // A throttled caller's refusals share one row per window (decision 028).
    if (error.kind === 'throttled')
      await recordThrottledRefusal(
        db,
        { id: user?.id ?? null, email: user?.email ?? null, ip: client.ip },
        entry,
      );
    else await audit(db, client, user, entry);
    throw error;
  };
  if (!userId) {
    // Made-up or lapsed tokens are throttled per network, so guessing at them ends in a 429.
    const limit = await consumeRateLimit(
      db,
      `2fa-token:ip:${client.ip ?? 'unknown'}`,
      PENDING_TOKEN_IP_RULE,
      now,
    );
    return failed(
      null,
      limit.allowed
        ? new AuthError('invalid_token', TWO_FACTOR_MESSAGES.expired)
        : signInThrottled(limit.retryAfterSeconds),
    );
  }
  const user = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'user_roles.role'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) return failed(null, accessDenied());
  try {
    await chargeCodeAttempt(db, user.id, now);
    const attempt = loginAttemptKeys(user.email, client.ip, null);
    return await db.transaction().execute(async (trx) => {
      // Single use: a token that already opened a session opens no other (decision 029).
      if (!(await spendPendingToken(trx, input.pendingToken, now)))
        throw new AuthError('invalid_token', TWO_FACTOR_MESSAGES.expired);
      const method = await claimSecondFactor(trx, user.id, input.code, now);
      return {
        ...(await startSession(trx, config, user, client, attempt, now, { secondFactor: method })),
        method,
      };
    });
  } catch (error) {
    if (error instanceof AuthError) return failed(user, error);
    throw error;
  }
}

/** Starts the session in the caller's transaction, with its `auth.signIn` audit row. */
async function startSession(
  trx: DbExecutor,
  config: AppServices['config'],
  user: SessionUser & { role: Role },
  client: SignInClient,
  attempt: LoginAttempt,
  now: Date,
  summary: Record<string, unknown>,
): Promise<SignInResult> {
  if (client.currentSessionId) await invalidateSession(trx, client.currentSessionId);
  const token = generateSessionToken();
  await deleteExpiredUserSessions(trx, user.id, now);
  const session = await createSession(
    trx,
    token,
    user.id,
    { ip: client.ip, userAgent: client.userAgent },
    now,
  );
  await refundIpAttempt(trx, attempt, now);
  await audit(trx, client, user, { action: 'auth.signIn', entityType: 'user', entityId: user.id, summary });
  return {
    kind: 'session',
    token,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, role: user.role },
    deviceToken: createKnownDeviceToken(config.appSecret, user.email),
  };
}
