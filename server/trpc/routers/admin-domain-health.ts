import { domainHealthView, runDomainHealthCheck } from '../../domain-health/entry.ts';
import { requirePermission, router } from '../trpc.ts';

// The sending domain's health (decision 073). Every member reads it: Send Now and a flow's switch
// warn from it, and it holds nothing but public DNS. Checking again is the Owner's, like the page.
export const adminDomainHealthRouter = router({
  get: requirePermission('settings.read').query(({ ctx }) => domainHealthView(ctx.db, ctx.config)),

  checkNow: requirePermission('settings.write').mutation(async ({ ctx }) => {
    await runDomainHealthCheck(ctx);
    return domainHealthView(ctx.db, ctx.config);
  }),
});
