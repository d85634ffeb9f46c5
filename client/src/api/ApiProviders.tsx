import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createTrpcClient, TRPCProvider } from '../trpc.ts';
import { newQueryClient } from './query-client.ts';

// One cache per browser tab, kept when the visitor leaves an API page and comes back; on the
// server every render gets its own.
let browserQueryClient: QueryClient | null = null;

function queryClientForThisRender(): QueryClient {
  if (typeof window === 'undefined') return newQueryClient();
  return (browserQueryClient ??= newQueryClient());
}

export function ApiProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(queryClientForThisRender);
  const [trpcClient] = useState(() => createTrpcClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}

export function withApiProviders(children: ReactNode): ReactNode {
  return <ApiProviders>{children}</ApiProviders>;
}
