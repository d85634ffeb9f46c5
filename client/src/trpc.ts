import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import { observable, type Unsubscribable } from '@trpc/server/observable';
import type { AppRouter } from '#server/trpc/router.ts';

// Type-only import: no server code reaches the bundle.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Subscriptions go over server-sent events (api/sse-link.ts); everything else goes on to the batch
 * link. Only admin pages subscribe, and public pages share this module (the sell form), so the SSE
 * link's code is fetched on the first subscription and public bundles carry only this forwarder.
 */
const subscriptionsOverSse: TRPCLink<AppRouter> = (runtime) => {
  let link: ReturnType<TRPCLink<AppRouter>> | null = null;
  return ({ op, next }) =>
    op.type !== 'subscription'
      ? next(op)
      : observable((observer) => {
          let subscription: Unsubscribable | null = null;
          let stopped = false;
          import('./api/sse-link.ts').then(
            (module) => {
              link ??= module.sseSubscriptionLink({ url: '/trpc' })(runtime);
              if (!stopped) subscription = link({ op, next }).subscribe(observer);
            },
            (error: unknown) => {
              if (!stopped)
                observer.error(
                  TRPCClientError.from(error instanceof Error ? error : new Error(String(error))),
                );
            },
          );
          return () => {
            stopped = true;
            subscription?.unsubscribe();
          };
        });
};

export function createTrpcClient() {
  return createTRPCClient<AppRouter>({
    links: [
      subscriptionsOverSse,
      httpBatchLink({
        url: '/trpc',
        // The server takes at most 10 calls per batch from a visitor (server/app.ts).
        maxItems: 10,
        // The server refuses state-changing calls without it (CSRF defence, see server/http/csrf.ts).
        headers: () => ({ 'x-csrf-protection': '1' }),
      }),
    ],
  });
}
