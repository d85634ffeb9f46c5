import { TRPCError } from '@trpc/server';
import { IMPORT_MESSAGES, importIdInputSchema, importSettingsSchema } from '#shared/contacts/import.ts';
import { cancelImport, dryRunImport, getImport, startImport } from '../../contacts/import/import.ts';
import { requirePermission, router } from '../trpc.ts';

/**
 * Admin → Contacts → Import (decision 035). The CSV itself arrives at IMPORT_UPLOAD_PATH. Its own
 * permission (decision 027): the Marketer imports lists without editing contacts one by one.
 */
export const adminContactImportsRouter = router({
  get: requirePermission('contacts.import')
    .input(importIdInputSchema)
    .query(async ({ ctx, input }) => {
      const view = await getImport(ctx.db, input.id);
      if (!view) throw new TRPCError({ code: 'NOT_FOUND', message: IMPORT_MESSAGES.notFound });
      return view;
    }),

  /** Writes nothing but the settings the run will use; a mutation so it is audited. */
  dryRun: requirePermission('contacts.import')
    .input(importSettingsSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await dryRunImport(ctx.db, input);
      if (outcome.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: IMPORT_MESSAGES.notFound });
      if (outcome.status === 'not_draft')
        throw new TRPCError({ code: 'CONFLICT', message: IMPORT_MESSAGES.notDraft });
      return outcome.result;
    }),

  start: requirePermission('contacts.import')
    .input(importIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await startImport(ctx.db, ctx.jobs, input.id);
      if (outcome.status === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: IMPORT_MESSAGES.notFound });
      if (outcome.status === 'not_draft')
        throw new TRPCError({ code: 'CONFLICT', message: IMPORT_MESSAGES.notDraft });
      if (outcome.status === 'dry_run_first')
        throw new TRPCError({ code: 'BAD_REQUEST', message: IMPORT_MESSAGES.dryRunFirst });
      return { started: true };
    }),

  cancel: requirePermission('contacts.import')
    .input(importIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const outcome = await cancelImport(ctx.db, input.id);
      if (outcome === 'not_found')
        throw new TRPCError({ code: 'NOT_FOUND', message: IMPORT_MESSAGES.notFound });
      if (outcome === 'not_running')
        throw new TRPCError({ code: 'CONFLICT', message: IMPORT_MESSAGES.notRunning });
      return { cancelRequested: true };
    }),
});
