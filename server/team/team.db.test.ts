import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, callerFor, codeOf, testServices } from '#test/support/services.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { createSession, generateSessionToken, validateSessionToken } from '../auth/session.ts';
import { createUser, grantAdmin } from '../auth/users.ts';

describe('admin.team (Owner only, decision 027)', () => {
  const t = useTestDatabase();

  async function member(email: string, role: Role) {
    const user = await createUser(t.db, { email, password: 'team-pass-for-tests', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email, role };
  }

  it('lists members with role, 2FA and sessions; changes a role; never demotes the last Owner', async () => {
    const owner = await member('owner@example.com', 'owner');
    const marketer = await member('marketer@example.com', 'marketer');
    const api = callerFor(testServices(t.db), owner).admin.team;
    expect(await api.list()).toEqual([
      expect.objectContaining({ email: 'marketer@example.com', role: 'marketer', twoFactor: false }),
      expect.objectContaining({ email: 'owner@example.com', role: 'owner', lastSignInAt: null }),
    ]);
    expect(await codeOf(api.changeRole({ id: owner.id, role: 'viewer' }))).toBe('CONFLICT');
    expect(await codeOf(api.remove({ id: owner.id }))).toBe('CONFLICT');
    await expect(api.changeRole({ id: marketer.id, role: 'owner' })).resolves.toEqual({
      before: 'marketer',
      after: 'owner',
    });
    // With two Owners, one may step down; then the other is the last again.
    await expect(api.changeRole({ id: owner.id, role: 'viewer' })).resolves.toMatchObject({
      after: 'viewer',
    });
    expect(await codeOf(api.changeRole({ id: marketer.id, role: 'buyer' }))).toBe('CONFLICT');
    const audit = await t.db.selectFrom('audit_log').select(['action', 'entity_id']).execute();
    expect(audit).toContainEqual({ action: 'admin.team.changeRole', entity_id: owner.id });
  });

  it('refuses two Owners demoting each other at once: one Owner always remains', async () => {
    const a = await member('race-a@example.com', 'owner');
    const b = await member('race-b@example.com', 'owner');
    const owners = async () =>
      (await t.db.selectFrom('user_roles').select('user_id').where('role', '=', 'owner').execute()).length;
    await t.db
      .updateTable('user_roles')
      .set({ role: 'viewer' })
      .where('user_id', 'not in', [a.id, b.id])
      .execute();
    expect(await owners()).toBe(2);
    const results = await Promise.all([
      codeOf(callerFor(testServices(t.db), a).admin.team.changeRole({ id: a.id, role: 'viewer' })),
      codeOf(callerFor(testServices(t.db), b).admin.team.changeRole({ id: b.id, role: 'viewer' })),
    ]);
    expect(await owners()).toBe(1);
    expect(results.toSorted()).toEqual(['CONFLICT', 'OK']);
  });

  it('removes a member and ends their sessions at once; others may not manage the team', async () => {
    const owner = await member('owner2@example.com', 'owner');
    const buyer = await member('buyer@example.com', 'buyer');
    const token = generateSessionToken();
    await createSession(t.db, token, buyer.id, { ip: '203.0.113.5', userAgent: 'test' });
    expect(await codeOf(callerFor(testServices(t.db), buyer).admin.team.remove({ id: owner.id }))).toBe(
      'FORBIDDEN',
    );
    await expect(callerFor(testServices(t.db), owner).admin.team.remove({ id: buyer.id })).resolves.toEqual({
      before: 'buyer',
      sessionsEnded: 1,
    });
    expect(await validateSessionToken(t.db, token)).toBeNull();
    // The Owner can also end all sessions of a member who stays on the team.
    const kept = await member('kept@example.com', 'viewer');
    await createSession(t.db, generateSessionToken(), kept.id, { ip: null, userAgent: null });
    await createSession(t.db, generateSessionToken(), kept.id, { ip: null, userAgent: null });
    await expect(
      callerFor(testServices(t.db), owner).admin.team.endSessions({ id: kept.id }),
    ).resolves.toEqual({
      sessionsEnded: 2,
    });
    expect(await codeOf(callerFor(testServices(t.db), owner).admin.team.remove({ id: buyer.id }))).toBe(
      'NOT_FOUND',
    );
  });
});

describe('auth.sessions (each member)', () => {
  const t = useTestDatabase();

  it('lists my sessions with device and IP, and ends one of mine but not somebody else’s', async () => {
    const me = await createUser(t.db, {
      email: 'me@example.com',
      password: 'team-pass-for-tests',
      verified: true,
    });
    const other = await createUser(t.db, { email: 'other@example.com', password: 'team-pass-for-tests' });
    const here = await createSession(t.db, generateSessionToken(), me.id, {
      ip: '203.0.113.1',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
    });
    const phone = await createSession(t.db, generateSessionToken(), me.id, {
      ip: '203.0.113.2',
      userAgent: 'Phone',
    });
    const theirs = await createSession(t.db, generateSessionToken(), other.id, { ip: null, userAgent: null });
    const user = { id: me.id, email: me.email, role: null };
    const caller = callerAt(testServices(t.db), '203.0.113.1', { user, sessionId: here.id });
    const sessions = await caller.auth.sessions();
    expect(sessions.map((s) => [s.ip, s.device, s.current]).toSorted()).toEqual([
      ['203.0.113.1', 'Firefox on Linux', true],
      ['203.0.113.2', 'Unknown browser', false],
    ]);
    // The page gets the label only, never the raw User-Agent string.
    expect(JSON.stringify(sessions)).not.toContain('Gecko');
    await expect(caller.auth.endSession({ id: theirs.id })).resolves.toEqual({ ended: false });
    await expect(caller.auth.endSession({ id: phone.id })).resolves.toEqual({ ended: true });
    expect((await caller.auth.sessions()).map((s) => s.id)).toEqual([here.id]);
  });
});
