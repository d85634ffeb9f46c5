import { hasPermission } from '#shared/auth/permissions.ts';
import {
  attributionInputSchema,
  deskInputSchema,
  funnelInputSchema,
  insightSettingsSchema,
  weeklySummaryInputSchema,
} from '#shared/insight/schemas.ts';
import { deskReport } from '../../insight/desk.ts';
import { attributedFigures, maySeePrices } from '../../insight/money.ts';
import { funnelReport } from '../../insight/funnel.ts';
import { getInsightSettings, updateInsightSettings } from '../../insight/settings.ts';
import { getWeeklySummaryOptIn, setWeeklySummaryOptIn } from '../../insight/weekly-summary.ts';
import { ownerProcedure, requirePermission, router } from '../trpc.ts';

// The owner's reports (decision 096). Attribution is read by whoever reads campaigns (the Buyer
// does not); its value only by the Owner and Viewer, or a Marketer the Owner allows.
export const adminInsightRouter = router({
  campaignAttribution: requirePermission('campaigns.read')
    .input(attributionInputSchema)
    .query(async ({ ctx, input }) =>
      attributedFigures(ctx.db, { campaignId: input.id }, await maySeePrices(ctx.db, ctx.user.role)),
    ),
  flowAttribution: requirePermission('campaigns.read')
    .input(attributionInputSchema)
    .query(async ({ ctx, input }) =>
      attributedFigures(ctx.db, { flowId: input.id }, await maySeePrices(ctx.db, ctx.user.role)),
    ),
  funnel: requirePermission('insight.read')
    .input(funnelInputSchema)
    .query(({ ctx, input }) => funnelReport(ctx.db, input)),
  /** The desk's numbers: everyone's for the Owner and the Viewer, a Buyer's own row for a Buyer. */
  desk: requirePermission('enquiries.read')
    .input(deskInputSchema)
    .query(({ ctx, input }) =>
      deskReport(ctx.db, {
        ...input,
        slaHours: ctx.config.site.claims.responseHours,
        ...(hasPermission(ctx.user.role, 'insight.read') ? {} : { memberId: ctx.user.id }),
      }),
    ),
  settings: requirePermission('settings.write').query(({ ctx }) => getInsightSettings(ctx.db)),
  updateSettings: requirePermission('settings.write')
    .input(insightSettingsSchema)
    .mutation(({ ctx, input }) => updateInsightSettings(ctx.db, input)),
  /** The signed-in Owner's own weekly summary e-mail (decision 100): Owners only, each for themself. */
  weeklySummary: ownerProcedure.query(({ ctx }) => getWeeklySummaryOptIn(ctx.db, ctx.user.id)),
  setWeeklySummary: ownerProcedure
    .input(weeklySummaryInputSchema)
    .mutation(({ ctx, input }) => setWeeklySummaryOptIn(ctx.db, ctx.user.id, input.enabled)),
});
