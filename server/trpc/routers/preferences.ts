import { TRPCError } from '@trpc/server';
import {
  PREFERENCES_MESSAGES,
  preferencesEmailInputSchema,
  preferencesGetInputSchema,
  preferencesStillSubscribedInputSchema,
  preferencesUnsubscribeByEmailInputSchema,
  preferencesUpdateInputSchema,
  type PreferencesView,
  tooManyRequestsMessage,
} from '#shared/preferences/schemas.ts';
import {
  consumeLookupAllowance,
  requestPreferencesLink,
  unsubscribeByEmail,
} from '../../preferences/lookup.ts';
import {
  applyPreferenceAction,
  confirmStillSubscribed,
  findContactPreferences,
  toPreferencesView,
} from '../../preferences/preferences.ts';
import { consumeRateLimit } from '../../security/rate-limit.ts';
import { verifyToken, type UnsubscribeTokenPayload } from '../../unsubscribe/signed-token.ts';
import type { Context } from '../context.ts';
import { publicProcedure, router } from '../trpc.ts';

/** Clicks on the page are few; this only stops a script from filling unsubscribe_logs. */
const UPDATE_LIMIT_PER_IP = { limit: 60, windowSeconds: 15 * 60 };

// An invalid token and a token for a deleted lead get the same answer: the link does not work.
function linkNotFound(): TRPCError {
  return new TRPCError({ code: 'NOT_FOUND', message: PREFERENCES_MESSAGES.linkNotFound });
}

function verifiedToken(ctx: Context, token: string): UnsubscribeTokenPayload {
  const payload = verifyToken(ctx.config.appSecret, token);
  if (!payload) throw linkNotFound();
  return payload;
}

function tooManyRequests(retryAfterSeconds: number): TRPCError {
  return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: tooManyRequestsMessage(retryAfterSeconds) });
}

async function enforceLookupLimits(ctx: Context, email: string): Promise<void> {
  const allowance = await consumeLookupAllowance(ctx.db, { email, ip: ctx.request.ip });
  if (!allowance.allowed) throw tooManyRequests(allowance.retryAfterSeconds);
}

/** Both look-up answers are this same constant, for addresses on file and not (decision 004). */
const ACCEPTED = { accepted: true } as const;

export const preferencesRouter = router({
  get: publicProcedure
    .input(preferencesGetInputSchema)
    .query(async ({ ctx, input }): Promise<PreferencesView> => {
      const { contactId: contactId } = verifiedToken(ctx, input.token);
      const contact = await findContactPreferences(ctx.db, contactId);
      if (!contact) throw linkNotFound();
      return toPreferencesView(contact);
    }),

  update: publicProcedure
    .input(preferencesUpdateInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ success: true; preferences: PreferencesView }> => {
      const { contactId: contactId, campaignId, flowId } = verifiedToken(ctx, input.token);
      const limit = await consumeRateLimit(
        ctx.db,
        `preferences-update:ip:${ctx.request.ip ?? 'unknown'}`,
        UPDATE_LIMIT_PER_IP,
      );
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);

      const result = await ctx.db.transaction().execute((trx) =>
        applyPreferenceAction(trx, contactId, input.action, {
          method: 'manual',
          ip: ctx.request.ip,
          userAgent: ctx.request.userAgent,
          campaignId: campaignId ?? null,
          flowId: flowId ?? null,
          reason: input.reason,
        }),
      );
      if (result.status === 'not_found') throw linkNotFound();
      if (result.status === 'suppressed')
        throw new TRPCError({ code: 'PRECONDITION_FAILED', message: PREFERENCES_MESSAGES.suppressed });
      return { success: true, preferences: toPreferencesView(result.contact) };
    }),

  /** The re-permission e-mail's "yes, keep me subscribed" (decision 089). */
  stillSubscribed: publicProcedure
    .input(preferencesStillSubscribedInputSchema)
    .mutation(async ({ ctx, input }): Promise<{ success: true }> => {
      const { contactId } = verifiedToken(ctx, input.token);
      const limit = await consumeRateLimit(
        ctx.db,
        `preferences-update:ip:${ctx.request.ip ?? 'unknown'}`,
        UPDATE_LIMIT_PER_IP,
      );
      if (!limit.allowed) throw tooManyRequests(limit.retryAfterSeconds);
      const result = await confirmStillSubscribed(ctx.db, contactId);
      if (result === 'not_found') throw linkNotFound();
      if (result === 'not_subscribed')
        throw new TRPCError({
          code: 'PRECONDITION_FAILED',
          message: PREFERENCES_MESSAGES.stillSubscribedNotSubscribed,
        });
      return { success: true };
    }),

  unsubscribeByEmail: publicProcedure
    .input(preferencesUnsubscribeByEmailInputSchema)
    .mutation(async ({ ctx, input }) => {
      await enforceLookupLimits(ctx, input.email);
      await unsubscribeByEmail(ctx.db, input.email, {
        ip: ctx.request.ip,
        userAgent: ctx.request.userAgent,
        reason: input.reason,
      });
      return ACCEPTED;
    }),

  requestLink: publicProcedure.input(preferencesEmailInputSchema).mutation(async ({ ctx, input }) => {
    await enforceLookupLimits(ctx, input.email);
    await requestPreferencesLink(ctx, input.email);
    return ACCEPTED;
  }),
});
