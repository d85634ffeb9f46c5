import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import { hasPermission, type Permission, type Role } from '#shared/auth/permissions.ts';
import type { DbExecutor } from '../db/database.ts';
import { deviceLabel } from './device-label.ts';

// Lucia's session design: a random token lives only in the cookie; the database keeps its
// SHA-256, so a leaked sessions table cannot be replayed.
//
// Lifetime: a session expires after 7 days without use (idle timeout). Each request that finds
// less than half of that left (under 3.5 days) pushes the expiry to now + 7 days and re-issues
// the cookie with the new Max-Age, so a session in regular use never lapses, and one left alone
// dies within 7 days. However it is used, a session ends 30 days after sign-in (absolute lifetime,
// OWASP ASVS 3.3): the sliding expiry never passes that. Sessions end early on sign-out (that one session), on a new sign-in in the
// same browser (the old one is replaced), and for every device of a user when their admin role
// is revoked or `npm run admin -- logout <email>` is run (invalidateUserSessions).

const DAY_MS = 24 * 60 * 60 * 1000;
/** Idle lifetime: a session unused for 7 days expires. */
export const SESSION_IDLE_MS = 7 * DAY_MS;
/** Absolute lifetime: a session ends 30 days after it was created, in use or not. */
export const SESSION_ABSOLUTE_MS = 30 * DAY_MS;
/**
 * "Last used" is written when a request finds it older than this (decision 043): at most one write
 * per session every 5 minutes, and Account → Sessions is exact to within that.
 */
export const SESSION_LAST_USED_STEP_MS = 5 * 60 * 1000;

export interface SessionUser {
  id: string;
  email: string;
  /** The admin role (decision 027); null for a signed-in user who is no team member. */
  role: Role | null;
  /**
   * The Owner requires two-factor sign-in and this member has not enrolled (decision 030): only
   * the enrolment and account procedures answer until they do.
   */
  mustEnrolTwoFactor?: boolean;
}

export interface ValidatedSession {
  id: string;
  userId: string;
  expiresAt: Date;
  /** True when the expiry was just extended: the cookie must be re-issued. */
  refreshed: boolean;
}

export function generateSessionToken(): string {
  // 256 bits (32 bytes) of entropy (decision 008; Lucia's guide asks for at least 160).
  return encodeBase32LowerCaseNoPadding(randomBytes(32));
}

export function sessionIdFromToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

export interface SessionClientInfo {
  ip: string | null;
  userAgent: string | null;
}

export async function createSession(
  db: DbExecutor,
  token: string,
  userId: string,
  client: SessionClientInfo,
  now = new Date(),
): Promise<{ id: string; expiresAt: Date }> {
  const id = sessionIdFromToken(token);
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      expires_at: expiresAt,
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 512) ?? null,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  return { id, expiresAt };
}

/** True while the Owner requires 2FA (decision 030) and this member has not enrolled. */
function mustEnrolTwoFactor(userId: 'users.id' | 'sessions.user_id') {
  return sql<boolean>`coalesce((SELECT require_two_factor FROM settings), false) AND NOT EXISTS (
    SELECT 1 FROM user_two_factor t WHERE t.user_id = ${sql.ref(userId)} AND t.enabled_at IS NOT NULL)`;
}

/**
 * Looks the token up; deletes it when expired; extends it (sliding expiry) once less than half
 * of the idle lifetime remains, so an active admin is never logged out mid-task.
 */
export async function validateSessionToken(
  db: DbExecutor,
  token: string,
  now = new Date(),
): Promise<{ session: ValidatedSession; user: SessionUser } | null> {
  const id = sessionIdFromToken(token);
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.expires_at',
      'sessions.created_at',
      'sessions.last_used_at',
      'users.email',
      'user_roles.role',
      // Read with the session, so enforcing the Owner's 2FA rule costs no extra round trip.
      mustEnrolTwoFactor('users.id').as('must_enrol'),
    ])
    .where('sessions.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const endOfLife = row.created_at.getTime() + SESSION_ABSOLUTE_MS;
  if (now.getTime() >= row.expires_at.getTime() || now.getTime() >= endOfLife) {
    await db.deleteFrom('sessions').where('id', '=', id).execute();
    return null;
  }
  let expiresAt = row.expires_at;
  let refreshed = false;
  const extended = Math.min(now.getTime() + SESSION_IDLE_MS, endOfLife);
  if (now.getTime() >= expiresAt.getTime() - SESSION_IDLE_MS / 2 && extended > expiresAt.getTime()) {
    expiresAt = new Date(extended);
    refreshed = true;
  }
  // One write for both: the renewed expiry and "last used", the latter at most every few minutes.
  const stale = now.getTime() - row.last_used_at.getTime() >= SESSION_LAST_USED_STEP_MS;
  if (refreshed || stale)
    await db
      .updateTable('sessions')
      .set({ expires_at: expiresAt, ...(stale ? { last_used_at: now } : {}) })
      .where('id', '=', id)
      .execute();
  return {
    session: { id: row.id, userId: row.user_id, expiresAt, refreshed },
    user: {
      id: row.user_id,
      email: row.email,
      role: row.role ?? null,
      mustEnrolTwoFactor: row.role != null && row.must_enrol,
    },
  };
}

export async function invalidateSession(db: DbExecutor, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function invalidateUserSessions(db: DbExecutor, userId: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Housekeeping at sign-in: a user's long-dead sessions are removed rather than kept forever. */
export async function deleteExpiredUserSessions(
  db: DbExecutor,
  userId: string,
  now = new Date(),
): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', now).execute();
}

/** Every session past its expiry, whoever it belonged to (the hourly housekeeping job). */
export async function deleteExpiredSessions(db: DbExecutor, now = new Date()): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Whether a session still stands for a member allowed `permission`: it exists, has not expired (idle
 * or absolute) and its user's role still grants it (decision 027). Long-lived streams ask this while
 * open (server/campaigns/live-watch.ts).
 */
export async function sessionHasPermission(
  db: DbExecutor,
  sessionId: string,
  permission: Permission,
  now = new Date(),
): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('user_roles', 'user_roles.user_id', 'sessions.user_id')
    .select([
      'user_roles.role',
      // The Owner's 2FA rule (decision 030) ends a member's access as it starts, streams included.
      mustEnrolTwoFactor('sessions.user_id').as('must_enrol'),
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.expires_at', '>', now)
    .where('sessions.created_at', '>', new Date(now.getTime() - SESSION_ABSOLUTE_MS))
    .executeTakeFirst();
  return !row?.must_enrol && hasPermission(row?.role, permission);
}

export interface ActiveSession {
  id: string;
  ip: string | null;
  /** "Chrome on macOS": the raw User-Agent stays on the server (deviceLabel). */
  device: string;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
}

/**
 * A member's live sessions, newest first, with when each was last used (to within
 * SESSION_LAST_USED_STEP_MS; decision 043).
 */
export async function listUserSessions(
  db: DbExecutor,
  userId: string,
  currentSessionId: string | null,
  now = new Date(),
): Promise<ActiveSession[]> {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'ip', 'user_agent', 'created_at', 'last_used_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ip: r.ip,
    device: deviceLabel(r.user_agent),
    createdAt: r.created_at.toISOString(),
    lastUsedAt: r.last_used_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    current: r.id === currentSessionId,
  }));
}

/** Ends one session, only if it is this user's. */
export async function endUserSession(db: DbExecutor, userId: string, sessionId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sessions')
    .where('id', '=', sessionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
