import { TRPCError } from '@trpc/server';
import { consentConfirmationInputSchema } from '#shared/consent/confirmation.ts';
import { CONFIRMATION_MESSAGES, type ConsentConfirmationView } from '#shared/consent/messages.ts';
import { tooManyRequestsMessage } from '#shared/preferences/schemas.ts';
import { confirmConsent, viewConfirmation } from '../../consent/confirmation.ts';
import { consumeRateLimit } from '../../security/rate-limit.ts';
import { publicProcedure, router } from '../trpc.ts';

/** A person confirms once or twice; this only keeps a script from hammering the row locks. */
const CONFIRM_LIMIT_PER_IP = { limit: 30, windowSeconds: 15 * 60 };

/** The /confirm-subscription page (double opt-in, decision 016). */
export const consentRouter = router({
  /** What the link would confirm; reading it changes nothing, so link scanners are harmless. */
  view: publicProcedure
    .input(consentConfirmationInputSchema)
    .query(({ ctx, input }): Promise<ConsentConfirmationView> =>
      viewConfirmation(ctx.db, ctx.config.appSecret, input.token),
    ),

  /** The owner's click: pending consent becomes consent with this request's evidence. */
  confirm: publicProcedure.input(consentConfirmationInputSchema).mutation(async ({ ctx, input }) => {
    const limit = await consumeRateLimit(
      ctx.db,
      `consent-confirm:ip:${ctx.request.ip ?? 'unknown'}`,
      CONFIRM_LIMIT_PER_IP,
    );
    if (!limit.allowed)
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: tooManyRequestsMessage(limit.retryAfterSeconds),
      });
    const result = await ctx.db
      .transaction()
      .execute((trx) => confirmConsent(trx, ctx.config.appSecret, input.token, ctx.request));
    if (result.state === 'invalid')
      throw new TRPCError({ code: 'NOT_FOUND', message: CONFIRMATION_MESSAGES.invalid });
    if (result.state === 'expired')
      throw new TRPCError({ code: 'PRECONDITION_FAILED', message: CONFIRMATION_MESSAGES.expired });
    return result;
  }),
});
