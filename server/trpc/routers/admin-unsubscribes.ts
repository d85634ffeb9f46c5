import { UNSUBSCRIBES_PAGE_SIZE, unsubscribesListInputSchema } from '#shared/unsubscribes/schemas.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { listUnsubscribeLogs, unsubscribeStats } from '../../unsubscribe/logs.ts';
import { adminProcedure, router } from '../trpc.ts';

export const adminUnsubscribesRouter = router({
  list: adminProcedure
    .input(unsubscribesListInputSchema)
    .query(({ ctx, input }) => listUnsubscribeLogs(ctx.db, { ...input, pageSize: UNSUBSCRIBES_PAGE_SIZE })),

  stats: adminProcedure.query(async ({ ctx }) =>
    unsubscribeStats(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
