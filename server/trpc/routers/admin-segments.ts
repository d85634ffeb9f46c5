import { TRPCError } from '@trpc/server';
import {
  SEGMENT_MESSAGES,
  segmentDefinitionSchema,
  segmentIdInputSchema,
  segmentSaveInputSchema,
} from '#shared/segments/schema.ts';
import { inTransaction } from '../../db/database.ts';
import { deleteSegment, listSegments, previewSegment, saveSegment } from '../../segments/segments.ts';
import { requirePermission, router } from '../trpc.ts';

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: SEGMENT_MESSAGES.notFound });

export const adminSegmentsRouter = router({
  list: requirePermission('segments.read').query(({ ctx }) => listSegments(ctx.db)),

  get: requirePermission('segments.read')
    .input(segmentIdInputSchema)
    .query(async ({ ctx, input }) => {
      const [segment] = await listSegments(ctx.db, input.id);
      if (!segment) throw notFound();
      return segment;
    }),

  /** The editor's live count and first members for conditions not saved yet. */
  preview: requirePermission('segments.read')
    .input(segmentDefinitionSchema)
    .query(({ ctx, input }) => previewSegment(ctx.db, input)),

  save: requirePermission('segments.write')
    .input(segmentSaveInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await saveSegment(ctx.db, input, ctx.user.id);
      if (result.status === 'name_taken')
        throw new TRPCError({ code: 'CONFLICT', message: SEGMENT_MESSAGES.nameTaken });
      if (result.status !== 'saved') throw notFound();
      return { id: result.id };
    }),

  delete: requirePermission('segments.write')
    .input(segmentIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => deleteSegment(trx, input.id));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'in_use')
        throw new TRPCError({ code: 'CONFLICT', message: SEGMENT_MESSAGES.inUse(result.campaigns) });
      return { id: input.id };
    }),
});
