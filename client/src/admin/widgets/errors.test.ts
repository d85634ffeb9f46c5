import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import type { AppRouter } from '#server/trpc/router.ts';
import { errorCode, errorMessage } from './errors.ts';

function clientError(message: string, data: Record<string, unknown>) {
  return new TRPCClientError<AppRouter>(message, {
    result: { error: { code: -32600, message, data: { httpStatus: 400, path: 'x', ...data } } },
  } as never);
}

describe('errorMessage', () => {
  it('prefers the first field message of a rejected input', () => {
    const error = clientError('[{"code":"too_small"}]', {
      code: 'BAD_REQUEST',
      fieldErrors: { name: undefined, subject: ['Subject line is required', 'other'] },
    });
    expect(errorMessage(error)).toBe('Subject line is required');
    expect(errorCode(error)).toBe('BAD_REQUEST');
  });

  it("shows the server's refusal, but not an internal error", () => {
    expect(errorMessage(clientError('Only a sending campaign can be paused.', { code: 'CONFLICT' }))).toBe(
      'Only a sending campaign can be paused.',
    );
    expect(errorMessage(clientError('relation "x" does not exist', { code: 'INTERNAL_SERVER_ERROR' }))).toBe(
      'Something went wrong. Please try again.',
    );
  });

  it('handles plain errors and non-errors', () => {
    expect(errorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage('nope')).toBe('Something went wrong. Please try again.');
    expect(errorCode(new Error('x'))).toBeNull();
  });
});
