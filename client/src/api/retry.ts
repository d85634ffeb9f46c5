import { TRPCClientError } from '@trpc/client';

/** A failed query is tried again this many times when trying again can help. */
export const QUERY_RETRIES = 3;

/**
 * Whether a failed query is worth trying again. An answer in the 4xx range (refused for the role,
 * signed out, not found, invalid input) will be the same on the next try, so the page shows it at
 * once instead of after three back-offs; network failures and 5xx answers are retried.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= QUERY_RETRIES) return false;
  if (error instanceof TRPCClientError) {
    const status = (error.data as { httpStatus?: unknown } | undefined)?.httpStatus;
    if (typeof status === 'number' && status >= 400 && status < 500) return false;
  }
  return true;
}
