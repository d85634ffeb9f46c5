import { TRPCError } from '@trpc/server';
import { hasPermission } from '#shared/auth/permissions.ts';
import { SETTINGS_MESSAGES, settingsInputSchema, type SettingsView } from '#shared/settings/schemas.ts';
import {
  getSendingSettings,
  integrationStatuses,
  listAdminEmails,
  settingsDefaults,
  toSettingsValues,
  UnknownTimezoneError,
  updateSettings,
} from '../../settings/settings.ts';
import type { Context } from '../context.ts';
import { requirePermission, router } from '../trpc.ts';

async function settingsView(ctx: Context): Promise<SettingsView> {
  // Every member reads the settings (the admin frame needs the timezone), but the members'
  // addresses are the Owner's to see, as on the Team page (decision 027).
  const showMembers = hasPermission(ctx.user?.role, 'team.manage');
  const [settings, adminEmails] = await Promise.all([
    getSendingSettings(ctx.db),
    showMembers ? listAdminEmails(ctx.db) : null,
  ]);
  return {
    values: toSettingsValues(settings),
    defaults: settingsDefaults(ctx.config),
    bouncePauseThreshold: settings.bouncePauseThreshold,
    integrations: integrationStatuses(ctx.config),
    adminEmails,
    updatedAt: (settings.updatedAt ?? new Date(0)).toISOString(),
  };
}

export const adminSettingsRouter = router({
  get: requirePermission('settings.read').query(({ ctx }) => settingsView(ctx)),

  update: requirePermission('settings.write')
    .input(settingsInputSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        await updateSettings(ctx.db, input);
      } catch (error) {
        if (error instanceof UnknownTimezoneError)
          throw new TRPCError({ code: 'BAD_REQUEST', message: SETTINGS_MESSAGES.timezone });
        throw error;
      }
      return settingsView(ctx);
    }),
});
