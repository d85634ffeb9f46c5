import { TRPCError } from '@trpc/server';
import {
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxListResult,
  outboxGetInputSchema,
  outboxListInputSchema,
} from '#shared/outbox/schemas.ts';
import { hasPermission, type Role } from '#shared/auth/permissions.ts';
import { TEST_SENDER_TAG } from '../../campaigns/test-email.ts';
import { getOutboxEmail, listOutboxEmails, type SentBy } from '../../outbox/outbox.ts';
import { requirePermission, router } from '../trpc.ts';

/**
 * The Owner reads every e-mail (`outbox.read`); a role with `outbox.tests.read` only the test
 * e-mails it sent itself (decision 027): the outbox also holds password-reset and invitation
 * links, so the filter is the server's, not the page's.
 */
function outboxScope(user: { id: string; role: Role }): SentBy | undefined {
  return hasPermission(user.role, 'outbox.read') ? undefined : { tag: TEST_SENDER_TAG, userId: user.id };
}

export const adminOutboxRouter = router({
  list: requirePermission(['outbox.read', 'outbox.tests.read'])
    .input(outboxListInputSchema)
    .query(async ({ ctx, input }): Promise<OutboxListResult> => {
      const page = await listOutboxEmails(ctx.db, {
        ...input,
        pageSize: OUTBOX_PAGE_SIZE,
        sentBy: outboxScope(ctx.user),
      });
      return { ...page, transport: ctx.email.kind };
    }),
  get: requirePermission(['outbox.read', 'outbox.tests.read'])
    .input(outboxGetInputSchema)
    .query(async ({ ctx, input }) => {
      const email = await getOutboxEmail(ctx.db, input.id, outboxScope(ctx.user));
      if (!email) throw new TRPCError({ code: 'NOT_FOUND', message: OUTBOX_MESSAGES.notFound });
      return email;
    }),
});
