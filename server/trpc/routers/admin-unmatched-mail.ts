import { TRPCError } from '@trpc/server';
import {
  UNMATCHED_MESSAGES,
  unmatchedDismissInputSchema,
  unmatchedFileInputSchema,
} from '#shared/enquiries/unmatched.ts';
import {
  countUnmatched,
  dismissUnmatched,
  fileUnmatched,
  listUnmatched,
  type UnmatchedActionResult,
} from '../../conversation/entry.ts';
import { requirePermission, router } from '../trpc.ts';

// admin.unmatchedMail.*: replies whose address named no enquiry (decision 060). Reading is the
// enquiry desk's (enquiries.read); filing and dismissing change the desk (enquiries.write), and
// the audit middleware writes each action's row in its transaction.

function refusal(result: UnmatchedActionResult): void {
  if (result.status === 'not_found')
    throw new TRPCError({ code: 'NOT_FOUND', message: UNMATCHED_MESSAGES.notFound });
  if (result.status === 'unknown_enquiry')
    throw new TRPCError({ code: 'NOT_FOUND', message: UNMATCHED_MESSAGES.enquiryNotFound });
}

export const adminUnmatchedMailRouter = router({
  list: requirePermission('enquiries.read').query(({ ctx }) => listUnmatched(ctx.db)),

  count: requirePermission('enquiries.read').query(async ({ ctx }) => ({
    count: await countUnmatched(ctx.db),
  })),

  /** Moves the message and its attachments onto the enquiry, unread, for its assignee to be told. */
  file: requirePermission('enquiries.write')
    .input(unmatchedFileInputSchema)
    .mutation(async ({ ctx, input }) => {
      refusal(await fileUnmatched(ctx, input, ctx.user));
      return { enquiryId: input.enquiryId };
    }),

  // A reason is typed about the sender (decision 036): the audit row names the field only.
  dismiss: requirePermission('enquiries.write', { personalInput: ['reason'] })
    .input(unmatchedDismissInputSchema)
    .mutation(async ({ ctx, input }) => {
      refusal(await dismissUnmatched(ctx.db, input, ctx.user));
      return { dismissed: true };
    }),
});
