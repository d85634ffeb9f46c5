import { TRPCError } from '@trpc/server';
import { CERTIFICATE_MESSAGES, verifyCertificateInputSchema } from '#shared/enquiries/certificates.ts';
import { consumeVerifyAllowance, verifyCertificateHash } from '../../seller-page/entry.ts';
import { publicProcedure, router } from '../trpc.ts';

// certificates.*: the public verification page (decision 072). It receives a SHA-256 the browser
// computed, never the file, answers match or no match, and is limited per network.

export const certificatesRouter = router({
  verify: publicProcedure.input(verifyCertificateInputSchema).mutation(async ({ ctx, input }) => {
    if (ctx.http) void ctx.http.res.header('cache-control', 'no-store');
    const limit = await consumeVerifyAllowance(ctx.db, ctx.request.ip);
    if (!limit.allowed)
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: CERTIFICATE_MESSAGES.tooManyRequests(limit.retryAfterSeconds),
      });
    return verifyCertificateHash(ctx.db, input.sha256);
  }),
});
