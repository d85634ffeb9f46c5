import { TRPCError } from '@trpc/server';
import {
  ACCESS_REQUEST_MESSAGES,
  INVITATION_MESSAGES,
  TEAM_MESSAGES,
  teamAccessRequestInputSchema,
  teamApproveAccessRequestInputSchema,
  teamChangeRoleInputSchema,
  teamInvitationInputSchema,
  teamInviteInputSchema,
  teamMemberInputSchema,
  teamTwoFactorPolicyInputSchema,
} from '#shared/team/schemas.ts';
import {
  approveAccessRequest,
  dismissAccessRequest,
  listAccessRequests,
  UnknownAccessRequestError,
} from '../../team/access-requests.ts';
import {
  AccessRequestedError,
  AlreadyInvitedError,
  AlreadyMemberError,
  inviteMember,
  listInvitations,
  resendInvitation,
  revokeInvitation,
  UnknownInvitationError,
} from '../../team/invitations.ts';
import {
  removeTwoFactor,
  setTwoFactorRequired,
  twoFactorEnabled,
  twoFactorRequired,
} from '../../auth/two-factor.ts';
import {
  changeRole,
  LastOwnerError,
  listFormerMembers,
  listMembers,
  removeMember,
  UnknownMemberError,
} from '../../team/team.ts';
import { invalidateUserSessions } from '../../auth/session.ts';
import { ownerProcedure, requirePermission, router } from '../trpc.ts';

function teamError(error: unknown): unknown {
  if (error instanceof LastOwnerError)
    return new TRPCError({ code: 'CONFLICT', message: TEAM_MESSAGES.lastOwner });
  if (error instanceof UnknownMemberError)
    return new TRPCError({ code: 'NOT_FOUND', message: TEAM_MESSAGES.notFound });
  if (error instanceof AlreadyMemberError)
    return new TRPCError({ code: 'CONFLICT', message: INVITATION_MESSAGES.alreadyMember });
  if (error instanceof AlreadyInvitedError)
    return new TRPCError({ code: 'CONFLICT', message: INVITATION_MESSAGES.alreadyInvited });
  if (error instanceof UnknownInvitationError)
    return new TRPCError({ code: 'NOT_FOUND', message: INVITATION_MESSAGES.notFound });
  if (error instanceof AccessRequestedError)
    return new TRPCError({ code: 'CONFLICT', message: INVITATION_MESSAGES.accessRequested });
  if (error instanceof UnknownAccessRequestError)
    return new TRPCError({ code: 'NOT_FOUND', message: ACCESS_REQUEST_MESSAGES.notFound });
  return error;
}

// Team management is the Owner's alone: ownerProcedure is team.manage (decision 027).
export const adminTeamRouter = router({
  list: ownerProcedure.query(({ ctx }) => listMembers(ctx.db)),

  /** Accounts whose role was removed, listed apart and invitable again (decision 047). */
  formerMembers: ownerProcedure.query(({ ctx }) => listFormerMembers(ctx.db)),

  changeRole: ownerProcedure.input(teamChangeRoleInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await changeRole(ctx.db, input.id, input.role);
    } catch (error) {
      throw teamError(error);
    }
  }),

  /** Ends every session of a member at once (a lost laptop), keeping their role. */
  endSessions: ownerProcedure.input(teamMemberInputSchema).mutation(async ({ ctx, input }) => ({
    sessionsEnded: await invalidateUserSessions(ctx.db, input.id),
  })),

  remove: ownerProcedure.input(teamMemberInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await removeMember(ctx.db, input.id);
    } catch (error) {
      throw teamError(error);
    }
  }),

  /** Open invitations, with resend and revoke on the Team page (decision 030). */
  invitations: ownerProcedure.query(({ ctx }) => listInvitations(ctx.db)),

  invite: ownerProcedure.input(teamInviteInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await inviteMember(ctx.db, ctx, input, ctx.user);
    } catch (error) {
      throw teamError(error);
    }
  }),

  resendInvitation: ownerProcedure.input(teamInvitationInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await resendInvitation(ctx.db, ctx, input.id, ctx.user);
    } catch (error) {
      throw teamError(error);
    }
  }),

  revokeInvitation: ownerProcedure.input(teamInvitationInputSchema).mutation(async ({ ctx, input }) => {
    try {
      await revokeInvitation(ctx.db, input.id);
      return { id: input.id };
    } catch (error) {
      throw teamError(error);
    }
  }),

  /**
   * Open sign-ups waiting for the Owner (decision 047). Answered by the account's id, so the audit
   * row's entity is the account and approving shows its role going from none to the one chosen.
   */
  accessRequests: requirePermission('team.manage').query(({ ctx }) => listAccessRequests(ctx.db)),

  approveAccessRequest: requirePermission('team.manage')
    .input(teamApproveAccessRequestInputSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        return await approveAccessRequest(ctx.db, input.id, input.role);
      } catch (error) {
        throw teamError(error);
      }
    }),

  /** The account that asked is deleted with its request: it never held a role. */
  dismissAccessRequest: requirePermission('team.manage')
    .input(teamAccessRequestInputSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        return await dismissAccessRequest(ctx.db, input.id);
      } catch (error) {
        throw teamError(error);
      }
    }),

  /** A member lost their authenticator: 2FA goes, and so do their sessions (decision 030). */
  resetTwoFactor: ownerProcedure.input(teamMemberInputSchema).mutation(async ({ ctx, input }) => {
    const removed = await removeTwoFactor(ctx.db, input.id);
    if (!removed) throw new TRPCError({ code: 'NOT_FOUND', message: TEAM_MESSAGES.noTwoFactor });
    return { sessionsEnded: await invalidateUserSessions(ctx.db, input.id) };
  }),

  // ownTwoFactor lets the card say before any attempt why the rule cannot be turned on yet.
  twoFactorPolicy: ownerProcedure.query(async ({ ctx }) => ({
    required: await twoFactorRequired(ctx.db),
    ownTwoFactor: await twoFactorEnabled(ctx.db, ctx.user.id),
  })),

  setTwoFactorPolicy: ownerProcedure
    .input(teamTwoFactorPolicyInputSchema)
    .mutation(async ({ ctx, input }) => {
      // The Owner turning the rule on first enrols themselves, or they would lock themselves out.
      if (input.required && !(await twoFactorEnabled(ctx.db, ctx.user.id)))
        throw new TRPCError({ code: 'CONFLICT', message: TEAM_MESSAGES.enrolFirst });
      await setTwoFactorRequired(ctx.db, input.required);
      return { required: input.required, ownTwoFactor: await twoFactorEnabled(ctx.db, ctx.user.id) };
    }),
});
