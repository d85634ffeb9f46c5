import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { Role } from '#shared/auth/permissions.ts';
import type { Credentials } from '#shared/auth/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import type { AppServices } from '../services.ts';
import { accessDenied, AuthError, invalidCredentials, signInThrottled } from './errors.ts';
import {
  createPendingToken,
  readPendingToken,
  TWO_FACTOR_MESSAGES,
  twoFactorEnabled,
  verifySecondFactor,
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

/**
 * Admin sign-in. Throws AuthError: `throttled` over the limits, `invalid_credentials` for an
 * unknown address or a wrong password (indistinguishable), `access_denied` for a correct
 * password without the admin role. Only an admin gets a session, and always a new one.
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
  if (wait !== null) throw signInThrottled(wait);

  const user = await findUserByEmail(db, credentials.email);
  const passwordHash = user?.password_hash ?? (await dummyPasswordHash());
  const passwordMatches = await verifyPassword(passwordHash, credentials.password);
  if (!user || !passwordMatches) throw invalidCredentials();

  await clearAccountAttempts(db, attempt);
  // Whatever happens next, the browser's previous session ends: a non-admin is "signed out".
  if (client.currentSessionId) await invalidateSession(db, client.currentSessionId);
  const role = await roleOf(db, user.id);
  if (!role) throw accessDenied();
  // Admin access goes to the owner of the address: an unverified one signs in only once verified.
  if (!user.email_verified_at) throw new AuthError('access_denied', AUTH_MESSAGES.emailNotVerified);

  // With 2FA on, the password only opens the code step: no session until the code (decision 029).
  if (await twoFactorEnabled(db, user.id))
    return {
      kind: 'twoFactor',
      email: user.email,
      pendingToken: createPendingToken(config.appSecret, user.id, now),
    };
  return startSession(services, { id: user.id, email: user.email, role }, client, attempt, now);
}

export interface TwoFactorPending {
  kind: 'twoFactor';
  email: string;
  pendingToken: string;
}

/** The code step: a valid pending token and a TOTP or recovery code give the session. */
export async function completeTwoFactorSignIn(
  services: Pick<AppServices, 'db' | 'config'>,
  input: { pendingToken: string; code: string },
  client: SignInClient,
  now = new Date(),
): Promise<SignInResult & { method: 'totp' | 'recovery' }> {
  const { db, config } = services;
  const userId = readPendingToken(config.appSecret, input.pendingToken, now);
  if (!userId) throw new AuthError('invalid_token', TWO_FACTOR_MESSAGES.expired);
  const user = await db
    .selectFrom('users')
    .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'user_roles.role'])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!user) throw accessDenied();
  const method = await verifySecondFactor(db, user.id, input.code, now);
  const attempt = loginAttemptKeys(user.email, client.ip, null);
  return { ...(await startSession(services, user, client, attempt, now)), method };
}

async function startSession(
  services: Pick<AppServices, 'db' | 'config'>,
  user: SessionUser & { role: Role },
  client: SignInClient,
  attempt: LoginAttempt,
  now: Date,
): Promise<SignInResult> {
  const { db, config } = services;
  if (client.currentSessionId) await invalidateSession(db, client.currentSessionId);
  const token = generateSessionToken();
  const session = await db.transaction().execute(async (trx) => {
    await deleteExpiredUserSessions(trx, user.id, now);
    return createSession(trx, token, user.id, { ip: client.ip, userAgent: client.userAgent }, now);
  });
  await refundIpAttempt(db, attempt, now);
  return {
    kind: 'session',
    token,
    expiresAt: session.expiresAt,
    user: { id: user.id, email: user.email, role: user.role },
    deviceToken: createKnownDeviceToken(config.appSecret, user.email),
  };
}
