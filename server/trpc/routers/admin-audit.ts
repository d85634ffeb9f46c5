import { auditListInputSchema } from '#shared/audit/schemas.ts';
import { listAudit } from '../../audit/audit.ts';
import { withFlowChanges } from '../../automations/entry.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { requirePermission, router } from '../trpc.ts';

export const adminAuditRouter = router({
  list: requirePermission('audit.read')
    .input(auditListInputSchema)
    .query(async ({ ctx, input }) => {
      const result = await listAudit(ctx.db, input, await getSettingsTimezone(ctx.db));
      return { ...result, rows: await withFlowChanges(ctx.db, result.rows) };
    }),
});
