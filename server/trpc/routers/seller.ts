import { TRPCError } from '@trpc/server';
import {
  SELLER_MESSAGES,
  sellerAcceptInputSchema,
  sellerDeclineInputSchema,
  sellerMessageInputSchema,
  sellerNewLinkInputSchema,
  type SellerPageView,
  sellerTokenInputSchema,
} from '#shared/enquiries/seller.ts';
import {
  APPOINTMENT_MESSAGES,
  sellerBookInputSchema,
  sellerCancelInputSchema,
  sellerSlotsInputSchema,
  shippingKitInputSchema,
} from '#shared/appointments/schemas.ts';
import { inTransaction } from '../../db/database.ts';
import {
  bookAppointment,
  cancelAppointment,
  consumeNextStepAllowance,
  freeSlots,
  type NextStepResult,
  requestShippingKit,
  rescheduleAppointment,
  sellerNextStep,
} from '../../appointments/entry.ts';
import { enquiryForSellerToken, sellerLinkId } from '../../seller-link/entry.ts';
import {
  answerOffer,
  type Allowance,
  consumeNewLinkAllowance,
  consumeSellerPageAllowance,
  fileSellerPageMessage,
  type OfferAnswer,
  requestSellerLinks,
  sellerPageView,
} from '../../seller-page/entry.ts';
import type { Context } from '../context.ts';
import { publicProcedure, router } from '../trpc.ts';

// seller.*: the seller's private page (decision 059). No session: the signed link is the key, and
// it opens one enquiry only. Answers carry `X-Robots-Tag: noindex` and send no referrer, like the
// page itself, and every call is rate-limited per network.

function privateAnswer(ctx: Context): void {
  if (!ctx.http) return;
  void ctx.http.res
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

function refuseIfLimited(limit: Allowance): void {
  if (!limit.allowed)
    throw new TRPCError({
      code: 'TOO_MANY_REQUESTS',
      message: SELLER_MESSAGES.tooManyRequests(limit.retryAfterSeconds),
    });
}

// Unknown, forged, expired and revoked tokens all get this one answer.
const linkInvalid = () => new TRPCError({ code: 'NOT_FOUND', message: SELLER_MESSAGES.linkInvalid });

/** The enquiry the token opens, after the network's allowance; throws the one "invalid link" answer. */
async function openedEnquiry(ctx: Context, token: string): Promise<string> {
  privateAnswer(ctx);
  refuseIfLimited(await consumeSellerPageAllowance(ctx.db, ctx.request.ip));
  const enquiryId = await enquiryForSellerToken(ctx.db, ctx.config.appSecret, token);
  if (!enquiryId) throw linkInvalid();
  return enquiryId;
}

async function view(ctx: Context, enquiryId: string): Promise<SellerPageView> {
  const page = await sellerPageView(ctx.db, enquiryId);
  if (!page) throw linkInvalid();
  return page;
}

async function answer(ctx: Context, token: string, offerId: string, given: OfferAnswer) {
  const enquiryId = await openedEnquiry(ctx, token);
  const result = await inTransaction(ctx.db, (trx) =>
    answerOffer(
      trx,
      ctx,
      { enquiryId, offerId, answer: given },
      {
        ip: ctx.request.ip,
        userAgent: ctx.request.userAgent,
        linkId: sellerLinkId(token),
      },
    ),
  );
  if (result.status === 'not_found') throw new TRPCError({ code: 'NOT_FOUND', message: result.message });
  if (result.status !== 'ok') throw new TRPCError({ code: 'CONFLICT', message: result.message });
  return view(ctx, enquiryId);
}

/** A change to the seller's visit or kit (decision 062): limited per enquiry, refusals as clear 4xx. */
async function nextStep(ctx: Context, token: string, change: (enquiryId: string) => Promise<NextStepResult>) {
  const enquiryId = await openedEnquiry(ctx, token);
  refuseIfLimited(await consumeNextStepAllowance(ctx.db, enquiryId));
  const result = await change(enquiryId);
  if (result.status === 'not_found') throw linkInvalid();
  if (result.status === 'refused') throw new TRPCError({ code: 'FORBIDDEN', message: result.message });
  if (result.status === 'conflict') throw new TRPCError({ code: 'CONFLICT', message: result.message });
  return sellerNextStep(ctx.db, enquiryId);
}

export const sellerRouter = router({
  get: publicProcedure.input(sellerTokenInputSchema).query(async ({ ctx, input }) => {
    return view(ctx, await openedEnquiry(ctx, input.token));
  }),

  accept: publicProcedure
    .input(sellerAcceptInputSchema)
    .mutation(({ ctx, input }) =>
      answer(ctx, input.token, input.offerId, { kind: 'accepted', typedName: input.typedName }),
    ),

  decline: publicProcedure
    .input(sellerDeclineInputSchema)
    .mutation(({ ctx, input }) =>
      answer(ctx, input.token, input.offerId, { kind: 'declined', reason: input.reason }),
    ),

  sendMessage: publicProcedure.input(sellerMessageInputSchema).mutation(async ({ ctx, input }) => {
    const enquiryId = await openedEnquiry(ctx, input.token);
    refuseIfLimited(await fileSellerPageMessage(ctx.db, enquiryId, input.body));
    return view(ctx, enquiryId);
  }),

  /** "Visit us or ship it": the seller's visit or kit and the locations that take bookings. */
  nextStep: publicProcedure.input(sellerTokenInputSchema).query(async ({ ctx, input }) => {
    return sellerNextStep(ctx.db, await openedEnquiry(ctx, input.token));
  }),

  /** A location's free slots by day; only once the offer is accepted. */
  slots: publicProcedure.input(sellerSlotsInputSchema).query(async ({ ctx, input }) => {
    const enquiryId = await openedEnquiry(ctx, input.token);
    const view = await sellerNextStep(ctx.db, enquiryId);
    if (!view.open) throw new TRPCError({ code: 'FORBIDDEN', message: APPOINTMENT_MESSAGES.notAccepted });
    return freeSlots(ctx.db, input.location);
  }),

  book: publicProcedure
    .input(sellerBookInputSchema)
    .mutation(({ ctx, input }) =>
      nextStep(ctx, input.token, (enquiryId) =>
        inTransaction(ctx.db, (trx) =>
          bookAppointment(trx, ctx, { enquiryId, location: input.location, startsAt: input.startsAt }),
        ),
      ),
    ),

  reschedule: publicProcedure
    .input(sellerBookInputSchema)
    .mutation(({ ctx, input }) =>
      nextStep(ctx, input.token, (enquiryId) =>
        inTransaction(ctx.db, (trx) =>
          rescheduleAppointment(trx, ctx, { enquiryId, location: input.location, startsAt: input.startsAt }),
        ),
      ),
    ),

  cancelAppointment: publicProcedure
    .input(sellerCancelInputSchema)
    .mutation(({ ctx, input }) =>
      nextStep(ctx, input.token, (enquiryId) =>
        inTransaction(ctx.db, (trx) => cancelAppointment(trx, ctx, enquiryId)),
      ),
    ),

  requestKit: publicProcedure.input(shippingKitInputSchema).mutation(({ ctx, input }) => {
    const { token, ...kit } = input;
    return nextStep(ctx, token, (enquiryId) =>
      inTransaction(ctx.db, (trx) => requestShippingKit(trx, ctx, enquiryId, kit)),
    );
  }),

  /** "Send me a new link": the same answer whether or not the address has an enquiry. */
  requestLink: publicProcedure.input(sellerNewLinkInputSchema).mutation(async ({ ctx, input }) => {
    privateAnswer(ctx);
    refuseIfLimited(await consumeNewLinkAllowance(ctx.db, { email: input.email, ip: ctx.request.ip }));
    await requestSellerLinks(ctx, input.email);
    return { message: SELLER_MESSAGES.newLinkSent };
  }),
});
