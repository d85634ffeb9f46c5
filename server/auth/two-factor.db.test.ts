import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, codeOf, testServices, testConfig } from '#test/support/services.ts';
import type { SessionUser } from './session.ts';
import { totpAt, totpStep } from './totp.ts';
import {
  createPendingToken,
  PENDING_TWO_FACTOR_MS,
  readPendingToken,
  TWO_FACTOR_MANAGE_MESSAGES,
} from './two-factor.ts';
import { createUser, grantAdmin } from './users.ts';

const PASSWORD = 'two-factor-pass-for-tests';

describe('two-factor sign-in (decision 029)', () => {
  const t = useTestDatabase();

  async function enrolled(email: string) {
    const created = await createUser(t.db, { email, password: PASSWORD, verified: true });
    await grantAdmin(t.db, email, 'marketer');
    const user: SessionUser = { id: created.id, email, role: 'marketer' };
    const caller = callerAt(testServices(t.db), '198.51.100.70', { user, sessionId: 'enrolling' });
    const enrolment = await caller.auth.beginTwoFactor();
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.qrSvg).toContain('<svg');
    const key = decodeBase32IgnorePadding(enrolment.secret);
    const step = totpStep(new Date());
    const { recoveryCodes } = await caller.auth.confirmTwoFactor({ code: totpAt(key, step) });
    return { user, key, step, recoveryCodes, caller };
  }

  it('enrols with a code, returns 10 distinct recovery codes and stores them hashed', async () => {
    const { user, recoveryCodes, caller } = await enrolled('enrol@example.com');
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await t.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored).toHaveLength(10);
    expect(JSON.stringify(stored)).not.toContain(recoveryCodes[0]?.slice(0, 8));
    expect(await caller.auth.twoFactorStatus()).toEqual({ enabled: true, required: false });
    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', user.id)
      .execute();
    expect(actions.map((a) => a.action)).toContain('auth.twoFactorEnabled');
  });

  it('asks for the code after the password, with no session before it; refuses a replayed code', async () => {
    const { user, key, step } = await enrolled('signin@example.com');
    const caller = callerAt(testServices(t.db), '198.51.100.71');
    const first = await caller.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('twoFactorRequired' in first)) throw new Error('expected the code step');
    const sessions = () => t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(await sessions()).toHaveLength(0);
    // The enrolment's own code is spent: the same step cannot be used again.
    expect(
      await codeOf(
        caller.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code: totpAt(key, step) }),
      ),
    ).toBe('UNAUTHORIZED');
    const next = totpAt(key, step + 1);
    await expect(
      caller.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code: next }),
    ).resolves.toMatchObject({
      email: user.email,
      role: 'marketer',
    });
    expect(await sessions()).toHaveLength(1);
    // A fresh pending token (the first one is spent) with the spent code.
    const again = await caller.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('twoFactorRequired' in again)) throw new Error('expected the code step');
    expect(
      await codeOf(caller.auth.verifyTwoFactor({ pendingToken: again.pendingToken ?? '', code: next })),
    ).toBe('UNAUTHORIZED');
  });

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes } = await enrolled('recovery@example.com');
    const caller = callerAt(testServices(t.db), '198.51.100.72');
    const first = await caller.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('twoFactorRequired' in first)) throw new Error('expected the code step');
    const code = recoveryCodes[3] ?? '';
    await expect(
      caller.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code }),
    ).resolves.toMatchObject({
      email: user.email,
    });
    const again = await caller.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('twoFactorRequired' in again)) throw new Error('expected the code step');
    expect(await codeOf(caller.auth.verifyTwoFactor({ pendingToken: again.pendingToken ?? '', code }))).toBe(
      'UNAUTHORIZED',
    );
  });

  it('throttles wrong codes like passwords (5 per 15 minutes)', async () => {
    const { user } = await enrolled('throttle@example.com');
    const caller = callerAt(testServices(t.db), '198.51.100.73');
    const first = await caller.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('twoFactorRequired' in first)) throw new Error('expected the code step');
    const codes: string[] = [];
    for (let i = 0; i < 6; i += 1)
      codes.push(
        await codeOf(caller.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code: '000000' })),
      );
    expect(codes.slice(0, 5).every((c) => c === 'UNAUTHORIZED')).toBe(true);
    expect(codes[5]).toBe('TOO_MANY_REQUESTS');
  });

  it('turns 2FA on only with its audit row, while wrong codes at enrolment still count', async () => {
    const created = await createUser(t.db, {
      email: 'atomic-2fa@example.com',
      password: PASSWORD,
      verified: true,
    });
    await grantAdmin(t.db, created.email, 'marketer');
    const user: SessionUser = { id: created.id, email: created.email, role: 'marketer' };
    const caller = callerAt(testServices(t.db), '198.51.100.74', { user, sessionId: 'atomic' });
    const key = decodeBase32IgnorePadding((await caller.auth.beginTwoFactor()).secret);
    const enabledAt = async () =>
      (
        await t.db
          .selectFrom('user_two_factor')
          .select('enabled_at')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).enabled_at;

    // Decision 030: the audit row commits with the action, or neither does.
    await sql`
      CREATE FUNCTION refuse_2fa_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_2fa_audit BEFORE INSERT ON audit_log FOR EACH ROW
      WHEN (NEW.action = 'auth.twoFactorEnabled') EXECUTE FUNCTION refuse_2fa_audit()`.execute(t.db);
    try {
      expect(await codeOf(caller.auth.confirmTwoFactor({ code: totpAt(key, totpStep(new Date())) }))).toBe(
        'INTERNAL_SERVER_ERROR',
      );
    } finally {
      await sql`DROP TRIGGER refuse_2fa_audit ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_2fa_audit()`.execute(t.db);
    }
    expect(await enabledAt()).toBeNull();
    const codes = await t.db
      .selectFrom('two_factor_recovery_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(codes).toHaveLength(0);

    // A wrong code is charged outside that transaction: five of them, and the sixth try is throttled.
    for (let i = 0; i < 4; i += 1)
      expect(await codeOf(caller.auth.confirmTwoFactor({ code: '000000' }))).toBe('UNAUTHORIZED');
    expect(await codeOf(caller.auth.confirmTwoFactor({ code: totpAt(key, totpStep(new Date())) }))).toBe(
      'TOO_MANY_REQUESTS',
    );
  });

  it('keeps the factor in force while a new authenticator is set up, until its code confirms it', async () => {
    const { user, key, step, caller } = await enrolled('re-enrol@example.com');
    const started = await caller.auth.beginTwoFactor({ password: PASSWORD });
    const newKey = decodeBase32IgnorePadding(started.secret);
    expect(await caller.auth.twoFactorStatus()).toEqual({ enabled: true, required: false });

    // The password alone still opens only the code step, and the old authenticator still works.
    const visitor = callerAt(testServices(t.db), '198.51.100.75');
    const first = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
    expect(first).toMatchObject({ twoFactorRequired: true });
    if (!('pendingToken' in first)) throw new Error('expected the code step');
    await expect(
      visitor.auth.verifyTwoFactor({ pendingToken: first.pendingToken ?? '', code: totpAt(key, step + 1) }),
    ).resolves.toMatchObject({ email: user.email });

    // A code of the old authenticator does not confirm the new one; the new one's code does.
    expect(await codeOf(caller.auth.confirmTwoFactor({ code: totpAt(key, step + 1) }))).toBe('UNAUTHORIZED');
    const now = totpStep(new Date());
    await caller.auth.confirmTwoFactor({ code: totpAt(newKey, now) });
    const second = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('pendingToken' in second)) throw new Error('expected the code step');
    expect(
      await codeOf(
        visitor.auth.verifyTwoFactor({ pendingToken: second.pendingToken ?? '', code: totpAt(key, now + 1) }),
      ),
    ).toBe('UNAUTHORIZED');
    await expect(
      visitor.auth.verifyTwoFactor({
        pendingToken: second.pendingToken ?? '',
        code: totpAt(newKey, now + 1),
      }),
    ).resolves.toMatchObject({ email: user.email });

    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'summary'])
      .where('actor_id', '=', user.id)
      .where('action', 'in', ['auth.twoFactorEnrolmentStarted', 'auth.twoFactorReplaced'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.action, r.summary])).toEqual([
      ['auth.twoFactorEnrolmentStarted', { twoFactor: 'off' }],
      [
        'auth.twoFactorEnrolmentStarted',
        { twoFactor: 'on (unchanged until the new authenticator is confirmed)', proof: 'password' },
      ],
      ['auth.twoFactorReplaced', { changes: { authenticator: 'changed', recoveryCodes: 'changed' } }],
    ]);
  });

  it('replaces an authenticator in use only after the password or a current code (decision 030)', async () => {
    const { user, key, step, caller } = await enrolled('replace-proof@example.com');
    const pendingSecret = async () =>
      (
        await t.db
          .selectFrom('user_two_factor')
          .select('pending_secret')
          .where('user_id', '=', user.id)
          .executeTakeFirstOrThrow()
      ).pending_secret;
    const refusal = async (promise: Promise<unknown>) => {
      try {
        await promise;
        return 'OK';
      } catch (error) {
        return error instanceof Error ? error.message : String(error);
      }
    };

    // No proof: a clear 4xx, and no authenticator is left waiting.
    expect(await codeOf(caller.auth.beginTwoFactor())).toBe('BAD_REQUEST');
    expect(await refusal(caller.auth.beginTwoFactor({}))).toBe(TWO_FACTOR_MANAGE_MESSAGES.proofNeeded);
    expect(await codeOf(caller.auth.beginTwoFactor({ password: 'not-the-password-at-all' }))).toBe(
      'UNAUTHORIZED',
    );
    expect(await refusal(caller.auth.beginTwoFactor({ code: '000000' }))).toBe(
      TWO_FACTOR_MANAGE_MESSAGES.proofWrong,
    );
    // The old authenticator's spent step is no proof either.
    expect(await codeOf(caller.auth.beginTwoFactor({ code: totpAt(key, step) }))).toBe('UNAUTHORIZED');
    expect(await pendingSecret()).toBeNull();

    // The password works; so does a current code from the authenticator in use.
    const byPassword = await caller.auth.beginTwoFactor({ password: PASSWORD });
    expect(byPassword.replacing).toBe(true);
    const byCode = await caller.auth.beginTwoFactor({ code: totpAt(key, step + 1) });
    expect(byCode.replacing).toBe(true);
    expect(byCode.secret).not.toBe(byPassword.secret);
    expect(await pendingSecret()).toEqual(Buffer.from(decodeBase32IgnorePadding(byCode.secret)));

    const started = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('actor_id', '=', user.id)
      .where('action', '=', 'auth.twoFactorEnrolmentStarted')
      .orderBy('id')
      .execute();
    // The first enrolment (2FA off) needed no proof; the replacements say which one, never its value.
    expect(started.map((r) => r.summary)).toEqual([
      { twoFactor: 'off' },
      { twoFactor: 'on (unchanged until the new authenticator is confirmed)', proof: 'password' },
      { twoFactor: 'on (unchanged until the new authenticator is confirmed)', proof: 'code' },
    ]);
    expect(JSON.stringify(started)).not.toContain(PASSWORD);
  });

  it('throttles wrong proof for a new authenticator with the code attempts', async () => {
    const { user, caller } = await enrolled('replace-throttle@example.com');
    const codes: string[] = [];
    for (let i = 0; i < 5; i += 1)
      codes.push(await codeOf(caller.auth.beginTwoFactor({ password: 'not-the-password-at-all' })));
    expect(codes.every((c) => c === 'UNAUTHORIZED')).toBe(true);
    // The sixth try is refused even with the right password, and shared with the other proofs.
    expect(await codeOf(caller.auth.beginTwoFactor({ password: PASSWORD }))).toBe('TOO_MANY_REQUESTS');
    expect(await codeOf(caller.auth.regenerateRecoveryCodes({ password: PASSWORD }))).toBe(
      'TOO_MANY_REQUESTS',
    );
    const row = await t.db
      .selectFrom('user_two_factor')
      .select('pending_secret')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.pending_secret).toBeNull();
  });

  it('opens one session per pending token, however many codes are offered with it', async () => {
    const { user, recoveryCodes } = await enrolled('single-use@example.com');
    const visitor = callerAt(testServices(t.db), '198.51.100.76');
    const first = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('pendingToken' in first)) throw new Error('expected the code step');
    await visitor.auth.verifyTwoFactor({
      pendingToken: first.pendingToken ?? '',
      code: recoveryCodes[0] ?? '',
    });
    expect(
      await codeOf(
        visitor.auth.verifyTwoFactor({
          pendingToken: first.pendingToken ?? '',
          code: recoveryCodes[1] ?? '',
        }),
      ),
    ).toBe('BAD_REQUEST');
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    // The refused token did not spend the recovery code it was offered with.
    const second = await visitor.auth.signIn({ email: user.email, password: PASSWORD });
    if (!('pendingToken' in second)) throw new Error('expected the code step');
    await expect(
      visitor.auth.verifyTwoFactor({ pendingToken: second.pendingToken ?? '', code: recoveryCodes[1] ?? '' }),
    ).resolves.toMatchObject({ email: user.email });
  });

  it('lets the pending token lapse after 5 minutes and refuses a forged one', () => {
    const secret = testConfig().appSecret;
    const id = '00000000-0000-4000-8000-000000000077';
    const now = new Date('2026-11-25T10:00:00Z');
    const token = createPendingToken(secret, id, now);
    expect(readPendingToken(secret, token, now)).toBe(id);
    expect(readPendingToken(secret, token, new Date(now.getTime() + PENDING_TWO_FACTOR_MS))).toBeNull();
    expect(readPendingToken('another-secret-0123456789abcdefghijklmnop', token, now)).toBeNull();
  });
});
