import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { QUERY_RETRIES, shouldRetryQuery } from './retry.ts';

function trpcError(httpStatus: number, code: string) {
  return TRPCClientError.from({ error: { message: code, code: -32000, data: { code, httpStatus } } });
}

describe('which failed queries are tried again', () => {
  it('shows a refusal, a sign-out, a missing record or bad input at once', () => {
    for (const [status, code] of [
      [403, 'FORBIDDEN'],
      [401, 'UNAUTHORIZED'],
      [404, 'NOT_FOUND'],
      [400, 'BAD_REQUEST'],
      [429, 'TOO_MANY_REQUESTS'],
    ] as const)
      expect(shouldRetryQuery(0, trpcError(status, code))).toBe(false);
  });

  it('tries a server error or a network failure again, up to the limit', () => {
    expect(shouldRetryQuery(0, trpcError(500, 'INTERNAL_SERVER_ERROR'))).toBe(true);
    expect(shouldRetryQuery(1, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(QUERY_RETRIES, new TypeError('Failed to fetch'))).toBe(false);
  });
});
