import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase64urlNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { sql } from 'kysely';
import { randomBytes } from 'node:crypto';
import type { Role } from '#shared/auth/permissions.ts';
import { defaultSiteConfig } from '#shared/site/config.ts';
import { INVITATION_TTL_HOURS, type TeamInvitation } from '#shared/team/schemas.ts';
import {
  AuthError,
  createUser,
  findUserByEmail,
  hashPassword,
  invalidateUserSessions,
  invitationEmail,
  newPasswordProblem,
  removeTwoFactor,
  UserExistsError,
} from '../auth/entry.ts';
import type { DbExecutor } from '../db/database.ts';
import { enqueueEmail } from '../email/send-job.ts';
import { deleteReplacedAccount, hasAccessRequest, replaceableAccount } from './access-requests.ts';
import type { AppServices } from '../services.ts';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';

// Team invitations (decision 030). The link carries 32 random bytes; the table keeps only their
// SHA-256, so a leaked table opens nothing. A link works once, for 72 hours, until revoked or
// replaced by a resend: all of it is state in the row, checked under a row lock at acceptance.

export const INVITATION_TTL_MS = INVITATION_TTL_HOURS * 60 * 60 * 1000;

export class AlreadyMemberError extends Error {
  override name = 'AlreadyMemberError';
}
export class AlreadyInvitedError extends Error {
  override name = 'AlreadyInvitedError';
}
/** A verified account without a role that asked for access: the Owner approves it instead. */
export class AccessRequestedError extends Error {
  override name = 'AccessRequestedError';
}
export class UnknownInvitationError extends Error {
  override name = 'UnknownInvitationError';
}

function hashToken(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

function newToken(): string {
  return encodeBase64urlNoPadding(randomBytes(32));
}

type Services = Pick<AppServices, 'config' | 'jobs'>;

async function sendInvitation(
  services: Services,
  invitation: { id: string; email: string; role: Role },
  token: string,
  inviter: string,
): Promise<void> {
  // Keyed by the token: a retried job never sends one link twice, a resend sends its new link.
  await enqueueEmail(
    services,
    invitationEmail(services.config, { ...invitation, token, inviter }),
    `team-invitation:${hashToken(token)}`,
  );
}

/** Whether an account holds a role: a member, not a former member (decision 047). */
async function hasRole(db: DbExecutor, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The Owner invites an address with a role; refuses an address with an open invitation, a
 * member's or one that asked for access. An unverified account without a role (anyone can sign up
 * with any address) is replaced: it goes with its sessions and access request, in the caller's
 * transaction (decision 047), so a stranger's sign-up cannot block the invitation. A former
 * member (a verified account whose role was removed, with no request) is invited like anyone:
 * the account stays until acceptance restores it (decision 047).
 */
export async function inviteMember(
  db: DbExecutor,
  services: Services,
  input: { email: string; role: Role; name?: string | null },
  inviter: { id: string; email: string },
  now = new Date(),
): Promise<{ id: string }> {
  const email = input.email.trim();
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const replaced = await replaceableAccount(db, email);
    if (replaced) await deleteReplacedAccount(db, replaced);
    else if (await hasAccessRequest(db, existing.id)) throw new AccessRequestedError(email);
    else if (await hasRole(db, existing.id)) throw new AlreadyMemberError(email);
  }
  const token = newToken();
  const row = await db
    .insertInto('team_invitations')
    .values({
      email,
      role: input.role,
      // The name the member starts with (decision 057); theirs to change on the Account page.
      name: input.name ?? null,
      token_hash: hashToken(token),
      invited_by: inviter.id,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_TTL_MS),
    })
    // The partial unique index allows one open invitation per address.
    .onConflict((oc) =>
      oc
        .expression(sql`lower(email)`)
        .where('accepted_at', 'is', null)
        .where('revoked_at', 'is', null)
        .doNothing(),
    )
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
  if (!row) throw new AlreadyInvitedError(email);
  await sendInvitation(services, row, token, inviter.email);
  return { id: row.id };
}

/** A new link (and 72 hours) for an open invitation; the old link stops working. */
export async function resendInvitation(
  db: DbExecutor,
  services: Services,
  id: string,
  inviter: { email: string },
  now = new Date(),
): Promise<{ id: string }> {
  const token = newToken();
  const row = await db
    .updateTable('team_invitations')
    .set({ token_hash: hashToken(token), expires_at: new Date(now.getTime() + INVITATION_TTL_MS) })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['id', 'email', 'role'])
    .executeTakeFirst();
  if (!row) throw new UnknownInvitationError(id);
  await sendInvitation(services, row, token, inviter.email);
  return { id: row.id };
}

export async function revokeInvitation(db: DbExecutor, id: string, now = new Date()): Promise<void> {
  const result = await db
    .updateTable('team_invitations')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw new UnknownInvitationError(id);
}

/** Open invitations (not accepted, not revoked), newest first; expired ones say so. */
export async function listInvitations(db: DbExecutor, now = new Date()): Promise<TeamInvitation[]> {
  const rows = await db
    .selectFrom('team_invitations')
    .leftJoin('users', 'users.id', 'team_invitations.invited_by')
    .select([
      'team_invitations.id',
      'team_invitations.email',
      'team_invitations.role',
      'team_invitations.created_at',
      'team_invitations.expires_at',
      'users.email as invited_by',
    ])
    .where('team_invitations.accepted_at', 'is', null)
    .where('team_invitations.revoked_at', 'is', null)
    .orderBy('team_invitations.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    role: r.role,
    invitedBy: r.invited_by,
    createdAt: r.created_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
    expired: r.expires_at.getTime() <= now.getTime(),
  }));
}

/** An open, unexpired invitation for a link's token (locked when `forUpdate`), or undefined. */
async function openInvitation(db: DbExecutor, token: string, now: Date, forUpdate: boolean) {
  let query = db
    .selectFrom('team_invitations')
    .select(['id', 'email', 'role', 'name'])
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now);
  if (forUpdate) query = query.forUpdate();
  return query.executeTakeFirst();
}

/**
 * Whether the address has an invitation that is neither accepted nor revoked: sign-up refuses it
 * (decision 047). An expired one counts, since the Owner can resend it from the Team page.
 */
export async function hasOpenInvitation(db: DbExecutor, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('team_invitations')
    .select('id')
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What the acceptance page shows: the address and role a link invites, or null. */
export async function invitationForToken(
  db: DbExecutor,
  token: string,
  now = new Date(),
): Promise<{ email: string; role: Role } | null> {
  const row = await openInvitation(db, token, now, false);
  return row ? { email: row.email, role: row.role } : null;
}

/**
 * Accepting: sets the password (the usual policy), creates the member with the invited role and
 * spends the invitation, all in the caller's transaction. Throws AuthError when refused.
 */
export async function acceptInvitation(
  trx: DbExecutor,
  input: { token: string; password: string; siteName?: string },
  now = new Date(),
): Promise<{ id: string; email: string; role: Role; invitationId: string }> {
  const invitation = await openInvitation(trx, input.token, now, true);
  if (!invitation) throw new AuthError('invalid_token', INVITATION_MESSAGES.linkInvalid);
  const problem = await newPasswordProblem(
    input.password,
    invitation.email,
    input.siteName ?? defaultSiteConfig.name,
  );
  if (problem) throw new AuthError('weak_password', problem);
  // An unverified sign-up that slipped in beside the invitation (decision 047): the link proves
  // the mailbox, the sign-up never did, so the invitation wins.
  const replaced = await replaceableAccount(trx, invitation.email);
  if (replaced) await deleteReplacedAccount(trx, replaced);
  const former = await formerMemberAccount(trx, invitation.email);
  let user: { id: string; email: string };
  if (former) user = await restoreFormerMember(trx, former, input.password, invitation.name);
  else
    try {
      // The address was the invitee's to open: the link proves it, so it counts as verified.
      user = await createUser(trx, {
        email: invitation.email,
        password: input.password,
        verified: true,
        name: invitation.name,
      });
    } catch (error) {
      // A verified account took the address after the invitation went out, or its owner became
      // a member another way (the CLI's grant, an approved request) meanwhile.
      if (error instanceof UserExistsError)
        throw new AuthError('invalid_token', INVITATION_MESSAGES.linkInvalid);
      throw error;
    }
  await trx.insertInto('user_roles').values({ user_id: user.id, role: invitation.role }).execute();
  await trx
    .updateTable('team_invitations')
    .set({ accepted_at: now, accepted_user_id: user.id })
    .where('id', '=', invitation.id)
    .execute();
  return { ...user, role: invitation.role, invitationId: invitation.id };
}

/**
 * The account of a former member at this address, locked (decision 047): verified, no role, no
 * access request. Undefined when the address is free or belongs to anyone else.
 */
async function formerMemberAccount(
  trx: DbExecutor,
  email: string,
): Promise<{ id: string; email: string; name: string | null } | undefined> {
  return trx
    .selectFrom('users')
    .select(['id', 'email', 'name'])
    .where((eb) => eb.fn('lower', ['email']), '=', email.trim().toLowerCase())
    .where('email_verified_at', 'is not', null)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('user_roles').select('user_id').whereRef('user_id', '=', 'users.id'))),
    )
    .where((eb) =>
      eb.not(
        eb.exists(eb.selectFrom('access_requests').select('user_id').whereRef('user_id', '=', 'users.id')),
      ),
    )
    .forUpdate()
    .executeTakeFirst();
}

/**
 * A former member accepts a new invitation (decision 047): the same account comes back (its id,
 * so the notes and audit rows that name it still do, and its name unless the invitation gives
 * one) with the password just chosen. Nothing of the former membership's access comes back: every
 * session ends, two-factor sign-in and its recovery codes go (the authenticator may have stayed on
 * a device handed back when they left; they enrol again, under the Owner's rule if it holds), and
 * the new password replaces the old, which also voids any password-reset link still out
 * (decision 030 signs those with the password hash).
 */
async function restoreFormerMember(
  trx: DbExecutor,
  account: { id: string; email: string; name: string | null },
  password: string,
  invitedName: string | null,
): Promise<{ id: string; email: string }> {
  await invalidateUserSessions(trx, account.id);
  await removeTwoFactor(trx, account.id);
  await trx
    .updateTable('users')
    .set({ password_hash: await hashPassword(password), name: invitedName ?? account.name })
    .where('id', '=', account.id)
    .execute();
  return { id: account.id, email: account.email };
}
