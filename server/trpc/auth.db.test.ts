import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, type RecordedJob, recordingJobQueue, testServices } from '#test/support/services.ts';
import { createKnownDeviceToken } from '../auth/login-throttle.ts';
import { signIn } from '../auth/sign-in.ts';
import { createSession, generateSessionToken } from '../auth/session.ts';
import { createUser, findUserByEmail, grantAdmin } from '../auth/users.ts';
import { verifyEmailWithToken } from '../auth/verification.ts';

function emailJobs(jobs: RecordedJob[]) {
  return jobs
    .filter((job) => job.name === 'email.send')
    .map(
      (job) =>
        job.payload as { message: { to: string[]; subject: string; text?: string }; idempotencyKey: string },
    );
}

function linkIn(text: string | undefined): string {
  const match = /http:\/\/localhost:3999\/api\/auth\/verify\?token=([A-Za-z0-9_-]+)/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No verification link in: ${text}`);
  return match[1];
}

const ADMIN_PASSWORD = 'admin-pass-for-tests-1';

describe('auth.* procedures', () => {
  const t = useTestDatabase();

  afterEach(() => {
    vi.useRealTimers();
  });

  async function makeAdmin(email: string) {
    const user = await createUser(t.db, { email, password: ADMIN_PASSWORD, verified: true });
    await grantAdmin(t.db, email);
    return user;
  }

  async function sessionCount(userId: string) {
    const rows = await t.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute();
    return rows.length;
  }

  describe('signIn of an unverified address', () => {
    it('refuses an admin whose e-mail address is not verified, with the reason', async () => {
      // Decision 008: admin access goes to the owner of the address.
      await createUser(t.db, { email: 'unverified-admin@example.com', password: ADMIN_PASSWORD });
      await grantAdmin(t.db, 'unverified-admin@example.com');
      await expect(
        callerAt(testServices(t.db), '198.51.100.77').auth.signIn({
          email: 'unverified-admin@example.com',
          password: ADMIN_PASSWORD,
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.emailNotVerified });
      const user = await findUserByEmail(t.db, 'unverified-admin@example.com');
      expect(await sessionCount(user?.id ?? '')).toBe(0);
    });
  });

  describe('signUp', () => {
    it('creates an unverified user with an argon2id hash and e-mails a signed verification link', async () => {
      const jobs = recordingJobQueue();
      const services = testServices(t.db, { jobs });
      const result = await callerAt(services, '198.51.100.1').auth.signUp({
        email: ' New.Person@Example.com ',
        password: 'a watch named Daytona',
      });
      expect(result).toEqual({ message: AUTH_MESSAGES.signUpSuccess });

      const user = await findUserByEmail(t.db, 'new.person@example.com');
      expect(user).toMatchObject({ email: 'New.Person@Example.com', email_verified_at: null });
      expect(user?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(
        await t.db
          .selectFrom('user_roles')
          .selectAll()
          .where('user_id', '=', user?.id ?? '')
          .execute(),
      ).toEqual([]);

      const [mail] = emailJobs(jobs.jobs);
      expect(mail?.message.to).toEqual(['New.Person@Example.com']);
      expect(mail?.idempotencyKey).toBe(`email-verification:${user?.id}`);
      const token = linkIn(mail?.message.text);
      expect(await verifyEmailWithToken(t.db, services.config.appSecret, token)).toBe('verified');
      expect((await findUserByEmail(t.db, 'new.person@example.com'))?.email_verified_at).toBeInstanceOf(Date);
      expect(await verifyEmailWithToken(t.db, services.config.appSecret, token)).toBe('already_verified');
      expect(await verifyEmailWithToken(t.db, 'another-secret', token)).toBe('invalid');
    });

    it('answers a second sign-up of the same address exactly like a new one, and tells only the mailbox', async () => {
      const jobs = recordingJobQueue();
      const services = testServices(t.db, { jobs });
      const existing = await makeAdmin('taken@example.com');
      const result = await callerAt(services, '198.51.100.2').auth.signUp({
        email: 'TAKEN@example.com',
        password: 'another strong phrase',
      });
      expect(result).toEqual({ message: AUTH_MESSAGES.signUpSuccess });
      const users = await t.db
        .selectFrom('users')
        .select('id')
        .where('email', 'ilike', 'taken@example.com')
        .execute();
      expect(users).toEqual([{ id: existing.id }]);
      const [mail] = emailJobs(jobs.jobs);
      expect(mail?.message.to).toEqual(['taken@example.com']);
      expect(mail?.message.subject).toMatch(/^Sign-up attempt/);
      expect(mail?.idempotencyKey).toMatch(new RegExp(`^account-exists:${existing.id}:\\d+$`));
      // The password of the existing account is untouched.
      await expect(
        callerAt(services, '198.51.100.2').auth.signIn({
          email: 'taken@example.com',
          password: ADMIN_PASSWORD,
        }),
      ).resolves.toMatchObject({ role: 'owner' });
    });

    it('refuses common passwords and bad input with a clear 400', async () => {
      const caller = callerAt(testServices(t.db), '198.51.100.3');
      await expect(
        caller.auth.signUp({ email: 'weak@example.com', password: 'qwertyuiop12' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: AUTH_MESSAGES.weakPassword,
      });
      await expect(
        caller.auth.signUp({ email: 'not-an-email', password: 'fine password' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
      });
      // New passwords need 12 characters (decision 046; the old rule was 6).
      await expect(
        caller.auth.signUp({ email: 'short@example.com', password: 'eleven chrs' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining('Password must be at least 12 characters') as string,
      });
      await expect(
        caller.auth.signUp({ email: 'long@example.com', password: 'x'.repeat(257) }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST' });
      expect(await findUserByEmail(t.db, 'weak@example.com')).toBeUndefined();
    });

    it('limits sign-ups per IP', async () => {
      const caller = callerAt(testServices(t.db), '198.51.100.4');
      for (let i = 0; i < 10; i += 1) {
        await caller.auth.signUp({ email: `flood${i}@example.com`, password: 'a fine passphrase' });
      }
      await expect(
        caller.auth.signUp({ email: 'flood10@example.com', password: 'a fine passphrase' }),
      ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: AUTH_MESSAGES.signUpThrottled });
      expect(await findUserByEmail(t.db, 'flood10@example.com')).toBeUndefined();
    });
  });

  describe('signIn', () => {
    it('signs an admin in with a new session every time', async () => {
      const admin = await makeAdmin('boss@example.com');
      const caller = callerAt(testServices(t.db), '198.51.100.10');
      await expect(
        caller.auth.signIn({ email: 'Boss@Example.com', password: ADMIN_PASSWORD }),
      ).resolves.toEqual({
        email: 'boss@example.com',
        isAdmin: true,
        role: 'owner',
        mustEnrolTwoFactor: false,
      });
      await caller.auth.signIn({ email: 'boss@example.com', password: ADMIN_PASSWORD });
      expect(await sessionCount(admin.id)).toBe(2);
    });

    it('replaces the session the browser already holds', async () => {
      const admin = await makeAdmin('replace@example.com');
      const token = generateSessionToken();
      const old = await createSession(t.db, token, admin.id, { ip: null, userAgent: null });
      const user = { id: admin.id, email: admin.email, role: 'owner' as const };
      await callerAt(testServices(t.db), '198.51.100.11', { user, sessionId: old.id }).auth.signIn({
        email: admin.email,
        password: ADMIN_PASSWORD,
      });
      const ids = await t.db.selectFrom('sessions').select('id').where('user_id', '=', admin.id).execute();
      expect(ids).toHaveLength(1);
      expect(ids[0]?.id).not.toBe(old.id);
    });

    it('gives one answer for an unknown address and a wrong password', async () => {
      await makeAdmin('known@example.com');
      const caller = callerAt(testServices(t.db), '198.51.100.12');
      const unknown = await caller.auth
        .signIn({ email: 'nobody@example.com', password: ADMIN_PASSWORD })
        .catch((e: unknown) => e);
      const wrong = await caller.auth
        .signIn({ email: 'known@example.com', password: 'wrong-password' })
        .catch((e: unknown) => e);
      expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
      expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password' });
    });

    it('signs a non-admin out with "Access denied" and leaves no session behind', async () => {
      const member = await createUser(t.db, { email: 'member@example.com', password: 'member password 1' });
      const token = generateSessionToken();
      const held = await createSession(t.db, token, member.id, { ip: null, userAgent: null });
      const user = { id: member.id, email: member.email, role: null };
      await expect(
        callerAt(testServices(t.db), '198.51.100.13', { user, sessionId: held.id }).auth.signIn({
          email: 'member@example.com',
          password: 'member password 1',
        }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.accessDenied });
      expect(await sessionCount(member.id)).toBe(0);
    });

    it('throttles the 6th attempt on an account within 15 minutes, until the window passes', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T09:00:10Z'));
      await makeAdmin('target@example.com');
      const caller = callerAt(testServices(t.db), '198.51.100.14');
      for (let i = 0; i < 5; i += 1) {
        await expect(
          caller.auth.signIn({ email: 'target@example.com', password: `guess-${i}xx` }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      // Even the right password waits: the lock must not become a password oracle.
      await expect(
        caller.auth.signIn({ email: 'target@example.com', password: ADMIN_PASSWORD }),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        message: 'Too many failed sign-in attempts. Please try again in 15 minutes.',
      });
      // Another IP is refused too: the limit is the account's.
      await expect(
        callerAt(testServices(t.db), '198.51.100.15').auth.signIn({
          email: 'TARGET@example.com',
          password: ADMIN_PASSWORD,
        }),
      ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });

      vi.setSystemTime(new Date('2026-11-21T09:15:00Z'));
      await expect(
        caller.auth.signIn({ email: 'target@example.com', password: ADMIN_PASSWORD }),
      ).resolves.toMatchObject({ role: 'owner' });
    });

    it('resets the account counter after a successful sign-in', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T10:00:10Z'));
      await makeAdmin('reset@example.com');
      const caller = callerAt(testServices(t.db), '198.51.100.16');
      const fail = () =>
        expect(
          caller.auth.signIn({ email: 'reset@example.com', password: 'nope-nope' }),
        ).rejects.toMatchObject({
          code: 'UNAUTHORIZED',
        });
      for (let i = 0; i < 4; i += 1) await fail();
      await caller.auth.signIn({ email: 'reset@example.com', password: ADMIN_PASSWORD });
      for (let i = 0; i < 5; i += 1) await fail();
      await expect(
        caller.auth.signIn({ email: 'reset@example.com', password: 'nope-nope' }),
      ).rejects.toMatchObject({
        code: 'TOO_MANY_REQUESTS',
      });
    });

    it('limits one IP to 50 attempts per 15 minutes across accounts', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T11:00:10Z'));
      const caller = callerAt(testServices(t.db), '198.51.100.17');
      for (let i = 0; i < 50; i += 1) {
        await expect(
          caller.auth.signIn({ email: `spray${i}@example.com`, password: 'summer-2026' }),
        ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      }
      await expect(
        caller.auth.signIn({ email: 'spray50@example.com', password: 'summer-2026' }),
      ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    });

    it("gives an admin's successful attempt back to their IP, but not a non-admin's", async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T14:00:10Z'));
      await makeAdmin('office@example.com');
      await createUser(t.db, { email: 'visitor@example.com', password: 'visitor password 1' });
      const caller = callerAt(testServices(t.db), '198.51.100.19');
      const ipCount = async () =>
        (
          await t.db
            .selectFrom('rate_limits')
            .select('count')
            .where('key', '=', 'login:ip:198.51.100.19')
            .executeTakeFirst()
        )?.count ?? 0;
      await caller.auth.signIn({ email: 'office@example.com', password: ADMIN_PASSWORD });
      expect(await ipCount()).toBe(0);
      await expect(
        caller.auth.signIn({ email: 'visitor@example.com', password: 'visitor password 1' }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' });
      expect(await ipCount()).toBe(1);
    });

    it('counts parallel guesses exactly: a burst cannot slip past the limit', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T12:00:10Z'));
      await makeAdmin('burst@example.com');
      const caller = callerAt(testServices(t.db), '198.51.100.18');
      const results = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          caller.auth.signIn({ email: 'burst@example.com', password: `guess-${i}xx` }),
        ),
      );
      const codes = results.map((r) =>
        r.status === 'rejected' ? (r.reason as { code: string }).code : 'OK',
      );
      expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(5);
      expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(7);
    });

    it('lets the real admin in from a known device while an attacker holds the account lock', async () => {
      const now = new Date('2026-11-21T13:00:10Z');
      const services = testServices(t.db);
      await makeAdmin('victim@example.com');
      const known = await signIn(
        services,
        { email: 'victim@example.com', password: ADMIN_PASSWORD },
        { ip: '203.0.113.1', userAgent: null, deviceToken: null, currentSessionId: null },
        now,
      );
      if (known.kind !== 'session') throw new Error('expected a session (no 2FA here)');
      const attacker = { ip: '192.0.2.66', userAgent: null, deviceToken: null, currentSessionId: null };
      for (let i = 0; i < 6; i += 1) {
        await signIn(
          services,
          { email: 'victim@example.com', password: `guess-${i}xx` },
          attacker,
          now,
        ).catch(() => undefined);
      }
      await expect(
        signIn(services, { email: 'victim@example.com', password: ADMIN_PASSWORD }, attacker, now),
      ).rejects.toMatchObject({ kind: 'throttled' });
      await expect(
        signIn(
          services,
          { email: 'victim@example.com', password: ADMIN_PASSWORD },
          { ip: '203.0.113.1', userAgent: null, deviceToken: known.deviceToken, currentSessionId: null },
          now,
        ),
      ).resolves.toMatchObject({ kind: 'session', user: { email: 'victim@example.com' } });
      // A device cookie made for another address is no way around the lock.
      await expect(
        signIn(
          services,
          { email: 'victim@example.com', password: ADMIN_PASSWORD },
          {
            ...attacker,
            deviceToken: createKnownDeviceToken(services.config.appSecret, 'attacker@example.com'),
          },
          now,
        ),
      ).rejects.toMatchObject({ kind: 'throttled' });
    });
  });

  describe('me and signOut', () => {
    it('returns null for visitors and the e-mail and role for users', async () => {
      const services = testServices(t.db);
      await expect(callerAt(services, '198.51.100.30').auth.me()).resolves.toBeNull();
      const user = { id: '00000000-0000-4000-8000-000000000009', email: 'who@example.com', role: null };
      await expect(callerAt(services, '198.51.100.30', { user, sessionId: 'x' }).auth.me()).resolves.toEqual({
        email: 'who@example.com',
        isAdmin: false,
        role: null,
        mustEnrolTwoFactor: false,
        name: null,
      });
    });

    it('deletes the session on sign-out', async () => {
      const admin = await makeAdmin('leaving@example.com');
      const token = generateSessionToken();
      const session = await createSession(t.db, token, admin.id, { ip: null, userAgent: null });
      const user = { id: admin.id, email: admin.email, role: 'owner' as const };
      await expect(
        callerAt(testServices(t.db), '198.51.100.31', { user, sessionId: session.id }).auth.signOut(),
      ).resolves.toEqual({ signedOut: true });
      expect(await sessionCount(admin.id)).toBe(0);
      await expect(callerAt(testServices(t.db), '198.51.100.31').auth.signOut()).resolves.toEqual({
        signedOut: true,
      });
    });
  });
});
