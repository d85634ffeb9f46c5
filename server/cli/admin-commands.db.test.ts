import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { createSession, generateSessionToken, validateSessionToken } from '../auth/session.ts';
import { verifyPassword } from '../auth/password.ts';
import { createUser, findUserByEmail, UnknownUserError, UserExistsError } from '../auth/users.ts';
import { cliActor, runAdminCommand, UsageError } from './admin-commands.ts';

describe('npm run admin', () => {
  const t = useTestDatabase();

  async function run(...argv: string[]): Promise<string[]> {
    const lines: string[] = [];
    await runAdminCommand(t.db, argv, (line) => lines.push(line));
    return lines;
  }

  it('creates a verified admin with the given password', async () => {
    expect(await run('create', 'Owner@Example.com', '--password', 'the owner passphrase')).toEqual([
      'Created admin Owner@Example.com (owner).',
    ]);
    const user = await findUserByEmail(t.db, 'owner@example.com');
    expect(user?.email_verified_at).toBeInstanceOf(Date);
    expect(await verifyPassword(user?.password_hash ?? '', 'the owner passphrase')).toBe(true);
    expect(await run('list')).toEqual([
      expect.stringMatching(/^Owner@Example\.com\towner\tverified\t\d{4}-/),
    ]);
  });

  it('generates and shows a password once when none is given', async () => {
    const lines = await run('create', 'generated@example.com');
    expect(lines[0]).toBe('Created admin generated@example.com (owner).');
    const password = /^Password \(shown once\): (\S+)$/.exec(lines[1] ?? '')?.[1] ?? '';
    expect(password).toHaveLength(24);
    const user = await findUserByEmail(t.db, 'generated@example.com');
    expect(await verifyPassword(user?.password_hash ?? '', password)).toBe(true);
  });

  it('uses the prompted password when one is typed', async () => {
    await runAdminCommand(
      t.db,
      ['create', 'prompted@example.com'],
      () => undefined,
      () => Promise.resolve('typed at the prompt'),
    );
    const user = await findUserByEmail(t.db, 'prompted@example.com');
    expect(await verifyPassword(user?.password_hash ?? '', 'typed at the prompt')).toBe(true);
  });

  it('refuses invalid e-mails, weak passwords, duplicates and unknown commands', async () => {
    await expect(run('create', 'not-an-email')).rejects.toThrow(UsageError);
    await expect(run('create')).rejects.toThrow('Email is required');
    await expect(run('grant', 'still not an email')).rejects.toThrow('Please enter a valid email address');
    await expect(run('create', 'weak@example.com', '--password', '123')).rejects.toThrow(
      'Password must be at least 12 characters',
    );
    await expect(run('create', 'weak@example.com', '--password', 'password1234')).rejects.toThrow(
      AUTH_MESSAGES.weakPassword,
    );
    await expect(run('create', 'weak@example.com', '--password')).rejects.toThrow('--password needs a value');
    expect(await findUserByEmail(t.db, 'weak@example.com')).toBeUndefined();
    await expect(run('create', 'OWNER@example.com', '--password', 'another passphrase')).rejects.toThrow(
      UserExistsError,
    );
    await expect(run('promote', 'owner@example.com')).rejects.toThrow('Unknown command "promote"');
    await expect(run()).rejects.toThrow(/^Usage: npm run admin/);
  });

  it('grants and revokes the role; revoking ends the sessions at once', async () => {
    const user = await createUser(t.db, { email: 'staff@example.com', password: 'staff passphrase' });
    // An unverified address is refused unless --force (decision 008).
    await expect(run('grant', 'STAFF@example.com')).rejects.toThrow(/has not verified its e-mail address/);
    expect((await findUserByEmail(t.db, 'staff@example.com'))?.id).toBe(user.id);
    expect(await run('grant', 'STAFF@example.com', '--force')).toEqual([
      'STAFF@example.com is now an admin (owner).',
      'Note: granted with --force to an unverified address; it cannot sign in until the address is verified.',
    ]);
    // Granting twice changes nothing.
    await run('grant', 'staff@example.com', '--force');
    const token = generateSessionToken();
    await createSession(t.db, token, user.id, { ip: null, userAgent: null });
    expect((await validateSessionToken(t.db, token))?.user.role).toBe('owner');
    // A role given by name replaces the one held (one role per member, decision 027).
    expect(await run('grant', 'staff@example.com', '--role', 'marketer', '--force')).toContain(
      'staff@example.com is now an admin (marketer).',
    );
    expect((await validateSessionToken(t.db, token))?.user.role).toBe('marketer');
    await expect(run('grant', 'staff@example.com', '--role', 'admin')).rejects.toThrow(/--role needs one of/);

    expect(await run('revoke', 'staff@example.com')).toEqual([
      'staff@example.com is no longer an admin; 1 session(s) ended.',
    ]);
    expect(await validateSessionToken(t.db, token)).toBeNull();
    expect(await run('list')).toContainEqual(
      expect.stringMatching(/^staff@example\.com\tuser\tunverified\t/),
    );
  });

  it('signs a user out everywhere without changing the role', async () => {
    const tokens = [generateSessionToken(), generateSessionToken()];
    const owner = await findUserByEmail(t.db, 'owner@example.com');
    for (const token of tokens)
      await createSession(t.db, token, owner?.id ?? '', { ip: null, userAgent: null });
    expect(await run('logout', 'owner@example.com')).toEqual(['2 session(s) of owner@example.com ended.']);
    for (const token of tokens) expect(await validateSessionToken(t.db, token)).toBeNull();
    expect(await run('list')).toContainEqual(expect.stringMatching(/^Owner@Example\.com\towner\t/));
  });

  it('reports unknown users for grant, revoke and logout', async () => {
    for (const command of ['grant', 'revoke', 'logout']) {
      await expect(run(command, 'ghost@example.com')).rejects.toThrow(UnknownUserError);
    }
  });
});

describe('npm run admin keeps an Owner', () => {
  const t = useTestDatabase();
  const run = async (...argv: string[]) => {
    const lines: string[] = [];
    await runAdminCommand(t.db, argv, (line) => lines.push(line));
    return lines;
  };

  it('refuses to revoke or demote the last Owner, as the Team page does', async () => {
    await run('create', 'solo@example.com', '--password', 'the solo passphrase');
    await expect(run('revoke', 'solo@example.com')).rejects.toThrow(UsageError);
    await expect(run('revoke', 'solo@example.com')).rejects.toThrow(/last Owner/);
    await expect(run('grant', 'solo@example.com', '--role', 'viewer')).rejects.toThrow(/last Owner/);
    expect(await run('list')).toEqual([expect.stringMatching(/^solo@example\.com\towner\t/)]);

    // With a second Owner, either may go.
    await run('create', 'second@example.com', '--password', 'the second passphrase');
    expect(await run('grant', 'solo@example.com', '--role', 'viewer')).toEqual([
      'solo@example.com is now an admin (viewer).',
    ]);
    await expect(run('revoke', 'second@example.com')).rejects.toThrow(/last Owner/);
    expect(await run('revoke', 'solo@example.com')).toEqual([
      'solo@example.com is no longer an admin; 0 session(s) ended.',
    ]);
  });
});

describe('npm run admin writes an audit row per change (decision 043)', () => {
  const t = useTestDatabase();
  const cli = { id: null, email: 'cli (deploy)', ip: null };
  const run = (...argv: string[]) => runAdminCommand(t.db, argv, () => undefined, undefined, cli);
  const rows = () =>
    t.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_email', 'action', 'entity_type', 'entity_id', 'summary'])
      .orderBy('id')
      .execute();

  it('records create, grant, revoke and logout under the CLI and the shell user, not list', async () => {
    await run('create', 'cli-owner@example.com', '--password', 'the cli owner passphrase');
    await run(
      'create',
      'cli-staff@example.com',
      '--password',
      'the cli staff passphrase',
      '--role',
      'viewer',
    );
    await run('grant', 'cli-staff@example.com', '--role', 'marketer');
    await run('logout', 'cli-staff@example.com');
    await run('revoke', 'cli-staff@example.com');
    await run('list');
    const staff = await findUserByEmail(t.db, 'cli-staff@example.com');
    const logged = await rows();
    expect(logged.map((r) => r.action)).toEqual([
      'cli.create',
      'cli.create',
      'cli.grant',
      'cli.logout',
      'cli.revoke',
    ]);
    expect(logged.every((r) => r.actor_email === 'cli (deploy)' && r.actor_id === null)).toBe(true);
    expect(logged.slice(1).every((r) => r.entity_type === 'user' && r.entity_id === staff?.id)).toBe(true);
    expect(logged[1]?.summary).toEqual({
      email: 'cli-staff@example.com',
      role: 'viewer',
      passwordGenerated: false,
    });
    expect(logged[2]?.summary).toMatchObject({ changes: { role: { before: 'viewer', after: 'marketer' } } });
    expect(logged[4]?.summary).toMatchObject({ changes: { role: { before: 'marketer', after: null } } });
    expect(JSON.stringify(logged)).not.toContain('passphrase');
  });

  it('leaves no row for a refused change, and no change without its row', async () => {
    const before = (await rows()).length;
    await expect(run('revoke', 'cli-owner@example.com')).rejects.toThrow(/last Owner/);
    expect(await rows()).toHaveLength(before);

    await sql`
      CREATE FUNCTION refuse_cli_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit unavailable'; END $$`.execute(t.db);
    await sql`
      CREATE TRIGGER refuse_cli_audit BEFORE INSERT ON audit_log FOR EACH ROW
      EXECUTE FUNCTION refuse_cli_audit()`.execute(t.db);
    try {
      await expect(
        run('create', 'cli-never@example.com', '--password', 'never kept passphrase'),
      ).rejects.toThrow(/audit unavailable/);
      await expect(run('grant', 'cli-staff@example.com', '--role', 'owner')).rejects.toThrow(
        /audit unavailable/,
      );
    } finally {
      await sql`DROP TRIGGER refuse_cli_audit ON audit_log`.execute(t.db);
      await sql`DROP FUNCTION refuse_cli_audit()`.execute(t.db);
    }
    expect(await findUserByEmail(t.db, 'cli-never@example.com')).toBeUndefined();
    const staff = await findUserByEmail(t.db, 'cli-staff@example.com');
    const role = await t.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', staff!.id)
      .executeTakeFirst();
    expect(role).toBeUndefined();
  });

  it('names the shell user when no actor is given', () => {
    const actor = cliActor();
    expect([actor.id, actor.ip]).toEqual([null, null]);
    expect(actor.email).toMatch(/^cli \(.+\)$/);
  });
});
