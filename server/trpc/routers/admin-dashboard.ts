import { dailyActivity, dashboardStats, recentActivity } from '../../dashboard/dashboard.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { adminProcedure, router } from '../trpc.ts';

export const adminDashboardRouter = router({
  stats: adminProcedure.query(({ ctx }) => dashboardStats(ctx.db)),
  recentActivity: adminProcedure.query(({ ctx }) => recentActivity(ctx.db)),
  dailyActivity: adminProcedure.query(async ({ ctx }) =>
    dailyActivity(ctx.db, { timezone: await getSettingsTimezone(ctx.db) }),
  ),
});
