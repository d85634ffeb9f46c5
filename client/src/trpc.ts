import { createTRPCClient, httpBatchLink, httpSubscriptionLink, retryLink, splitLink } from '@trpc/client';
import { createTRPCContext } from '@trpc/tanstack-react-query';
import type { AppRouter } from '#server/trpc/router.ts';

// Type-only import: no server code reaches the bundle.
export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>();

/**
 * Delay before the next attempt after a live stream was refused for good (a proxy's 502 while the
 * server restarts): 1 s doubling to 30 s, jittered so that every open tab does not come back at
 * once. The link counts attempts over the subscription's life, so after a few refusals each later
 * one waits up to 30 s; the page polls meanwhile (its state is `connecting`).
 */
function liveRetryDelayMs(attempt: number): number {
  const ceiling = Math.min(30_000, 1_000 * 2 ** Math.min(attempt - 1, 20));
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

export interface TrpcClientOptions {
  /** The tRPC endpoint: `/trpc` on the page's own origin. */
  url?: string;
  /** Headers for the batch link's requests besides the CSRF header (tests: a cookie, an origin). */
  headers?: Record<string, string>;
  /** An EventSource for environments without one (node in tests); the browser's by default. */
  EventSource?: Parameters<typeof httpSubscriptionLink>[0]['EventSource'];
}

/**
 * Subscriptions (the admin's live campaign feed) go over server-sent events with tRPC's own link;
 * the browser's EventSource reconnects by itself after a dropped connection, sending cookies on the
 * same origin, and resumes tracked events from their last id. A stream refused for good (an HTTP
 * error) ends the link, and retryLink opens it again unless the server answered with a tRPC error
 * (UNAUTHORIZED, FORBIDDEN, NOT_FOUND), which ends the subscription.
 */
export function createTrpcClient(options: TrpcClientOptions = {}) {
  const url = options.url ?? '/trpc';
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: [
          retryLink({
            retry: ({ error }) => error.data === undefined,
            retryDelayMs: liveRetryDelayMs,
          }),
          httpSubscriptionLink({ url, EventSource: options.EventSource }),
        ],
        false: httpBatchLink({
          url,
          // The server takes at most 10 calls per batch from a visitor (server/app.ts).
          maxItems: 10,
          // The server refuses state-changing calls without it (CSRF defence, see server/http/csrf.ts).
          headers: () => ({ ...options.headers, 'x-csrf-protection': '1' }),
        }),
      }),
    ],
  });
}
