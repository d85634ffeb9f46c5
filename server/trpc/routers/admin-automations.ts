import { TRPCError } from '@trpc/server';
import {
  AUTOMATION_MESSAGES,
  contactFlowsInputSchema,
  flowCreateInputSchema,
  flowGetInputSchema,
  flowIdInputSchema,
  flowInsightInputSchema,
  flowSaveInputSchema,
  flowSetStateInputSchema,
  flowTestRunInputSchema,
} from '#shared/automations/api.ts';
import {
  createFlowFromEditor,
  deleteFlow,
  entryEstimate,
  type FlowWriteResult,
  getFlow,
  listFlows,
  saveFlowFromEditor,
  setFlowStateFromAdmin,
  testRun,
} from '../../automations/admin.ts';
import { contactFlows, flowInsight } from '../../automations/insight.ts';
import { inTransaction } from '../../db/database.ts';
import { requirePermission, router } from '../trpc.ts';

// The flows admin (decision 066): every member reads flows and a contact's runs; the Marketer and
// the Owner create, save (a new version each time), switch and delete them.

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: AUTOMATION_MESSAGES.notFound });

function written(result: FlowWriteResult) {
  switch (result.status) {
    case 'saved':
      return { id: result.id, version: result.version };
    case 'name_taken':
      throw new TRPCError({ code: 'CONFLICT', message: AUTOMATION_MESSAGES.nameTaken });
    case 'stale':
      throw new TRPCError({
        code: 'CONFLICT',
        message: AUTOMATION_MESSAGES.stale(result.version, result.by),
      });
    case 'template_missing':
      throw new TRPCError({ code: 'BAD_REQUEST', message: AUTOMATION_MESSAGES.templateGone });
    case 'not_found':
      throw notFound();
  }
}

export const adminAutomationsRouter = router({
  list: requirePermission('automations.read').query(({ ctx }) => listFlows(ctx.db)),

  get: requirePermission('automations.read')
    .input(flowGetInputSchema)
    .query(async ({ ctx, input }) => {
      const flow = await getFlow(ctx.db, input.id, input.version);
      if (!flow) throw notFound();
      return flow;
    }),

  /** How many contacts a segment-triggered flow may take in at once when switched on. */
  entryEstimate: requirePermission('automations.read')
    .input(flowIdInputSchema)
    .query(async ({ ctx, input }) => ({ contacts: await entryEstimate(ctx.db, input.id) })),

  create: requirePermission('automations.write')
    .input(flowCreateInputSchema)
    .mutation(async ({ ctx, input }) =>
      written(await inTransaction(ctx.db, (trx) => createFlowFromEditor(trx, input, ctx.user.id))),
    ),

  save: requirePermission('automations.write')
    .input(flowSaveInputSchema)
    .mutation(async ({ ctx, input }) =>
      written(await inTransaction(ctx.db, (trx) => saveFlowFromEditor(trx, input, ctx.user.id))),
    ),

  setState: requirePermission('automations.write')
    .input(flowSetStateInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => setFlowStateFromAdmin(trx, input.id, input.state));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'refused') throw new TRPCError({ code: 'BAD_REQUEST', message: result.message });
      return { id: input.id, state: input.state };
    }),

  delete: requirePermission('automations.write')
    .input(flowIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => deleteFlow(trx, input.id));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'ran')
        throw new TRPCError({ code: 'CONFLICT', message: AUTOMATION_MESSAGES.deleteRan });
      return { id: input.id };
    }),

  /** A read: nothing is sent or stored, so every reader may try a flow on a contact. */
  testRun: requirePermission('automations.read')
    .input(flowTestRunInputSchema)
    .query(async ({ ctx, input }) => {
      const result = await testRun(ctx.db, input, new Date());
      if (!result) throw new TRPCError({ code: 'NOT_FOUND', message: AUTOMATION_MESSAGES.contactNotFound });
      return result;
    }),

  insight: requirePermission('automations.read')
    .input(flowInsightInputSchema)
    .query(async ({ ctx, input }) => {
      const insight = await flowInsight(ctx.db, input.id, input.version);
      if (!insight) throw notFound();
      return insight;
    }),

  contactFlows: requirePermission('automations.read')
    .input(contactFlowsInputSchema)
    .query(({ ctx, input }) => contactFlows(ctx.db, input.contactId)),
});
