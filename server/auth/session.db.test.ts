import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import {
  createSession,
  deleteExpiredUserSessions,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  listUserSessions,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_LAST_USED_STEP_MS,
  sessionIdFromToken,
  validateSessionToken,
} from './session.ts';
import { createUser, grantAdmin } from './users.ts';

const HOUR = 60 * 60 * 1000;
const client = { ip: '203.0.113.7', userAgent: 'vitest' };

describe('sessions (Lucia design)', () => {
  const t = useTestDatabase();

  async function newUser(email: string) {
    return createUser(t.db, { email, password: 'correct horse battery', verified: true });
  }

  it('stores only the SHA-256 of a 256-bit token', async () => {
    const user = await newUser('store@example.com');
    const token = generateSessionToken();
    // 32 random bytes in base32: 52 characters of 5 bits (decision 008; 160 bits before).
    expect(token).toMatch(/^[a-z2-7]{52}$/);
    const { id } = await createSession(t.db, token, user.id, client);
    expect(id).toBe(sessionIdFromToken(token));
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    const rows = await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('resolves the user and role, and expires after 7 idle days', async () => {
    const user = await newUser('expiry@example.com');
    await grantAdmin(t.db, user.email);
    const start = new Date('2026-11-01T00:00:00Z');
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, client, start);

    const early = await validateSessionToken(t.db, token, new Date(start.getTime() + HOUR));
    expect(early?.user).toEqual({ id: user.id, email: user.email, role: 'owner', mustEnrolTwoFactor: false });
    expect(early?.session.refreshed).toBe(false);
    expect(early?.session.expiresAt.getTime()).toBe(start.getTime() + SESSION_IDLE_MS);

    expect(await validateSessionToken(t.db, token, new Date(start.getTime() + SESSION_IDLE_MS))).toBeNull();
    // The expired row is gone, so the token is useless even with a clock turned back.
    expect(await validateSessionToken(t.db, token, start)).toBeNull();
  });

  it('slides the expiry once less than half of the idle lifetime remains', async () => {
    const user = await newUser('sliding@example.com');
    const start = new Date('2026-11-01T00:00:00Z');
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, client, start);

    const beforeHalf = new Date(start.getTime() + SESSION_IDLE_MS / 2 - HOUR);
    expect((await validateSessionToken(t.db, token, beforeHalf))?.session.refreshed).toBe(false);

    const pastHalf = new Date(start.getTime() + SESSION_IDLE_MS / 2 + HOUR);
    const refreshed = await validateSessionToken(t.db, token, pastHalf);
    expect(refreshed?.session.refreshed).toBe(true);
    expect(refreshed?.session.expiresAt.getTime()).toBe(pastHalf.getTime() + SESSION_IDLE_MS);

    // Used every few days, the session outlives its first 7 days and keeps sliding.
    const later = new Date(start.getTime() + SESSION_IDLE_MS + 2 * 24 * HOUR);
    expect((await validateSessionToken(t.db, token, later))?.session.refreshed).toBe(true);
    const stored = await t.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('id', '=', sessionIdFromToken(token))
      .executeTakeFirstOrThrow();
    expect(stored.expires_at.getTime()).toBe(later.getTime() + SESSION_IDLE_MS);
  });

  it('ends a session 30 days after sign-in however often it is used (absolute lifetime)', async () => {
    const user = await newUser('absolute@example.com');
    const start = new Date('2026-10-01T00:00:00Z');
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, client, start);
    const DAY = 24 * HOUR;
    let last: Awaited<ReturnType<typeof validateSessionToken>> = null;
    for (let day = 3; day < 30; day += 3) {
      last = await validateSessionToken(t.db, token, new Date(start.getTime() + day * DAY));
      expect(last, `day ${day}`).not.toBeNull();
    }
    // The sliding expiry stops at the absolute end rather than a week after the last use.
    expect(last?.session.expiresAt.getTime()).toBe(start.getTime() + SESSION_ABSOLUTE_MS);
    expect(await validateSessionToken(t.db, token, new Date(start.getTime() + 30 * DAY))).toBeNull();
  });

  it('lists when each session was last used, written at most once per step (decision 043)', async () => {
    const user = await newUser('last-used@example.com');
    const start = new Date('2026-10-01T00:00:00Z');
    const token = generateSessionToken();
    const { id } = await createSession(t.db, token, user.id, client, start);
    const at = (ms: number) => new Date(start.getTime() + ms);
    const listed = async (now: Date) => (await listUserSessions(t.db, user.id, id, now))[0];
    expect(await listed(at(HOUR))).toMatchObject({ lastUsedAt: start.toISOString(), current: true });

    // Used within the step: not written again (one write per session per step at most).
    await validateSessionToken(t.db, token, at(SESSION_LAST_USED_STEP_MS - 1000));
    expect((await listed(at(HOUR)))?.lastUsedAt).toBe(start.toISOString());
    // Used once the step has passed: the time of that request, though the expiry did not move.
    const used = at(2 * HOUR);
    const validated = await validateSessionToken(t.db, token, used);
    expect(validated?.session.refreshed).toBe(false);
    expect((await listed(at(3 * HOUR)))?.lastUsedAt).toBe(used.toISOString());

    // Near the 30-day cap the expiry stops moving, and "last used" still follows each use.
    const late = at(SESSION_ABSOLUTE_MS - 2 * HOUR);
    for (let day = 3; day < 30; day += 3) await validateSessionToken(t.db, token, at(day * 24 * HOUR));
    await validateSessionToken(t.db, token, late);
    const row = await listed(late);
    expect(row?.expiresAt).toBe(at(SESSION_ABSOLUTE_MS).toISOString());
    expect(row?.lastUsedAt).toBe(late.toISOString());
  });

  it('ends one session, every session of a user, and a user’s expired ones', async () => {
    const user = await newUser('revoke@example.com');
    const now = new Date();
    const [a, b, c] = [generateSessionToken(), generateSessionToken(), generateSessionToken()];
    const first = await createSession(t.db, a, user.id, client, now);
    await createSession(t.db, b, user.id, client, now);
    await createSession(t.db, c, user.id, client, new Date(now.getTime() - 2 * SESSION_IDLE_MS));

    await deleteExpiredUserSessions(t.db, user.id, now);
    expect(await validateSessionToken(t.db, c, new Date(now.getTime() - 2 * SESSION_IDLE_MS))).toBeNull();

    await invalidateSession(t.db, first.id);
    expect(await validateSessionToken(t.db, a)).toBeNull();
    expect(await validateSessionToken(t.db, b)).not.toBeNull();

    expect(await invalidateUserSessions(t.db, user.id)).toBe(1);
    expect(await validateSessionToken(t.db, b)).toBeNull();
  });

  it('rejects tokens it never issued', async () => {
    expect(await validateSessionToken(t.db, 'not-a-token')).toBeNull();
    expect(await validateSessionToken(t.db, generateSessionToken())).toBeNull();
  });
});
