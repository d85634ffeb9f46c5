import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { ACCESS_REQUEST_MESSAGES, INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, callerFor, codeOf, recordingJobQueue, testServices } from '#test/support/services.ts';
import type { JobPayload } from '../jobs/definitions.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import type { SessionUser } from '../auth/session.ts';
import { createMigrator, migrateToLatest } from '../db/migrator.ts';

// Decision 047: open sign-up versus invitations, and sign-up as a request for access.

const PASSWORD = 'harbour-quartz-lantern-2026';

describe('sign-up, invitations and access requests (decision 047)', () => {
  const t = useTestDatabase();
  let ipSeq = 0;

  async function teamMember(email: string, role: Role): Promise<SessionUser> {
    const user = await createUser(t.db, { email, password: 'member-pass-for-tests', verified: true });
    await grantAdmin(t.db, email, role);
    return { id: user.id, email, role };
  }

  /** A visitor from a fresh address each time, so the per-IP sign-up throttle stays out of the way. */
  function visitor(jobs = recordingJobQueue()) {
    ipSeq += 1;
    return callerAt(testServices(t.db, { jobs }), `198.51.100.${ipSeq}`);
  }

  async function userId(email: string): Promise<string | undefined> {
    const row = await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    return row?.id;
  }

  function linkToken(jobs: ReturnType<typeof recordingJobQueue>): string {
    const { message } = jobs.jobs.at(-1)!.payload as JobPayload<'email.send'>;
    const match = /\/admin\/invite\?token=([\w-]+)/.exec(message.text ?? '');
    if (!match?.[1]) throw new Error('no invitation link in the e-mail');
    return match[1];
  }

  async function rowsOf(action: string) {
    return t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'entity_type', 'entity_id', 'summary'])
      .where('action', '=', action)
      .execute();
  }

  it('refuses sign-up for an address with an open invitation, pointing to the invitation', async () => {
    const owner = await teamMember('ar-owner-1@example.com', 'owner');
    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    await callerFor(services, owner).admin.team.invite({ email: 'invitee@example.com', role: 'buyer' });
    const token = linkToken(jobs);

    // Another case of the same address is the same address.
    const signUp = visitor().auth.signUp({ email: 'Invitee@Example.com', password: PASSWORD });
    await expect(signUp).rejects.toMatchObject({
      code: 'CONFLICT',
      message: INVITATION_MESSAGES.signUpInvited,
    });
    expect(await userId('Invitee@Example.com')).toBeUndefined();
    expect(await t.db.selectFrom('access_requests').selectAll().execute()).toEqual([]);

    // The invitation still works.
    const accepted = await visitor().auth.acceptInvitation({ token, password: PASSWORD });
    expect(accepted).toMatchObject({ email: 'invitee@example.com', role: 'buyer' });
  });

  it('replaces an unverified account when its address is invited, and the invitation is accepted', async () => {
    const owner = await teamMember('ar-owner-2@example.com', 'owner');
    await visitor().auth.signUp({ email: 'squatted@example.com', password: PASSWORD });
    const squatter = await userId('squatted@example.com');
    expect(squatter).toBeDefined();

    const jobs = recordingJobQueue();
    const services = testServices(t.db, { jobs });
    await callerFor(services, owner).admin.team.invite({ email: 'squatted@example.com', role: 'marketer' });
    expect(await t.db.selectFrom('users').select('id').where('id', '=', squatter!).execute()).toEqual([]);
    expect((await callerFor(services, owner).admin.team.accessRequests()).map((r) => r.id)).not.toContain(
      squatter,
    );

    const accepted = await visitor().auth.acceptInvitation({ token: linkToken(jobs), password: PASSWORD });
    expect(accepted).toMatchObject({ email: 'squatted@example.com', role: 'marketer' });
    expect(await userId('squatted@example.com')).not.toBe(squatter);
  });

  it('acceptance replaces an unverified account that appeared after the invitation went out', async () => {
    const owner = await teamMember('ar-owner-3@example.com', 'owner');
    const jobs = recordingJobQueue();
    await callerFor(testServices(t.db, { jobs }), owner).admin.team.invite({
      email: 'raced@example.com',
      role: 'viewer',
    });
    // As a sign-up racing the invitation would leave it (both checks passed before either wrote).
    const raced = await createUser(t.db, { email: 'raced@example.com', password: PASSWORD });
    const accepted = await visitor().auth.acceptInvitation({ token: linkToken(jobs), password: PASSWORD });
    expect(accepted).toMatchObject({ email: 'raced@example.com', role: 'viewer' });
    expect(await userId('raced@example.com')).not.toBe(raced.id);
  });

  it('keeps verified accounts and members: the invitation is refused, naming the way in', async () => {
    const owner = await teamMember('ar-owner-4@example.com', 'owner');
    const api = callerFor(testServices(t.db), owner).admin.team;
    await visitor().auth.signUp({ email: 'verified-asker@example.com', password: PASSWORD });
    await t.db
      .updateTable('users')
      .set({ email_verified_at: new Date() })
      .where('email', '=', 'verified-asker@example.com')
      .execute();
    await expect(api.invite({ email: 'verified-asker@example.com', role: 'viewer' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: INVITATION_MESSAGES.accessRequested,
    });
    await teamMember('ar-member@example.com', 'buyer');
    await expect(api.invite({ email: 'ar-member@example.com', role: 'viewer' })).rejects.toMatchObject({
      code: 'CONFLICT',
      message: INVITATION_MESSAGES.alreadyMember,
    });
    expect(await userId('verified-asker@example.com')).toBeDefined();
  });

  it('files a sign-up as an access request that opens nothing until approved', async () => {
    const owner = await teamMember('ar-owner-5@example.com', 'owner');
    const api = callerFor(testServices(t.db), owner).admin.team;
    const answer = await visitor().auth.signUp({ email: 'stranger@example.com', password: PASSWORD });
    expect(answer).toEqual({ message: AUTH_MESSAGES.signUpSuccess });
    const id = await userId('stranger@example.com');

    const requested = async () => (await api.accessRequests()).find((r) => r.id === id);
    const request = await requested();
    expect(request).toMatchObject({ id, email: 'stranger@example.com', verified: false });
    expect(Object.keys(request ?? {}).toSorted()).toEqual(['email', 'id', 'requestedAt', 'verified']);
    await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id!).execute();
    expect((await requested())?.verified).toBe(true);

    // No role: sign-in is refused and every admin procedure too.
    await expect(
      visitor().auth.signIn({ email: 'stranger@example.com', password: PASSWORD }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: AUTH_MESSAGES.accessDenied });
    const stranger = callerFor(testServices(t.db), { id: id!, email: 'stranger@example.com', role: null });
    expect(await codeOf(stranger.admin.dashboard.stats())).toBe('FORBIDDEN');
    expect(await codeOf(stranger.admin.team.accessRequests())).toBe('FORBIDDEN');
    expect(await codeOf(stranger.admin.team.approveAccessRequest({ id: id!, role: 'owner' }))).toBe(
      'FORBIDDEN',
    );
    expect(await t.db.selectFrom('user_roles').selectAll().where('user_id', '=', id!).execute()).toEqual([]);
  });

  it('approving grants the chosen role, ends the request and is audited by ids', async () => {
    const owner = await teamMember('ar-owner-6@example.com', 'owner');
    const api = callerFor(testServices(t.db), owner).admin.team;
    await visitor().auth.signUp({ email: 'approved@example.com', password: PASSWORD });
    const id = (await userId('approved@example.com'))!;
    await t.db.updateTable('users').set({ email_verified_at: new Date() }).where('id', '=', id).execute();

    expect(await api.approveAccessRequest({ id, role: 'marketer' })).toEqual({ id, role: 'marketer' });
    expect((await api.accessRequests()).map((r) => r.id)).not.toContain(id);
    expect(await api.list()).toContainEqual(expect.objectContaining({ id, role: 'marketer' }));
    const signedIn = await visitor().auth.signIn({ email: 'approved@example.com', password: PASSWORD });
    expect(signedIn).toMatchObject({ isAdmin: true, role: 'marketer' });

    const [row] = await rowsOf('admin.team.approveAccessRequest');
    expect(row).toMatchObject({ actor_id: owner.id, entity_type: 'team', entity_id: id });
    expect(row?.summary).toMatchObject({ changes: { role: { before: null, after: 'marketer' } } });
    expect(JSON.stringify(row?.summary)).not.toContain('approved@example.com');

    // Answered once: a second approval finds nothing open.
    expect(await codeOf(api.approveAccessRequest({ id, role: 'owner' }))).toBe('NOT_FOUND');
    expect(await api.list()).toContainEqual(expect.objectContaining({ id, role: 'marketer' }));
  });

  it('dismissing removes the request and the account that asked, and frees the address', async () => {
    const owner = await teamMember('ar-owner-7@example.com', 'owner');
    const api = callerFor(testServices(t.db), owner).admin.team;
    await visitor().auth.signUp({ email: 'dismissed@example.com', password: PASSWORD });
    const id = (await userId('dismissed@example.com'))!;

    expect((await api.accessRequests()).map((r) => r.id)).toContain(id);
    expect(await api.dismissAccessRequest({ id })).toEqual({ id });
    expect((await api.accessRequests()).map((r) => r.id)).not.toContain(id);
    expect(await userId('dismissed@example.com')).toBeUndefined();
    expect(await api.list()).not.toContainEqual(expect.objectContaining({ id }));
    const [row] = await rowsOf('admin.team.dismissAccessRequest');
    expect(row).toMatchObject({ actor_id: owner.id, entity_type: 'team', entity_id: id });
    expect(JSON.stringify(row?.summary)).not.toContain('dismissed@example.com');

    await expect(api.dismissAccessRequest({ id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: ACCESS_REQUEST_MESSAGES.notFound,
    });
    expect(await codeOf(api.invite({ email: 'dismissed@example.com', role: 'viewer' }))).toBe('OK');
  });

  it('lets only the Owner list, approve or dismiss, and refuses a malformed id', async () => {
    const owner = await teamMember('ar-owner-8@example.com', 'owner');
    await visitor().auth.signUp({ email: 'asker@example.com', password: PASSWORD });
    const id = (await userId('asker@example.com'))!;
    for (const role of ['marketer', 'buyer', 'viewer'] as const) {
      const api = callerFor(testServices(t.db), await teamMember(`ar-${role}@example.com`, role)).admin.team;
      expect(await codeOf(api.accessRequests())).toBe('FORBIDDEN');
      expect(await codeOf(api.approveAccessRequest({ id, role: 'owner' }))).toBe('FORBIDDEN');
      expect(await codeOf(api.dismissAccessRequest({ id }))).toBe('FORBIDDEN');
    }
    const anonymous = callerFor(testServices(t.db)).admin.team;
    expect(await codeOf(anonymous.approveAccessRequest({ id, role: 'owner' }))).toBe('UNAUTHORIZED');
    expect(await codeOf(anonymous.dismissAccessRequest({ id }))).toBe('UNAUTHORIZED');
    expect(await t.db.selectFrom('user_roles').selectAll().where('user_id', '=', id).execute()).toEqual([]);
    expect(await userId('asker@example.com')).toBe(id);

    const api = callerFor(testServices(t.db), owner).admin.team;
    await expect(api.dismissAccessRequest({ id: 'not-a-uuid' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
    expect((await api.accessRequests()).map((r) => r.id)).toContain(id);
  });
});

describe('the access_requests migration', () => {
  const t = useTestDatabase();

  it('files a request for accounts that never were members, and none for members or former ones', async () => {
    const before = await createMigrator(t.db).migrateTo('20261126050000_lighter_queued_sends');
    expect(before.error).toBeUndefined();
    const user = async (email: string) =>
      (
        await sql<{ id: string }>`
          INSERT INTO users (email, password_hash) VALUES (${email}, 'x') RETURNING id`.execute(t.db)
      ).rows[0]!.id;
    const stranger = await user('old-stranger@example.com');
    const member = await user('old-member@example.com');
    await sql`INSERT INTO user_roles (user_id, role) VALUES (${member}, 'viewer')`.execute(t.db);
    const signedInOnce = await user('old-former@example.com');
    await sql`INSERT INTO audit_log (actor_id, action) VALUES (${signedInOnce}, 'auth.signIn')`.execute(t.db);
    const removed = await user('old-removed@example.com');
    await sql`INSERT INTO audit_log (action, entity_type, entity_id)
      VALUES ('admin.team.remove', 'team', ${removed})`.execute(t.db);
    const invited = await user('old-invited@example.com');
    await sql`INSERT INTO team_invitations (email, role, token_hash, expires_at, accepted_at, accepted_user_id)
      VALUES ('old-invited@example.com', 'buyer', 'h', now(), now(), ${invited})`.execute(t.db);

    await migrateToLatest(t.db);
    const rows = await t.db.selectFrom('access_requests').select('user_id').execute();
    expect(rows.map((r) => r.user_id)).toEqual([stranger]);
  });
});
