import { TRPCError } from '@trpc/server';
import {
  OUTBOX_MESSAGES,
  OUTBOX_PAGE_SIZE,
  type OutboxListResult,
  outboxGetInputSchema,
  outboxListInputSchema,
} from '#shared/outbox/schemas.ts';
import { getOutboxEmail, listOutboxEmails } from '../../outbox/outbox.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminOutboxRouter = router({
  list: requirePermission('outbox.read')
    .input(outboxListInputSchema)
    .query(async ({ ctx, input }): Promise<OutboxListResult> => {
      const page = await listOutboxEmails(ctx.db, { ...input, pageSize: OUTBOX_PAGE_SIZE });
      return { ...page, transport: ctx.email.kind };
    }),
  get: requirePermission('outbox.read')
    .input(outboxGetInputSchema)
    .query(async ({ ctx, input }) => {
      const email = await getOutboxEmail(ctx.db, input.id);
      if (!email) throw new TRPCError({ code: 'NOT_FOUND', message: OUTBOX_MESSAGES.notFound });
      return email;
    }),
});
