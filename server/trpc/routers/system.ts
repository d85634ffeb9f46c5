import { sql } from 'kysely';
import { publicProcedure, router } from '../trpc.ts';

export const systemRouter = router({
  /** Liveness as seen through tRPC: proves the client and server agree on types end to end. */
  health: publicProcedure.query(async ({ ctx }) => {
    await sql`SELECT 1`.execute(ctx.db);
    return { status: 'ok' as const, emailTransport: ctx.email.kind, time: new Date().toISOString() };
  }),
});
