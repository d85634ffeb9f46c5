import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '#server/trpc/router.ts';

// Type-only import: no server code reaches the bundle.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: '/trpc',
        // The server refuses state-changing calls without it (CSRF defence, see server/http/csrf.ts).
        headers: () => ({ 'x-csrf-protection': '1' }),
      }),
    ],
  });
}
