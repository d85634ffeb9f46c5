import { TRPCError } from '@trpc/server';
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
  const [settings, adminEmails] = await Promise.all([getSendingSettings(ctx.db), listAdminEmails(ctx.db)]);
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
