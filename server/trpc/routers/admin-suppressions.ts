import { TRPCError } from '@trpc/server';
import {
  SUPPRESSION_MESSAGES,
  SUPPRESSIONS_PAGE_SIZE,
  suppressionAddInputSchema,
  suppressionRemoveInputSchema,
  suppressionsListInputSchema,
} from '#shared/suppressions/schemas.ts';
import { inTransaction } from '../../db/database.ts';
import { addSuppressions, listSuppressions, removeSuppression } from '../../suppressions/suppressions.ts';
import { requirePermission, router } from '../trpc.ts';

/** Admin → Contacts → Suppressions (decision 034). */
export const adminSuppressionsRouter = router({
  list: requirePermission('contacts.read')
    .input(suppressionsListInputSchema)
    .query(({ ctx, input }) => listSuppressions(ctx.db, { ...input, pageSize: SUPPRESSIONS_PAGE_SIZE })),

  add: requirePermission('contacts.write', { personalInput: ['addresses', 'note'] })
    .input(suppressionAddInputSchema)
    .mutation(({ ctx, input }) =>
      inTransaction(ctx.db, (trx) =>
        addSuppressions(trx, input.addresses, {
          reason: input.reason,
          note: input.note || null,
          createdBy: ctx.user.email,
        }),
      ),
    ),

  /** The note says why the address may be mailed again; the audit row keeps it. */
  remove: requirePermission('contacts.write')
    .input(suppressionRemoveInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => removeSuppression(trx, input.id));
      if (result.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: SUPPRESSION_MESSAGES.notFound });
      return { removed: true };
    }),
});
