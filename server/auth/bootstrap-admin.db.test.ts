import { describe, expect, it } from 'vitest';
import { hasPermission } from '#shared/auth/permissions.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { ensureFirstAdmin } from './bootstrap-admin.ts';
import { verifyPassword } from './password.ts';
import { createUser, findUserByEmail } from './users.ts';

// `npm start` on an empty database makes the first admin (server/cli/start.ts): it must be an Owner,
// the one role that can manage the team and read the audit log (decision 027), or nobody could.
describe('the first admin made at start', () => {
  const t = useTestDatabase();
  const roleOf = async (email: string) => {
    const user = await findUserByEmail(t.db, email);
    const row = await t.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', user!.id)
      .executeTakeFirst();
    return row?.role;
  };

  it('is an Owner with a working generated password, and is made only once', async () => {
    const login = await ensureFirstAdmin(t.db, 'first@example.com');
    expect(login?.email).toBe('first@example.com');
    const role = await roleOf('first@example.com');
    expect(role).toBe('owner');
    expect(hasPermission(role, 'team.manage')).toBe(true);
    expect(hasPermission(role, 'audit.read')).toBe(true);
    const user = await findUserByEmail(t.db, 'first@example.com');
    expect(user?.email_verified_at).toBeInstanceOf(Date);
    expect(await verifyPassword(user!.password_hash, login!.password)).toBe(true);
    // A second start finds an admin and makes nobody.
    expect(await ensureFirstAdmin(t.db, 'second@example.com')).toBeNull();
    expect(await findUserByEmail(t.db, 'second@example.com')).toBeUndefined();
  });

  it('leaves one audit row naming the start as the actor and the new Owner as the record', async () => {
    const user = await findUserByEmail(t.db, 'first@example.com');
    const rows = await t.db.selectFrom('audit_log').selectAll().execute();
    // The first test made the Owner and refused a second one: one row, for the first only.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'cli.bootstrap',
      actor_id: null,
      actor_email: 'cli (first start)',
      entity_type: 'user',
      entity_id: user!.id,
    });
    expect(rows[0]!.summary).toEqual({
      email: 'first@example.com',
      role: 'owner',
      existingAccount: false,
      passwordGenerated: true,
    });
    // No secret reaches the log: the generated password is shown once, on the console only.
    expect(JSON.stringify(rows[0])).not.toMatch(/password"\s*:\s*"/);
  });
});

describe('the first admin, when the address already has an account', () => {
  const t = useTestDatabase();

  it('makes that account the Owner and keeps its password', async () => {
    const existing = await createUser(t.db, { email: 'kept@example.com', password: 'the kept passphrase' });
    const login = await ensureFirstAdmin(t.db, 'kept@example.com');
    expect(login?.password).toMatch(/unchanged/);
    const row = await t.db
      .selectFrom('user_roles')
      .select('role')
      .where('user_id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('owner');
    const user = await findUserByEmail(t.db, 'kept@example.com');
    expect(await verifyPassword(user!.password_hash, 'the kept passphrase')).toBe(true);
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'summary'])
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      action: 'cli.bootstrap',
      entity_id: existing.id,
      summary: { email: 'kept@example.com', role: 'owner', existingAccount: true },
    });
  });
});
