import { UNSUBSCRIBE_PAGE_SIZE, unsubscribeListInputSchema } from '#shared/unsubscribe/schemas.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { listUnsubscribeLogs, unsubscribeStats } from '../../unsubscribe/logs.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminUnsubscribeRouter = router({
  list: requirePermission('unsubscribe.read')
    .input(unsubscribeListInputSchema)
    .query(({ ctx, input }) => listUnsubscribeLogs(ctx.db, { ...input, pageSize: UNSUBSCRIBE_PAGE_SIZE })),

  stats: requirePermission('unsubscribe.read').query(async ({ ctx }) =>
    unsubscribeStats(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
