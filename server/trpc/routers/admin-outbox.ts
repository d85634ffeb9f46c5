import { TRPCError } from '@trpc/server';
import { OUTBOX_PAGE_SIZE, outboxGetInputSchema, outboxListInputSchema } from '#shared/outbox/schemas.ts';
import { getOutboxEmail, listOutboxEmails } from '../../outbox/outbox.ts';
import { adminProcedure, router } from '../trpc.ts';

export const adminOutboxRouter = router({
  list: adminProcedure.input(outboxListInputSchema).query(async ({ ctx, input }) => {
    const { emails, totalCount } = await listOutboxEmails(ctx.db, { ...input, pageSize: OUTBOX_PAGE_SIZE });
    return {
      emails,
      totalCount,
      totalPages: Math.ceil(totalCount / OUTBOX_PAGE_SIZE),
      transport: ctx.email.kind,
    };
  }),
  get: adminProcedure.input(outboxGetInputSchema).query(async ({ ctx, input }) => {
    const email = await getOutboxEmail(ctx.db, input.id);
    if (!email) throw new TRPCError({ code: 'NOT_FOUND', message: 'E-mail not found' });
    return email;
  }),
});
