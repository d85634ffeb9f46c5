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
import { enqueueConversion } from '../../conversions/entry.ts';
import { getEnquiry, listAssignableAdmins } from '../../enquiries/detail.ts';
import { markIncomingRead } from '../../conversation/entry.ts';
import { awaitingReply, enquiryBrands, listEnquiries } from '../../enquiries/inbox.ts';
import { addEnquiryNote, assignEnquiry, changeEnquiryStatus, recordOffer } from '../../enquiries/pipeline.ts';
import { registerKeyFrom } from '../../register/crypto.ts';
import { recordPurchase } from '../../register/register.ts';
import { SELLER_LINK_MESSAGES, sellerLinkRevealInputSchema } from '#shared/enquiries/seller.ts';
import { revokeSellerLink, sellerLinkForAdmin, sellerLinkStatus } from '../../seller-link/entry.ts';
import { queueOfferEmail, sellerPageView } from '../../seller-page/entry.ts';
import { sellerNextStep } from '../../appointments/entry.ts';
import { watchEnquiryChanges } from '../../enquiries/live.ts';
import { WatchAccessEndedError } from '../../campaigns/live-watch.ts';
import { sessionHasPermission } from '../../auth/session.ts';
import { requirePermission, router } from '../trpc.ts';

/** The purchase record's fields about the seller, which the audit row names without values. */
const PURCHASE_PERSONAL_INPUT = [
  'purchase.sellerName',
  'purchase.sellerAddress',
  'purchase.idNumber',
  'purchase.idExpiry',
  'purchase.identifyingMarks',
  'purchase.cddDateOfBirth',
  'purchase.cddOccupation',
] as const;

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

  /**
   * The admin shell's live feed (SSE, decision 063): `{ kind, enquiryId }` for each committed
   * acceptance, refusal or filed seller message, heard by any process; `resync` after a LISTEN gap.
   * Without a LISTEN hub (tests, scripts) it is refused.
   */
  live: requirePermission('enquiries.read').subscription(({ ctx, signal }) => {
    const live = ctx.enquiryLive;
    if (!live)
      throw new TRPCError({ code: 'METHOD_NOT_SUPPORTED', message: 'Live updates are not available here.' });
    const sessionId = ctx.session.id;
    return (async function* () {
      try {
        // Checked at open by requirePermission, then while the stream lives (sign-out, role change).
        yield* watchEnquiryChanges({
          live,
          signal,
          stillAllowed: () => sessionHasPermission(ctx.db, sessionId, 'enquiries.read'),
        });
      } catch (error) {
        if (error instanceof WatchAccessEndedError)
          throw new TRPCError({
            code: 'UNAUTHORIZED',
            message: 'Your session has ended. Please sign in again.',
          });
        throw error;
      }
    })();
  }),

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

  // Reasons, notes, offer conditions and replies are typed about the seller (decision 036), and so
  // is the purchase record's seller, identity and due diligence (decision 058).
  setStatus: requirePermission('enquiries.write', { personalInput: ['reason', ...PURCHASE_PERSONAL_INPUT] })
    .input(enquiryStatusInputSchema)
    .mutation(async ({ ctx, input }) => {
      const result = await inTransaction(ctx.db, async (trx) => {
        const changed = await changeEnquiryStatus(trx, input, ctx.user, ctx);
        if (changed.status !== 'ok' || changed.to !== 'purchased' || !input.purchase) return changed;
        // The register entry is written with the status change: one transaction, both or neither.
        const recorded = await recordPurchase(
          trx,
          registerKeyFrom(ctx.config),
          input.id,
          input.purchase,
          ctx.user,
        );
        // A record the rules refuse is bad input (400); a move the table refuses stays a 409.
        if (recorded.status === 'refused') return { status: 'invalid', message: recorded.message } as const;
        await enqueueConversion(ctx, trx, input.id, 'Purchase');
        return changed;
      });
      if (result.status === 'invalid') throw new TRPCError({ code: 'BAD_REQUEST', message: result.message });
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
      const result = await inTransaction(ctx.db, async (trx) => {
        const recorded = await recordOffer(trx, input, ctx.user);
        // The seller is e-mailed the offer with their page's link, only if the offer commits (decision 059).
        if (recorded.status === 'ok') await queueOfferEmail(trx, ctx, input.id, recorded.offerId);
        return recorded;
      });
      if (result.status === 'not_found') throw notFound();
      if (result.status === 'closed')
        throw new TRPCError({ code: 'CONFLICT', message: ENQUIRY_MESSAGES.offerClosed });
      return enquiryOrNotFound(ctx.db, input.id);
    }),

  /**
   * The seller's private link (decision 059) as every reader of the enquiry sees it: its expiry and
   * last revocation. The URL is a bearer credential (decision 067): only revealSellerLink returns it.
   */
  sellerLink: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(async ({ ctx, input }) => {
      await enquiryOrNotFound(ctx.db, input.id);
      return { link: await sellerLinkStatus(ctx.db, input.id) };
    }),

  /**
   * Shows or copies the seller's live link (decision 067): whoever holds it acts as the seller, so
   * it needs enquiries.write and leaves an audit row each time, naming the use.
   */
  revealSellerLink: requirePermission('enquiries.write')
    .input(sellerLinkRevealInputSchema)
    .mutation(async ({ ctx, input }) => {
      await enquiryOrNotFound(ctx.db, input.id);
      const link = await sellerLinkForAdmin(ctx.db, ctx.config, input.id);
      // No link, no row: the refusal rolls the audit back with it.
      if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: SELLER_LINK_MESSAGES.noLink });
      return { link };
    }),

  /** Revokes the seller's link and issues its successor, sent by no e-mail until the next (not shown). */
  revokeSellerLink: requirePermission('enquiries.write')
    .input(enquiryIdInputSchema)
    .mutation(async ({ ctx, input }) => {
      await enquiryOrNotFound(ctx.db, input.id);
      await revokeSellerLink(ctx.db, ctx.config, input.id, ctx.user.id);
      return { link: await sellerLinkStatus(ctx.db, input.id) };
    }),

  /**
   * The seller's page as the seller sees it, for staff (decision 067): read with the member's
   * session, never a token, and a query only, so nothing reached through it can answer, book, ask
   * for a kit or write as the seller; those stay seller.* procedures that open by token alone.
   */
  sellerPreview: requirePermission('enquiries.read')
    .input(enquiryIdInputSchema)
    .query(async ({ ctx, input }) => {
      const page = await sellerPageView(ctx.db, input.id);
      if (!page) throw notFound();
      return { page, nextStep: await sellerNextStep(ctx.db, input.id) };
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
