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
import type { SessionUser } from '../auth/session.ts';
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
    // A verified account took the address after the invitation went out (an unverified one is
    // replaced by the acceptance, decision 047: access-requests.db.test.ts).
    await createUser(t.db, { email: 'Taken@example.com', password: 'someone-else-pass-1', verified: true });
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
