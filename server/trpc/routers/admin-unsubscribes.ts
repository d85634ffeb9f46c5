import { UNSUBSCRIBES_PAGE_SIZE, unsubscribesListInputSchema } from '#shared/unsubscribes/schemas.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { listUnsubscribeLogs, unsubscribeStats } from '../../unsubscribe/logs.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminUnsubscribesRouter = router({
  list: requirePermission('unsubscribes.read')
    .input(unsubscribesListInputSchema)
    .query(({ ctx, input }) => listUnsubscribeLogs(ctx.db, { ...input, pageSize: UNSUBSCRIBES_PAGE_SIZE })),

  stats: requirePermission('unsubscribes.read').query(async ({ ctx }) =>
    unsubscribeStats(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
