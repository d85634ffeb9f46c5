import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';
import { leadSubmitInputSchema } from '#shared/leads/schema.ts';
import { PhotosUnavailableError, submitLead } from '../../enquiries/submit.ts';
import { consumeRateLimit } from '../../security/rate-limit.ts';
import { publicProcedure, router } from '../trpc.ts';

export const LEAD_RATE_LIMITED_MESSAGE =
  'Too many submissions from your connection. Please wait a few minutes and try again.';

/**
 * A BAD_REQUEST carrying a field message in `data.fieldErrors`, exactly like an input validation
 * error. ZodRealError (not ZodError) because tRPC keeps only causes that are real Errors.
 */
function fieldError(field: string, message: string): TRPCError {
  return new TRPCError({
    code: 'BAD_REQUEST',
    message,
    cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]),
  });
}

// Before the input is parsed, so malformed submissions count against the limit too.
const rateLimitedBySubmitter = publicProcedure.use(async ({ ctx, next }) => {
  const rule = ctx.config.rateLimits.leadSubmit;
  if (rule) {
    const limit = await consumeRateLimit(ctx.db, `lead-submit:ip:${ctx.request.ip ?? 'unknown'}`, rule);
    if (!limit.allowed) {
      void ctx.http?.res.header('retry-after', String(limit.retryAfterSeconds));
      throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: LEAD_RATE_LIMITED_MESSAGE });
    }
  }
  return next();
});

export const leadRouter = router({
  /**
   * The public sell form. Answers `{ success: true, enquiryId, confirmationRequested }`; every failure
   * is a tRPC error.
   */
  submit: rateLimitedBySubmitter.input(leadSubmitInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const result = await submitLead(ctx, input, ctx.request);
      return {
        success: true as const,
        enquiryId: result.enquiryId,
        confirmationRequested: result.confirmationRequested,
      };
    } catch (error) {
      if (error instanceof PhotosUnavailableError) throw fieldError('photo_upload_ids', error.message);
      throw error;
    }
  }),
});
