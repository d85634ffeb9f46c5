import { TRPCError } from '@trpc/server';
import { CampaignError } from '../campaigns/errors.ts';
import { TestSendFailedError, TestSendRateLimitedError } from '../campaigns/test-email.ts';

/** Domain refusals become the tRPC error with the same meaning; anything else is a real fault. */
export function toTrpcError(error: unknown): unknown {
  if (error instanceof CampaignError) return new TRPCError({ code: error.kind, message: error.message });
  if (error instanceof TestSendRateLimitedError)
    return new TRPCError({ code: 'TOO_MANY_REQUESTS', message: error.message });
  if (error instanceof TestSendFailedError) {
    // The provider refused the message itself (bad address...): the admin can fix that.
    const code = error.failure.kind === 'invalid' ? 'BAD_REQUEST' : 'BAD_GATEWAY';
    return new TRPCError({ code, message: `The email service refused the message: ${error.message}` });
  }
  return error;
}
