import { TRPCError } from '@trpc/server';
import { TEAM_MESSAGES, teamChangeRoleInputSchema, teamMemberInputSchema } from '#shared/team/schemas.ts';
import {
  changeRole,
  LastOwnerError,
  listMembers,
  removeMember,
  UnknownMemberError,
} from '../../team/team.ts';
import { invalidateUserSessions } from '../../auth/session.ts';
import { adminProcedure, router } from '../trpc.ts';

function teamError(error: unknown): unknown {
  if (error instanceof LastOwnerError)
    return new TRPCError({ code: 'CONFLICT', message: TEAM_MESSAGES.lastOwner });
  if (error instanceof UnknownMemberError)
    return new TRPCError({ code: 'NOT_FOUND', message: TEAM_MESSAGES.notFound });
  return error;
}

// Team management is the Owner's alone: adminProcedure is team.manage (decision 027).
export const adminTeamRouter = router({
  list: adminProcedure.query(({ ctx }) => listMembers(ctx.db)),

  changeRole: adminProcedure.input(teamChangeRoleInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await changeRole(ctx.db, input.id, input.role);
    } catch (error) {
      throw teamError(error);
    }
  }),

  /** Ends every session of a member at once (a lost laptop), keeping their role. */
  endSessions: adminProcedure.input(teamMemberInputSchema).mutation(async ({ ctx, input }) => ({
    sessionsEnded: await invalidateUserSessions(ctx.db, input.id),
  })),

  remove: adminProcedure.input(teamMemberInputSchema).mutation(async ({ ctx, input }) => {
    try {
      return await removeMember(ctx.db, input.id);
    } catch (error) {
      throw teamError(error);
    }
  }),
});
