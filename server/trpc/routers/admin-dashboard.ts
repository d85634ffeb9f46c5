import { hasPermission } from '#shared/auth/permissions.ts';
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
  dailyActivity: requirePermission('dashboard.read').query(async ({ ctx }) =>
    dailyActivity(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
