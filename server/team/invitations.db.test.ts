import { describe, expect, it } from 'vitest';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import {
  callerAt,
  callerFor,
  codeOf,
  recordingJobQueue,
  testConfig,
  testServices,
} from '#test/support/services.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { verifyPassword } from '../auth/password.ts';
import { createSession, generateSessionToken, type SessionUser } from '../auth/session.ts';
import { acceptInvitation, INVITATION_TTL_MS, inviteMember } from './invitations.ts';

const PASSWORD = 'invited-member-pass-2026';
const HOUR = 60 * 60 * 1000;

describe('team invitations (decision 030)', () => {
  const t = useTestDatabase();

  async function owner(email: string): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'owner-pass-for-tests', verified: true });
    await grantAdmin(t.db, email, 'owner');
    return { id: user.id, email, role: 'owner' };
  }

  /** The token of the link in the last invitation e-mail queued. */
  function linkToken(jobs: ReturnType<typeof recordingJobQueue>): string {
    const job = jobs.jobs.at(-1);
    expect(job?.name).toBe('email.send');
    const { message } = job!.payload as JobPayload<'email.send'>;
    const match = /\/admin\/invite\?token=([\w-]+)/.exec(message.text ?? '');
    if (!match?.[1]) throw new Error('no invitation link in the e-mail');
    return match[1];
  }

  it('invites by e-mail, keeps only the hash, and acceptance makes a signed-in member once', async () => {
    const inviter = await owner('inv-owner@example.com');
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    const { id } = await callerFor(services, inviter).admin.team.invite({
      email: 'New.Marketer@example.com',
      role: 'marketer',
    });
    const token = linkToken(jobs);
    const { message } = jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>;
    expect(message.to).toEqual(['New.Marketer@example.com']);
    expect(message.html).toContain('Marketer');

    const row = await t.db
      .selectFrom('team_invitations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(72 * HOUR);

    expect(await callerFor(services, inviter).admin.team.invitations()).toEqual([
      expect.objectContaining({ id, email: 'New.Marketer@example.com', role: 'marketer', expired: false }),
    ]);
    const visitor = callerAt(services, '198.51.100.90');
    await expect(visitor.auth.invitation({ token })).resolves.toEqual({
      email: 'New.Marketer@example.com',
      role: 'marketer',
    });
    // The password policy applies: the address itself is refused.
    expect(await codeOf(visitor.auth.acceptInvitation({ token, password: 'new.marketer@example.com' }))).toBe(
      'BAD_REQUEST',
    );
    const accepted = await visitor.auth.acceptInvitation({ token, password: PASSWORD });
    expect(accepted).toMatchObject({ email: 'New.Marketer@example.com', role: 'marketer' });

    const user = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.id', 'users.password_hash', 'users.email_verified_at', 'user_roles.role'])
      .where('users.email', '=', 'New.Marketer@example.com')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('marketer');
    expect(user.email_verified_at).not.toBeNull();
    expect(await verifyPassword(user.password_hash, PASSWORD)).toBe(true);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    // Accepting signed them in: the Team page shows that sign-in, not "Never".
    const listed = (await callerFor(services, inviter).admin.team.list()).find((m) => m.id === user.id);
    expect(listed?.lastSignInAt).toEqual(expect.any(String));

    // Single use: the same link again is refused, and no second account appears.
    const again = await visitor.auth.acceptInvitation({ token, password: PASSWORD }).catch((e: unknown) => e);
    expect(again).toMatchObject({ code: 'BAD_REQUEST', message: INVITATION_MESSAGES.linkInvalid });
    expect(await codeOf(visitor.auth.invitation({ token }))).toBe('NOT_FOUND');
    expect(await callerFor(services, inviter).admin.team.invitations()).toEqual([]);

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'actor_email', 'entity_id'])
      .where('action', 'in', ['admin.team.invite', 'auth.invitationAccepted'])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'admin.team.invite', actor_email: 'inv-owner@example.com', entity_id: id },
      { action: 'auth.invitationAccepted', actor_email: 'New.Marketer@example.com', entity_id: id },
    ]);
  });

  it('starts the member with the name the invitation carries (decision 057)', async () => {
    const inviter = await owner('name-owner@example.com');
    const jobs = recordingJobQueue();
    const services = { config: testConfig(), jobs };
    await inviteMember(
      t.db,
      services,
      { email: 'named@example.com', role: 'buyer', name: 'Ada Lovelace' },
      inviter,
    );
    const named = linkToken(jobs);
    await inviteMember(t.db, services, { email: 'unnamed@example.com', role: 'viewer' }, inviter);
    const unnamed = linkToken(jobs);
    for (const token of [named, unnamed])
      await t.db.transaction().execute((trx) => acceptInvitation(trx, { token, password: PASSWORD }));
    const rows = await t.db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('email', 'in', ['named@example.com', 'unnamed@example.com'])
      .orderBy('email')
      .execute();
    expect(rows).toEqual([
      { email: 'named@example.com', name: 'Ada Lovelace' },
      { email: 'unnamed@example.com', name: null },
    ]);
  });

  it('expires after 72 hours', async () => {
    const inviter = await owner('exp-owner@example.com');
    const jobs = recordingJobQueue();
    const sentAt = new Date('2026-03-01T00:00:00Z');
    const services = { config: testConfig(), jobs };
    await inviteMember(t.db, services, { email: 'late@example.com', role: 'viewer' }, inviter, sentAt);
    const token = linkToken(jobs);
    const justAfter = new Date(sentAt.getTime() + INVITATION_TTL_MS);
    await expect(
      t.db.transaction().execute((trx) => acceptInvitation(trx, { token, password: PASSWORD }, justAfter)),
    ).rejects.toMatchObject({ kind: 'invalid_token' });
    const justBefore = new Date(sentAt.getTime() + INVITATION_TTL_MS - 1000);
    await expect(
      t.db.transaction().execute((trx) => acceptInvitation(trx, { token, password: PASSWORD }, justBefore)),
    ).resolves.toMatchObject({ email: 'late@example.com', role: 'viewer' });
  });

  it('refuses a revoked link, an old link after a resend, and an address that has an account', async () => {
    const inviter = await owner('rev-owner@example.com');
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    const team = callerFor(services, inviter).admin.team;
    const visitor = callerAt(services, '198.51.100.91');

    const revoked = await team.invite({ email: 'revoked@example.com', role: 'buyer' });
    const revokedToken = linkToken(jobs);
    await team.revokeInvitation(revoked);
    expect(await codeOf(visitor.auth.acceptInvitation({ token: revokedToken, password: PASSWORD }))).toBe(
      'BAD_REQUEST',
    );
    expect(await codeOf(team.revokeInvitation(revoked))).toBe('NOT_FOUND');

    const resent = await team.invite({ email: 'resent@example.com', role: 'buyer' });
    const oldToken = linkToken(jobs);
    expect(await codeOf(team.invite({ email: 'RESENT@example.com', role: 'viewer' }))).toBe('CONFLICT');
    await team.resendInvitation(resent);
    const newToken = linkToken(jobs);
    expect(newToken).not.toBe(oldToken);
    expect(await codeOf(visitor.auth.acceptInvitation({ token: oldToken, password: PASSWORD }))).toBe(
      'BAD_REQUEST',
    );
    await expect(
      visitor.auth.acceptInvitation({ token: newToken, password: PASSWORD }),
    ).resolves.toMatchObject({
      role: 'buyer',
    });

    const existing = await team.invite({ email: 'taken@example.com', role: 'viewer' });
    const takenToken = linkToken(jobs);
    expect(await codeOf(team.invite({ email: 'rev-owner@example.com', role: 'viewer' }))).toBe('CONFLICT');
    // A verified account took the address after the invitation went out and asked for access
    // (an unverified one is replaced by the acceptance, decision 047: access-requests.db.test.ts;
    // a former member's is restored, below).
    const taker = await createUser(t.db, {
      email: 'Taken@example.com',
      password: 'someone-else-pass-1',
      verified: true,
    });
    await t.db.insertInto('access_requests').values({ user_id: taker.id }).execute();
    expect(await codeOf(visitor.auth.acceptInvitation({ token: takenToken, password: PASSWORD }))).toBe(
      'BAD_REQUEST',
    );
    const stillOpen = await t.db
      .selectFrom('team_invitations')
      .select('accepted_at')
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(stillOpen.accepted_at).toBeNull();
    expect(
      await t.db
        .selectFrom('audit_log')
        .select('action')
        .where('action', '=', 'admin.team.revokeInvitation')
        .execute(),
    ).toHaveLength(1);
  });

  it('invites a removed member again: the same account returns with the new role, no old access', async () => {
    const inviter = await owner('again-owner@example.com');
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    const team = callerFor(services, inviter).admin.team;
    const visitor = callerAt(services, '198.51.100.92');

    // A Marketer with a name, 2FA, recovery codes and a session, then removed from the team.
    await team.invite({ email: 'rehired@example.com', role: 'marketer', name: 'Rita Rehired' });
    await visitor.auth.acceptInvitation({ token: linkToken(jobs), password: PASSWORD });
    const first = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'rehired@example.com')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('user_two_factor')
      .values({ user_id: first.id, secret: new Uint8Array(20), enabled_at: new Date() })
      .execute();
    await t.db
      .insertInto('two_factor_recovery_codes')
      .values({ user_id: first.id, code_hash: 'old-code-hash', used_at: null })
      .execute();
    await team.remove({ id: first.id });
    // A session of the former membership that outlived the removal (a restored backup, say).
    await createSession(t.db, generateSessionToken(), first.id, { ip: null, userAgent: 'old laptop' });

    expect((await team.list()).map((m) => m.email)).not.toContain('rehired@example.com');
    expect(await team.formerMembers()).toEqual([
      { id: first.id, email: 'rehired@example.com', name: 'Rita Rehired', invited: false },
    ]);

    // Re-hired as a Buyer: the invitation goes out (refused as "already has an account" before).
    const { id: invitationId } = await team.invite({ email: 'Rehired@example.com', role: 'buyer' });
    const token = linkToken(jobs);
    const { message } = jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>;
    expect(message.to).toEqual(['Rehired@example.com']);
    expect(await team.formerMembers()).toEqual([expect.objectContaining({ id: first.id, invited: true })]);
    // A member is still refused.
    expect(await codeOf(team.invite({ email: 'again-owner@example.com', role: 'viewer' }))).toBe('CONFLICT');

    const NEW_PASSWORD = 'rehired-member-pass-2027';
    const accepted = await visitor.auth.acceptInvitation({ token, password: NEW_PASSWORD });
    // The account's own address (as first written), not a second account for the new spelling.
    expect(accepted).toMatchObject({ email: 'rehired@example.com', role: 'buyer' });
    expect(
      await t.db.selectFrom('users').select('id').where('email', 'ilike', 'rehired@example.com').execute(),
    ).toEqual([{ id: first.id }]);

    const user = await t.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .select(['users.id', 'users.name', 'users.password_hash', 'user_roles.role'])
      .where('users.id', '=', first.id)
      .executeTakeFirstOrThrow();
    // The account and its name are kept; the role is the new one; the old password is gone.
    expect(user).toMatchObject({ name: 'Rita Rehired', role: 'buyer' });
    expect(await verifyPassword(user.password_hash, NEW_PASSWORD)).toBe(true);
    expect(await verifyPassword(user.password_hash, PASSWORD)).toBe(false);
    // Nothing of the former access: no 2FA, no recovery codes, only the session acceptance made.
    const left = async (table: 'user_two_factor' | 'two_factor_recovery_codes') =>
      (await t.db.selectFrom(table).select('user_id').where('user_id', '=', first.id).execute()).length;
    expect(await left('user_two_factor')).toBe(0);
    expect(await left('two_factor_recovery_codes')).toBe(0);
    const sessions = await t.db
      .selectFrom('sessions')
      .select('user_agent')
      .where('user_id', '=', first.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.user_agent).not.toBe('old laptop');

    expect(await team.formerMembers()).toEqual([]);
    expect((await team.list()).find((m) => m.id === first.id)).toMatchObject({
      role: 'buyer',
      twoFactor: false,
    });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id'])
      .where('action', '=', 'auth.invitationAccepted')
      .where('entity_id', '=', invitationId)
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('is the Owner’s alone', async () => {
    const services = testServices(t.db);
    const marketer: SessionUser = {
      id: '00000000-0000-4000-8000-00000000abcd',
      email: 'm@example.com',
      role: 'marketer',
    };
    expect(
      await codeOf(
        callerFor(services, marketer).admin.team.invite({ email: 'x@example.com', role: 'owner' }),
      ),
    ).toBe('FORBIDDEN');
  });
});
