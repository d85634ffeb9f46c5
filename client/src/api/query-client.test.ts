import { MutationObserver } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it } from 'vitest';
import { onApiError } from './api-errors.ts';
import { newQueryClient } from './query-client.ts';

function trpcError(httpStatus: number, code: string) {
  return TRPCClientError.from({ error: { message: code, code: -32000, data: { code, httpStatus } } });
}

const stops: (() => void)[] = [];
function listen(): unknown[] {
  const heard: unknown[] = [];
  stops.push(onApiError((error) => heard.push(error)));
  return heard;
}

afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

describe("the query client's global error callbacks", () => {
  it('report a refused query once, on its first failure (a 403 is not retried)', async () => {
    const heard = listen();
    const refusal = trpcError(403, 'FORBIDDEN');
    let calls = 0;
    const query = newQueryClient().fetchQuery({
      queryKey: ['refused'],
      queryFn: () => {
        calls += 1;
        throw refusal;
      },
    });
    await expect(query).rejects.toBe(refusal);
    expect(calls).toBe(1);
    expect(heard).toEqual([refusal]);
  });

  it('report a failed mutation', async () => {
    const heard = listen();
    const signedOut = trpcError(401, 'UNAUTHORIZED');
    const observer = new MutationObserver(newQueryClient(), { mutationFn: () => Promise.reject(signedOut) });
    await expect(observer.mutate()).rejects.toBe(signedOut);
    expect(heard).toEqual([signedOut]);
  });

  it('stop reporting to a listener that stopped listening', async () => {
    const heard: unknown[] = [];
    const stop = onApiError((error) => heard.push(error));
    stop();
    await expect(
      newQueryClient().fetchQuery({
        queryKey: ['gone'],
        queryFn: () => Promise.reject(trpcError(404, 'NOT_FOUND')),
      }),
    ).rejects.toBeInstanceOf(TRPCClientError);
    expect(heard).toEqual([]);
  });
});
