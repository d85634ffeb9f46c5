import { adminOutboxRouter } from './routers/admin-outbox.ts';
import { systemRouter } from './routers/system.ts';
import { createCallerFactory, router } from './trpc.ts';

export const appRouter = router({
  system: systemRouter,
  admin: router({
    outbox: adminOutboxRouter,
  }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
