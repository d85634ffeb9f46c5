import { TRPCError } from '@trpc/server';
import {
  businessToday,
  ENQUIRY_MESSAGES,
  enquiriesListInputSchema,
  enquiryAssignInputSchema,
  enquiryIdInputSchema,
  enquiryNoteInputSchema,
  enquiryOfferInputSchema,
  enquiryOfferInputSchemaOn,
  enquiryStatusInputSchema,
} from '#shared/enquiries/schemas.ts';
import {
  enquiryReplyInputSchema,
  enquiryReplyPreviewInputSchema,
  REPLY_MESSAGES,
} from '#shared/enquiries/reply.ts';
import { type Database, inTransaction } from '../../db/database.ts';
import { replyDraft, sendEnquiryReply } from '../../enquiries/reply.ts';
import { getSettingsTimezone } from '../../settings/settings.ts';
import { listTemplates } from '../../templates/templates.ts';
import { enqueueConversion } from '../../enquiries/conversions.ts';
import { getEnquiry, listAssignableAdmins } from '../../enquiries/detail.ts';
import { markIncomingRead } from '../../enquiries/conversation.ts';
import { awaitingReply, enquiryBrands, listEnquiries } from '../../enquiries/inbox.ts';
import { addEnquiryNote, assignEnquiry, changeEnquiryStatus, recordOffer } from '../../enquiries/pipeline.ts';
import { requirePermission, router } from '../trpc.ts';

// admin.enquiries.*: one router, so per-permission checks (enquiries.read / enquiries.write) can
// later be mapped onto it as a whole.

async function enquiryOrNotFound(db: Database, id: string) {
  const enquiry = await getEnquiry(db, id);
  if (!enquiry) throw new TRPCError({ code: 'NOT_FOUND', message: ENQUIRY_MESSAGES.notFound });
  return enquiry;
}

const notFound = () => new TRPCError({ code: 'NOT_FOUND', message: ENQUIRY_MESSAGES.notFound });

export const adminEnquiriesRouter = router({
  list: requirePermission('enquiries.read')
    .input(enquiriesListInputSchema)
    .query(({ ctx, input }) => listEnquiries(ctx.db, input)),

  awaitingReply: requirePermission('enquiries.read').query(({ ctx }) => awaitingReply(ctx.db)),

  filterOptions: requirePermission('enquiries.read').query(async ({ ctx }) => ({
    brands: await enquiryBrands(ctx.db),
    admins: await listAssignableAdmins(ctx.db),
  })),

  get: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(({ ctx, input }) => enquiryOrNotFound(ctx.db, input.id)),

  // Opening the enquiry page reads its seller's messages (decision 060): the unread badges clear.
  markRead: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      const marked = await markIncomingRead(ctx.db, input.id, ctx.user.id);
      if (marked === null) throw notFound();
      return { marked };
    }),

  // Reasons, notes, offer conditions and replies are typed about the seller (decision 036).
  setStatus: requirePermission('enquiries.write', { personalInput: ['reason'] })
    .input(enquiryStatusInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, async (trx) => {
        const changed = await changeEnquiryStatus(trx, input, ctx.user);
        if (changed.status === 'ok' && changed.to === 'purchased')
          await enqueueConversion(ctx, trx, input.id, 'Purchase');
        return changed;
      });
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'refused') throw new TRPCError({ code: 'CONFLICT', message: result.message });
      return enquiryOrNotFound(ctx.db, input.id);
    }),

  assign: requirePermission('enquiries.write')
    .input(enquiryAssignInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => assignEnquiry(trx, input, ctx.user));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'unknown_user')
        throw new TRPCError({ code: 'BAD_REQUEST', message: ENQUIRY_MESSAGES.unknownAssignee });
      return enquiryOrNotFound(ctx.db, input.id);
    }),

  addNote: requirePermission('enquiries.write', { personalInput: ['body'] })
    .input(enquiryNoteInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => addEnquiryNote(trx, input, ctx.user));
      if (result.status === 'not_found') throw notFound();
      return enquiryOrNotFound(ctx.db, input.id);
    }),

  recordOffer: requirePermission('enquiries.write', { personalInput: ['conditions'] })
    .input(enquiryOfferInputSchema)
    .mutation(async ({ ctx, input }) => {
      // Whether the validity has passed depends on the business's day, known only here.
      const today = businessToday(await getSettingsTimezone(ctx.db));
      const dated = enquiryOfferInputSchemaOn(today).safeParse(input);
      if (!dated.success)
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: dated.error.issues[0]?.message ?? ENQUIRY_MESSAGES.offerExpired,
          cause: dated.error,
        });
      const result = await inTransaction(ctx.db, (trx) => recordOffer(trx, input, ctx.user));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'closed')
        throw new TRPCError({ code: 'CONFLICT', message: ENQUIRY_MESSAGES.offerClosed });
      return enquiryOrNotFound(ctx.db, input.id);
    }),

  /** Reply templates to choose from (admin → Templates, kind "reply"). */
  replyTemplates: requirePermission('enquiries.read').query(async ({ ctx }) =>
    (await listTemplates(ctx.db, undefined, 'reply')).map((t) => ({ id: t.id, name: t.template_name })),
  ),

  /** A reply template merged with this enquiry, for the admin to read and edit before sending. */
  replyPreview: requirePermission('enquiries.read')
    .input(enquiryReplyPreviewInputSchema)
    .query(async ({ ctx, input }) => {
      const draft = await replyDraft(ctx.db, ctx.config, input.id, input.templateId);
      if (!draft) throw new TRPCError({ code: 'NOT_FOUND', message: REPLY_MESSAGES.templateNotFound });
      return draft;
    }),

  reply: requirePermission('enquiries.write', { personalInput: ['subject', 'html'] })
    .input(enquiryReplyInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, (trx) => sendEnquiryReply(trx, ctx, input, ctx.user));
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'invalid') throw new TRPCError({ code: 'BAD_REQUEST', message: result.message });
      return enquiryOrNotFound(ctx.db, input.id);
    }),
});
