import { sql } from 'kysely';
import type { Role } from '#shared/auth/permissions.ts';
import type { FormerMember, TeamMember } from '#shared/team/schemas.ts';
import { invalidateUserSessions } from '../auth/entry.ts';
import { type DbExecutor, inTransaction } from '../db/database.ts';

export class LastOwnerError extends Error {
  override name = 'LastOwnerError';
}
export class UnknownMemberError extends Error {
  override name = 'UnknownMemberError';
}

export async function listMembers(db: DbExecutor, now = new Date()): Promise<TeamMember[]> {
  const rows = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.id', 'user_roles.user_id')
    .leftJoin('user_two_factor', 'user_two_factor.user_id', 'users.id')
    .select([
      'users.id',
      'users.email',
      'users.name',
      'user_roles.role',
      'user_two_factor.enabled_at',
      // The audit log is the record of sign-ins (decision 028), as sessions end and are deleted;
      // accepting an invitation signs the member in too (decision 030), and a live session is a
      // sign-in even if its row predates the audit log. GREATEST skips the NULLs.
      sql<Date | null>`GREATEST(
        (SELECT max(created_at) FROM audit_log a WHERE a.actor_id = users.id
          AND a.action IN ('auth.signIn', 'auth.invitationAccepted')),
        (SELECT max(created_at) FROM sessions s WHERE s.user_id = users.id))`.as('last_sign_in_at'),
      sql<number>`(SELECT count(*)::int FROM sessions s
        WHERE s.user_id = users.id AND s.expires_at > ${now})`.as('active_sessions'),
    ])
    .orderBy('users.email')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    lastSignInAt: r.last_sign_in_at?.toISOString() ?? null,
    twoFactor: r.enabled_at !== null,
    activeSessions: r.active_sessions,
  }));
}

/**
 * Accounts that were members and are no longer (decision 047): no role and no access request (a
 * sign-up files one, so an account without either lost its role), by address. Invitable again.
 */
export async function listFormerMembers(db: DbExecutor): Promise<FormerMember[]> {
  const rows = await db
    .selectFrom('users')
    .select([
      'users.id',
      'users.email',
      'users.name',
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('team_invitations')
              .select('team_invitations.id')
              .where(sql<boolean>`lower(team_invitations.email) = lower(users.email)`)
              .where('team_invitations.accepted_at', 'is', null)
              .where('team_invitations.revoked_at', 'is', null),
          )
          .as('invited'),
    ])
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_id', '=', 'users.id'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('access_requests').select('user_id').whereRef('user_id', '=', 'users.id')),
      ),
    )
    .orderBy('users.email')
    .execute();
  return rows.map((r) => ({ id: r.id, email: r.email, name: r.name, invited: r.invited === true }));
}

/**
 * Locks the Owners' rows and refuses to take away the last one. Under READ COMMITTED a second
 * transaction waits on the lock and then sees the first one's change, so two Owners demoting each
 * other at once cannot leave the team without an Owner.
 */
async function currentRoleGuarded(trx: DbExecutor, userId: string, nextRole: Role | null): Promise<Role> {
  const owners = await sql<{ user_id: string }>`
    SELECT user_id FROM user_roles WHERE role = 'owner' FOR UPDATE`.execute(trx);
  const row = await trx
    .selectFrom('user_roles')
    .select('role')
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) throw new UnknownMemberError(userId);
  if (row.role === 'owner' && nextRole !== 'owner' && owners.rows.length <= 1) throw new LastOwnerError();
  return row.role;
}

/** Changes a member's role; their sessions stay, the next request sees the new role. */
export async function changeRole(
  db: DbExecutor,
  userId: string,
  role: Role,
): Promise<{ before: Role; after: Role }> {
  return inTransaction(db, async (trx) => {
    const before = await currentRoleGuarded(trx, userId, role);
    await trx.updateTable('user_roles').set({ role }).where('user_id', '=', userId).execute();
    return { before, after: role };
  });
}

/** Takes a member off the team and ends every session of theirs at once. */
export async function removeMember(
  db: DbExecutor,
  userId: string,
): Promise<{ before: Role; sessionsEnded: number }> {
  return inTransaction(db, async (trx) => {
    const before = await currentRoleGuarded(trx, userId, null);
    await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
    return { before, sessionsEnded: await invalidateUserSessions(trx, userId) };
  });
}
