import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { callerAt, callerFor, codeOf, testConfig, testServices } from '#test/support/services.ts';
import type { SessionUser } from '../auth/session.ts';
import { auditEmailHash } from '../auth/sign-in.ts';
import { createUser, grantAdmin } from '../auth/users.ts';
import { appRouter } from '../trpc/router.ts';
import { auditMutation } from '../trpc/trpc.ts';
import { up as scrubSignInFailures } from '../../migrations/20261126062100_sign_in_failures_without_address.ts';
import type { AuditRow } from '#shared/audit/schemas.ts';
import { describeAudit, sentenceText } from '#shared/audit/sentences.ts';
import { auditSummary, recordAudit } from './audit.ts';

const longHtml = `<html><body>${'<p>Hello {{first_name}}</p>'.repeat(20)}<a href="{{unsubscribe_url}}">Unsubscribe</a></body></html>`;

describe('the audit log (decision 028)', () => {
  const t = useTestDatabase();
  let owner: SessionUser;

  beforeAll(async () => {
    const user = await t.db
      .insertInto('users')
      .values({ email: 'audit-owner@example.com', password_hash: 'not-used' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    owner = { id: user.id, email: user.email, role: 'owner' };
  });

  // At run time tRPC keeps the procedures flat, keyed by dotted path (its type nests them).
  const procedures = appRouter._def.procedures as unknown as Record<
    string,
    { _def: { type: string; middlewares: unknown[] } }
  >;
  const adminMutations = Object.entries(procedures)
    .filter(([path, procedure]) => path.startsWith('admin.') && procedure._def.type === 'mutation')
    .map(([path]) => path);

  it('finds the admin mutations', () => {
    expect(adminMutations).toContain('admin.campaigns.sendNow');
    expect(adminMutations.length).toBeGreaterThanOrEqual(17);
  });

  it.each(adminMutations.map((path) => [path]))('%s writes an audit row when it succeeds', (path) => {
    // tRPC keeps a middleware builder's functions in _middlewares; the procedure copies them in.
    expect(procedures[path]?._def.middlewares).toEqual(expect.arrayContaining(auditMutation._middlewares));
  });

  it('records who, from where, what and a summary without the full HTML body', async () => {
    const created = await callerFor(testServices(t.db), owner).admin.templates.create({
      templateName: 'Audited',
      subject: 'Prices for {{watch_brand}} owners',
      description: 'x',
      htmlContent: longHtml,
      variables: ['first_name'],
    });
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'admin.templates.create')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      actor_id: owner.id,
      actor_email: owner.email,
      ip: '127.0.0.1',
      entity_type: 'templates',
      entity_id: created.id,
    });
    expect(row.summary).toMatchObject({
      input: { templateName: 'Audited', htmlContent: `[${longHtml.length} characters]` },
    });
  });

  it('writes nothing for a refused or failed mutation', async () => {
    const before = await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    const viewer = { ...owner, role: 'viewer' as const };
    expect(await codeOf(callerFor(testServices(t.db), viewer).admin.templates.delete({ id: owner.id }))).toBe(
      'FORBIDDEN',
    );
    expect(await codeOf(callerFor(testServices(t.db), owner).admin.templates.delete({ id: owner.id }))).toBe(
      'NOT_FOUND',
    );
    const after = await t.db
      .selectFrom('audit_log')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirst();
    expect(after?.n).toBe(before?.n);
  });

  it('records failed sign-ins with a keyed hash of the address typed, never the address or password', async () => {
    await codeOf(
      callerAt(testServices(t.db), '203.0.113.9').auth.signIn({
        email: 'nobody@example.com',
        password: 'a wrong password here',
      }),
    );
    const row = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'auth.signInFailed')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ ip: '203.0.113.9', actor_id: null });
    // Decision 036: an address typed at sign-in is personal data; the log keeps its HMAC only.
    expect(row.summary).toEqual({
      emailHash: auditEmailHash(testConfig().appSecret, 'Nobody@Example.com '),
      reason: 'invalid_credentials',
    });
    expect(JSON.stringify(row)).not.toContain('a wrong password here');
    expect(JSON.stringify(row).toLowerCase()).not.toContain('nobody');
  });

  it('removes the typed address from failed sign-ins recorded before the keyed hash', async () => {
    await t.db
      .insertInto('audit_log')
      .values({
        action: 'auth.signInFailed',
        ip: '203.0.113.11',
        summary: JSON.stringify({ email: 'old.typed@example.com', reason: 'invalid_credentials' }),
      })
      .execute();
    await scrubSignInFailures(t.db);
    const rows = await t.db
      .selectFrom('audit_log')
      .select('summary')
      .where('ip', '=', '203.0.113.11')
      .execute();
    expect(rows.map((r) => r.summary)).toEqual([{ email: '[personal data]', reason: 'invalid_credentials' }]);
  });

  it("files a failed sign-in on a member's address under that member, without the text typed", async () => {
    const member = await createUser(t.db, {
      email: 'Targeted.Member@example.com',
      password: 'targeted-pass-for-tests',
      verified: true,
    });
    await grantAdmin(t.db, member.email, 'viewer');
    const visitor = callerAt(testServices(t.db), '203.0.113.10');
    const refusal = (email: string) =>
      visitor.auth.signIn({ email, password: 'not the password' }).then(
        () => null,
        (error: unknown) => (error instanceof TRPCError ? [error.code, error.message] : String(error)),
      );
    // One after the other, so the rows come in this order. The caller learns nothing: the same
    // refusal for a member's address and an unknown one.
    const onMember = await refusal('targeted.member@EXAMPLE.com');
    const stranger = await refusal('not.a.member@example.com');
    expect(onMember).toEqual(stranger);
    expect(onMember?.[0]).toBe('UNAUTHORIZED');
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_email', 'entity_id', 'summary'])
      .where('action', '=', 'auth.signInFailed')
      .where('ip', '=', '203.0.113.10')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      {
        actor_id: member.id,
        actor_email: member.email,
        entity_id: member.id,
        summary: { reason: 'invalid_credentials' },
      },
      {
        actor_id: null,
        actor_email: null,
        entity_id: null,
        summary: {
          emailHash: auditEmailHash(testConfig().appSecret, 'not.a.member@example.com'),
          reason: 'invalid_credentials',
        },
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain('EXAMPLE.com');
    expect(JSON.stringify(rows)).not.toContain('not.a.member');
    // The Owner's member filter finds the attempt.
    const found = await callerFor(testServices(t.db), owner).admin.audit.list({
      member: 'targeted.member',
      action: 'signInFailed',
    });
    expect(found.rows).toHaveLength(1);
  });

  it('lists newest first, filtered by member, action and day, for the Owner only', async () => {
    const api = (user: SessionUser) => callerFor(testServices(t.db), user).admin.audit;
    const all = await api(owner).list({});
    expect(all.rows.map((r) => r.action)).toContain('admin.templates.create');
    expect(all.rows.map((r) => r.action)[0]).toBe('auth.signInFailed');
    const mine = await api(owner).list({ member: 'audit-owner', action: 'templates' });
    expect(mine.rows.map((r) => r.action)).toEqual(['admin.templates.create']);
    expect((await api(owner).list({ from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
    expect(await codeOf(api({ ...owner, role: 'marketer' }).list({}))).toBe('FORBIDDEN');
  });

  it("lists each row with its actor's role and the record it names, as a sentence", async () => {
    await grantAdmin(t.db, owner.email, 'owner');
    const api = callerFor(testServices(t.db), owner).admin;
    const template = await api.templates.create({
      templateName: 'Named in the log',
      subject: 'Hello',
      description: null,
      htmlContent: '<p>Hi</p>',
      variables: [],
    });
    const doomed = await api.templates.create({
      templateName: 'Gone soon',
      subject: 'Hello',
      description: null,
      htmlContent: '<p>Hi</p>',
      variables: [],
    });
    await api.templates.delete({ id: doomed.id });
    await api.contacts.create({
      email: 'listed-contact@example.com',
      fullName: 'Vera Listed',
      phone: null,
      consentEvidence: null,
    });
    // A row naming something that is not a uuid (a cut session id) reads as naming nothing.
    await recordAudit(
      t.db,
      { id: null, email: null, ip: null },
      {
        action: 'auth.signOut',
        entityType: 'session',
        entityId: 'abc123',
      },
    );

    const { rows } = await api.audit.list({});
    const find = (action: string, id: string) => rows.find((r) => r.action === action && r.entityId === id);
    const created = find('admin.templates.create', template.id);
    expect(created).toMatchObject({
      actorRole: 'owner',
      target: { label: 'Named in the log', recipients: null },
    });
    expect(sentenceText(describeAudit(created as AuditRow))).toBe(
      "audit-owner@example.com (Owner) created the template 'Named in the log'",
    );
    // Deleted: no record to link to; the sentence names it from the row's before/after.
    const deleted = find('admin.templates.delete', doomed.id);
    expect(deleted?.target).toBeNull();
    expect(sentenceText(describeAudit(deleted as AuditRow))).toBe(
      "audit-owner@example.com (Owner) deleted the template 'Gone soon'",
    );
    // A contact is found but never named (decision 036).
    const added = rows.find((r) => r.action === 'admin.contacts.create');
    expect(added?.entityId).toBeTruthy();
    expect(added?.target).toEqual({ label: null, recipients: null });
    expect(JSON.stringify(added)).not.toContain('Vera');
    expect(sentenceText(describeAudit(added as AuditRow))).toBe(
      'audit-owner@example.com (Owner) added a contact',
    );
    expect(rows.find((r) => r.entityId === 'abc123')).toMatchObject({ target: null, actorRole: null });
  });

  it('lists the names of the members its rows name, the addresses kept (decision 102)', async () => {
    await grantAdmin(t.db, owner.email, 'owner');
    const nadia = await t.db
      .insertInto('users')
      .values({ email: 'named-member@example.com', password_hash: 'not-used', name: 'Nadia Named' })
      .returning(['id', 'email'])
      .executeTakeFirstOrThrow();
    await grantAdmin(t.db, nadia.email, 'owner');
    const asNadia = callerFor(testServices(t.db), { id: nadia.id, email: nadia.email, role: 'owner' }).admin;
    const template = await asNadia.templates.create({
      templateName: 'By a named member',
      subject: 'Hello',
      description: null,
      htmlContent: '<p>Hi</p>',
      variables: [],
    });
    // The unnamed Owner acts on her: she is named in the sentence, the actor by address.
    const api = callerFor(testServices(t.db), owner).admin;
    await api.team.changeRole({ id: nadia.id, role: 'buyer' });

    const list = await api.audit.list({});
    expect(list.names).toEqual({ 'named-member@example.com': 'Nadia Named' });
    const created = list.rows.find(
      (r) => r.action === 'admin.templates.create' && r.entityId === template.id,
    );
    const sentence = describeAudit(created as AuditRow, list.names);
    expect(sentenceText(sentence)).toBe("Nadia Named (Buyer) created the template 'By a named member'");
    expect(sentence.actorAddress).toBe('named-member@example.com');
    // The row itself still keeps the address: it is the identity record.
    expect(created?.actorEmail).toBe('named-member@example.com');
    const changed = list.rows.find((r) => r.action === 'admin.team.changeRole');
    const roleSentence = describeAudit(changed as AuditRow, list.names);
    expect(sentenceText(roleSentence)).toBe(
      'audit-owner@example.com (Owner) changed the role of Nadia Named to Buyer',
    );
    expect(roleSentence.actorAddress).toBeNull();
    expect(roleSentence.parts).toContainEqual({ target: 'Nadia Named', address: 'named-member@example.com' });
  });

  it('refuses UPDATE, DELETE and TRUNCATE (append-only)', async () => {
    await expect(sql`UPDATE audit_log SET action = 'x'`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE audit_log`.execute(t.db)).rejects.toThrow(/append-only/);
  });

  it('hides secrets and shortens long text in summaries', () => {
    expect(
      auditSummary({
        password: 'p',
        newPassword: 'q',
        code: '123456',
        token: 't',
        name: 'n',
        body: 'x'.repeat(500),
      }),
    ).toEqual({
      password: '[hidden]',
      newPassword: '[hidden]',
      code: '[hidden]',
      token: '[hidden]',
      name: 'n',
      body: '[500 characters]',
    });
  });
});
