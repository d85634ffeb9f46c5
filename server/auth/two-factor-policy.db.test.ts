import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { describe, expect, it } from 'vitest';
import type { Role } from '#shared/auth/permissions.ts';
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '#shared/auth/messages.ts';
import { TEAM_MESSAGES } from '#shared/team/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, codeOf, testServices } from '#test/support/services.ts';
import {
  createSession,
  generateSessionToken,
  type SessionUser,
  sessionHasPermission,
  sessionIdFromToken,
  validateSessionToken,
} from './session.ts';
import { totpAt, totpStep } from './totp.ts';
import { verifySecondFactor } from './two-factor.ts';
import { createUser, grantAdmin } from './users.ts';

const PASSWORD = 'policy-pass-for-tests-1';

describe('two-factor rules and management (decision 030)', () => {
  const t = useTestDatabase();
  const services = () => testServices(t.db);

  /** A member with a real session, as the HTTP context would see them. */
  async function signedIn(email: string, role: Role) {
    const created = await createUser(t.db, { email, password: PASSWORD, verified: true });
    await grantAdmin(t.db, email, role);
    const token = generateSessionToken();
    const session = await createSession(t.db, token, created.id, { ip: null, userAgent: null });
    const current = async () => {
      const validated = await validateSessionToken(t.db, token);
      if (!validated) throw new Error('session gone');
      return callerAt(services(), '198.51.100.80', { user: validated.user, sessionId: session.id });
    };
    return { id: created.id, email, token, current };
  }

  async function enrol(caller: Awaited<ReturnType<Awaited<ReturnType<typeof signedIn>>['current']>>) {
    const key = decodeBase32IgnorePadding((await caller.auth.beginTwoFactor()).secret);
    const step = totpStep(new Date());
    const { recoveryCodes } = await caller.auth.confirmTwoFactor({ code: totpAt(key, step) });
    return { key, step, recoveryCodes };
  }

  it('requires enrolment of every member once the Owner turns it on; the server refuses the admin', async () => {
    const owner = await signedIn('policy-owner@example.com', 'owner');
    const marketer = await signedIn('policy-marketer@example.com', 'marketer');

    // A live stream asks this while it runs: the rule ends it as it ends the member's calls.
    const streaming = () => sessionHasPermission(t.db, sessionIdFromToken(marketer.token), 'campaigns.read');
    expect(await streaming()).toBe(true);

    // The Owner cannot lock themselves out: their own 2FA comes first. The card knows it before
    // any attempt, and a refusal says what to do.
    expect(await (await owner.current()).admin.team.twoFactorPolicy()).toEqual({
      required: false,
      ownTwoFactor: false,
    });
    await expect(
      (await owner.current()).admin.team.setTwoFactorPolicy({ required: true }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      message: TEAM_MESSAGES.enrolFirst,
    });
    await enrol(await owner.current());
    await (await owner.current()).admin.team.setTwoFactorPolicy({ required: true });
    expect(await (await owner.current()).admin.team.twoFactorPolicy()).toEqual({
      required: true,
      ownTwoFactor: true,
    });

    expect(await streaming()).toBe(false);
    const before = await validateSessionToken(t.db, marketer.token);
    expect(before?.user.mustEnrolTwoFactor).toBe(true);
    const refused = await (
      await marketer.current()
    ).admin.campaigns
      .list({})
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: TWO_FACTOR_ENROLMENT_REQUIRED });
    expect(await (await marketer.current()).auth.me()).toMatchObject({ mustEnrolTwoFactor: true });
    // Enrolment and the account stay open, or the member could never comply.
    expect(await codeOf((await marketer.current()).auth.sessions())).toBe('OK');
    await enrol(await marketer.current());
    expect((await validateSessionToken(t.db, marketer.token))?.user.mustEnrolTwoFactor).toBe(false);
    expect(await streaming()).toBe(true);
    expect(await codeOf((await marketer.current()).admin.campaigns.list({}))).toBe('OK');

    // While required, 2FA cannot be turned off.
    expect(await codeOf((await marketer.current()).auth.disableTwoFactor({ password: PASSWORD }))).toBe(
      'CONFLICT',
    );
    await (await owner.current()).admin.team.setTwoFactorPolicy({ required: false });
  });

  it('turns 2FA off and regenerates recovery codes only with the password or a current code', async () => {
    const member = await signedIn('manage@example.com', 'viewer');
    const { key, step, recoveryCodes } = await enrol(await member.current());
    const caller = await member.current();

    expect(await codeOf(caller.auth.regenerateRecoveryCodes({ password: 'not-the-password' }))).toBe(
      'UNAUTHORIZED',
    );
    expect(await codeOf(caller.auth.regenerateRecoveryCodes({}))).toBe('BAD_REQUEST');
    const { recoveryCodes: fresh } = await caller.auth.regenerateRecoveryCodes({
      code: totpAt(key, step + 1),
    });
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(recoveryCodes[0]);
    // The old codes are void, the new ones work.
    await expect(verifySecondFactor(t.db, member.id, recoveryCodes[0]!)).rejects.toMatchObject({
      kind: 'invalid_credentials',
    });
    await expect(verifySecondFactor(t.db, member.id, fresh[0]!)).resolves.toBe('recovery');

    expect(await codeOf(caller.auth.disableTwoFactor({ code: '000000' }))).toBe('UNAUTHORIZED');
    await expect(caller.auth.disableTwoFactor({ password: PASSWORD })).resolves.toEqual({ enabled: false });
    expect(await caller.auth.twoFactorStatus()).toEqual({ enabled: false, required: false });
    expect(
      await t.db
        .selectFrom('two_factor_recovery_codes')
        .select('code_hash')
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);

    const actions = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', member.id)
      .orderBy('id')
      .execute();
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['auth.recoveryCodesRegenerated', 'auth.twoFactorDisabled']),
    );
  });

  it('lets the Owner reset a member’s 2FA for a lost device, ending their sessions', async () => {
    const owner = await signedIn('reset-owner@example.com', 'owner');
    const member = await signedIn('lost-phone@example.com', 'buyer');
    await enrol(await member.current());
    const ownerUser: SessionUser = { id: owner.id, email: owner.email, role: 'owner' };
    const team = callerAt(services(), '198.51.100.81', { user: ownerUser, sessionId: 'x' }).admin.team;
    await expect(team.resetTwoFactor({ id: member.id })).resolves.toEqual({ sessionsEnded: 1 });
    expect(await validateSessionToken(t.db, member.token)).toBeNull();
    expect(
      await t.db.selectFrom('user_two_factor').select('user_id').where('user_id', '=', member.id).execute(),
    ).toEqual([]);
    expect(await codeOf(team.resetTwoFactor({ id: member.id }))).toBe('NOT_FOUND');
    const row = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'entity_id'])
      .where('action', '=', 'admin.team.resetTwoFactor')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ actor_id: owner.id, entity_id: member.id });
  });
});
