import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { reportApiError } from './api-errors.ts';
import { shouldRetryQuery } from './retry.ts';

/** The app's one kind of query client: its caches report every failure (api-errors.ts). */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportApiError }),
    mutationCache: new MutationCache({ onError: reportApiError }),
    defaultOptions: { queries: { staleTime: 10_000, retry: shouldRetryQuery } },
  });
}
