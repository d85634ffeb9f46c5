import { sql } from 'kysely';
import type { Role } from '#shared/auth/permissions.ts';
import type { DbExecutor } from '../db/database.ts';
import { hashPassword } from './password.ts';

export class UserExistsError extends Error {
  override name = 'UserExistsError';
}
export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
  constructor(email: string) {
    super(`No user with the e-mail ${email}. Create one with: npm run admin -- create ${email}`);
  }
}

export interface UserSummary {
  id: string;
  email: string;
  role: Role | null;
  emailVerified: boolean;
  createdAt: Date;
}

export async function findUserByEmail(db: DbExecutor, email: string) {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
}

export async function createUser(
  db: DbExecutor,
  {
    email,
    password,
    verified = false,
    name = null,
  }: { email: string; password: string; verified?: boolean; name?: string | null },
): Promise<{ id: string; email: string }> {
  const passwordHash = await hashPassword(password);
  const row = await db
    .insertInto('users')
    .values({
      email: email.trim(),
      password_hash: passwordHash,
      email_verified_at: verified ? new Date() : null,
      name,
    })
    .onConflict((oc) => oc.expression(sql`lower(email)`).doNothing())
    .returning(['id', 'email'])
    .executeTakeFirst();
  if (!row) throw new UserExistsError(`A user with the e-mail ${email} already exists`);
  return row;
}

/** Makes the user a team member with `role`, or changes the role they hold (one per user). */
export async function grantAdmin(db: DbExecutor, email: string, role: Role = 'owner'): Promise<void> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new UnknownUserError(email);
  await db
    .insertInto('user_roles')
    .values({ user_id: user.id, role })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role }))
    .execute();
  // A grant answers the account's access request, as approving it on the Team page would (decision 047).
  await db.deleteFrom('access_requests').where('user_id', '=', user.id).execute();
}

export async function listUsers(db: DbExecutor): Promise<UserSummary[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.email_verified_at', 'users.created_at', 'user_roles.role'])
    .orderBy('users.created_at')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role ?? null,
    emailVerified: r.email_verified_at !== null,
    createdAt: r.created_at,
  }));
}

/** The member's display name (decision 057), or null; a blank name is stored as null. */
export async function userName(db: DbExecutor, userId: string): Promise<string | null> {
  const row = await db.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

/** Sets (or with null removes) the member's display name (decision 057). */
export async function setUserName(db: DbExecutor, userId: string, name: string | null): Promise<void> {
  await db.updateTable('users').set({ name }).where('id', '=', userId).execute();
}

export async function adminExists(db: DbExecutor): Promise<boolean> {
  const row = await db.selectFrom('user_roles').select('user_id').limit(1).executeTakeFirst();
  return row !== undefined;
}
