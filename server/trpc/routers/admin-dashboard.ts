import { hasPermission } from '#shared/auth/permissions.ts';
import { providerPeriodInputSchema } from '#shared/dashboard/schemas.ts';
import { providerBreakdown } from '../../deliverability/entry.ts';
import {
  complaintRateView,
  dailyActivity,
  dashboardStats,
  recentActivity,
} from '../../dashboard/dashboard.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminDashboardRouter = router({
  stats: requirePermission('dashboard.read').query(({ ctx }) => dashboardStats(ctx.db)),
  recentActivity: requirePermission('dashboard.read').query(({ ctx }) =>
    recentActivity(ctx.db, { withAddresses: hasPermission(ctx.user.role, 'unsubscribe.read') }),
  ),
  complaintRate: requirePermission('dashboard.read').query(({ ctx }) => complaintRateView(ctx.db)),
  /** Campaign e-mail by mailbox provider over the last 24 hours or 7 days (decision 074). */
  providers: requirePermission('dashboard.read')
    .input(providerPeriodInputSchema)
    .query(({ ctx, input }) => {
      const until = new Date();
      const hours = input.period === 'day' ? 24 : 7 * 24;
      return providerBreakdown(ctx.db, { since: new Date(until.getTime() - hours * 3_600_000), until });
    }),
  dailyActivity: requirePermission('dashboard.read').query(async ({ ctx }) =>
    dailyActivity(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
