import type { Role } from '#shared/auth/permissions.ts';
import type { AccessRequest } from '#shared/team/schemas.ts';
import { type DbExecutor, inTransaction } from '../db/database.ts';

// Access requests (decision 047). An open sign-up makes an account without a role and a request
// keyed by that account; the Owner approves it with a role or dismisses it on the Team page.

export class UnknownAccessRequestError extends Error {
  override name = 'UnknownAccessRequestError';
}

/** Records that a freshly signed-up account asks for access (in the sign-up's transaction). */
export async function createAccessRequest(db: DbExecutor, userId: string, now = new Date()): Promise<void> {
  await db
    .insertInto('access_requests')
    .values({ user_id: userId, created_at: now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Open requests, oldest first (the order they came in); an account that holds a role is none. */
export async function listAccessRequests(db: DbExecutor): Promise<AccessRequest[]> {
  const rows = await db
    .selectFrom('access_requests')
    .innerJoin('users', 'users.id', 'access_requests.user_id')
    .leftJoin('user_roles', 'user_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.email_verified_at', 'access_requests.created_at'])
    .where('user_roles.user_id', 'is', null)
    .orderBy('access_requests.created_at')
    .orderBy('users.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    verified: r.email_verified_at !== null,
    requestedAt: r.created_at.toISOString(),
  }));
}

/** The open request of an account, locked; throws when there is none (answered, or a member). */
async function lockOpenRequest(trx: DbExecutor, userId: string): Promise<void> {
  const row = await trx
    .selectFrom('access_requests')
    .select('user_id')
    .where('user_id', '=', userId)
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('user_roles').select('user_id').where('user_roles.user_id', '=', userId)),
      ),
    )
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new UnknownAccessRequestError(userId);
}

/**
 * Approving gives the account the role the Owner chose and ends the request, together. Sign-in
 * still needs a verified address (decision 008), so approving an unverified one opens nothing
 * until its owner follows the link.
 */
export async function approveAccessRequest(
  db: DbExecutor,
  userId: string,
  role: Role,
): Promise<{ id: string; role: Role }> {
  return inTransaction(db, async (trx) => {
    await lockOpenRequest(trx, userId);
    await trx.insertInto('user_roles').values({ user_id: userId, role }).execute();
    await trx.deleteFrom('access_requests').where('user_id', '=', userId).execute();
    return { id: userId, role };
  });
}

/**
 * Dismissing deletes the account that asked (it never held a role, so nothing else refers to it)
 * and with it the request: the address is free again for an invitation or a new sign-up, and
 * nothing of a stranger is kept.
 */
export async function dismissAccessRequest(db: DbExecutor, userId: string): Promise<{ id: string }> {
  return inTransaction(db, async (trx) => {
    await lockOpenRequest(trx, userId);
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return { id: userId };
  });
}

/**
 * An account nobody has confirmed or given a role: what an invitation to its address replaces
 * (decision 047). Its id, or null when the address is free or belongs to a verified account or a
 * member. Locks the account's row so a verification cannot land in between.
 */
export async function replaceableAccount(db: DbExecutor, email: string): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb.fn('lower', ['email']), '=', email.trim().toLowerCase())
    .where('email_verified_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb.selectFrom('user_roles').select('user_id').whereRef('user_roles.user_id', '=', 'users.id'),
        ),
      ),
    )
    .forUpdate()
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Deletes an account an invitation replaces; its sessions and request go with it (cascade). */
export async function deleteReplacedAccount(db: DbExecutor, userId: string): Promise<void> {
  await db.deleteFrom('users').where('id', '=', userId).execute();
}

export async function hasAccessRequest(db: DbExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('access_requests')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
