import { z } from 'zod';
import { type Role, roleSchema } from '../auth/permissions.ts';
import { memberNameSchema } from './names.ts';

/** Admin → Team (decision 027): one schema per `admin.team.*` input. */

export const TEAM_MESSAGES = {
  lastOwner: 'The team needs at least one Owner: make someone else Owner first.',
  notFound: 'That member is no longer on the team.',
  noTwoFactor: 'That member has no two-factor sign-in to reset.',
  enrolFirst: 'Turn on two-factor sign-in for your own account first (Account page), then require it.',
} as const;

export const teamMemberInputSchema = z.object({ id: z.uuid(TEAM_MESSAGES.notFound) });
export const teamChangeRoleInputSchema = teamMemberInputSchema.extend({ role: roleSchema });

export interface TeamMember {
  id: string;
  email: string;
  /** Decision 057: optional; the address stands in without one. */
  name: string | null;
  role: Role;
  lastSignInAt: string | null;
  twoFactor: boolean;
  activeSessions: number;
}

/**
 * A former member (decision 047): an account whose role was removed. Kept, so the records that
 * name it (notes, the audit log) still do; listed apart from the team, and invitable again.
 */
export interface FormerMember {
  id: string;
  email: string;
  name: string | null;
  /** Whether an invitation to the address is open (the Invitations list shows it). */
  invited: boolean;
}

/** Invitations (decision 030): the Owner invites an address with a role; the link lasts 72 hours. */
export const INVITATION_TTL_HOURS = 72;

export const INVITATION_MESSAGES = {
  alreadyMember: 'That address already has an account. Change its role in the list instead.',
  alreadyInvited: 'That address already has an open invitation: resend or revoke it below.',
  notFound: 'That invitation is no longer open.',
  linkInvalid:
    'This invitation link is invalid, has expired, was revoked or has already been used. Ask the Owner for a new one.',
  accepted: 'Welcome to the team. You are signed in.',
  /** Sign-up with an invited address (decision 047): the invitation is the way in. */
  signUpInvited:
    'This address has been invited to the team. Open the invitation link in the e-mail we sent to it to choose your password, or ask the Owner to resend the invitation.',
  /** Inviting a verified account that asked for access: approving it is the way in. */
  accessRequested: 'That address has asked for access: approve or dismiss its request under Access requests.',
} as const;

export const teamInviteInputSchema = z.object({
  email: z.email('Enter a valid email address').trim().max(254),
  role: roleSchema,
  /** The name the member starts with (decision 057); optional. */
  name: memberNameSchema,
});
export const teamInvitationInputSchema = z.object({ id: z.uuid(INVITATION_MESSAGES.notFound) });

export interface TeamInvitation {
  id: string;
  email: string;
  role: Role;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** The Owner's switch: members without two-factor sign-in must enrol before using the admin. */
export const teamTwoFactorPolicyInputSchema = z.object({ required: z.boolean() });

/**
 * Access requests (decision 047): an open sign-up waits on the Team page until the Owner approves
 * it with a role or dismisses it. Identified by the account's id.
 */
export const ACCESS_REQUEST_MESSAGES = {
  notFound: 'That access request is no longer open.',
} as const;

export const teamAccessRequestInputSchema = z.object({ id: z.uuid(ACCESS_REQUEST_MESSAGES.notFound) });
export const teamApproveAccessRequestInputSchema = teamAccessRequestInputSchema.extend({ role: roleSchema });

export interface AccessRequest {
  id: string;
  email: string;
  /** Whether the address was confirmed through the verification link. */
  verified: boolean;
  requestedAt: string;
}
