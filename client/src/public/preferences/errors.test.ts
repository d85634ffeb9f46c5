import { describe, expect, it } from 'vitest';
import { PREFERENCES_MESSAGES } from '#shared/preferences/schemas.ts';
import { isLinkNotFound, lookupErrorMessage, updateErrorMessage } from './errors.ts';

const error = (
  code: string,
  message = 'server text',
  fieldErrors: Record<string, string[]> | null = null,
) => ({
  message,
  data: { code, fieldErrors },
});

describe('preferences page error messages', () => {
  it('treats NOT_FOUND and BAD_REQUEST as a broken link, anything else as unexpected', () => {
    expect(isLinkNotFound(error('NOT_FOUND'))).toBe(true);
    expect(isLinkNotFound(error('BAD_REQUEST'))).toBe(true);
    expect(isLinkNotFound(error('INTERNAL_SERVER_ERROR'))).toBe(false);
    expect(isLinkNotFound({ message: 'Failed to fetch' })).toBe(false);
    expect(isLinkNotFound(null)).toBe(false);
  });

  it('shows the spec message for a failed update unless the server explains a refusal', () => {
    // docs/spec/public-site.md §8: an exception reads 'Failed to update preferences. Please try again.'
    expect(updateErrorMessage(error('INTERNAL_SERVER_ERROR'))).toBe(
      'Failed to update preferences. Please try again.',
    );
    expect(updateErrorMessage(error('NOT_FOUND'))).toBe(PREFERENCES_MESSAGES.updateFailed);
    expect(updateErrorMessage({ message: 'Failed to fetch' })).toBe(PREFERENCES_MESSAGES.updateException);
    expect(updateErrorMessage(error('PRECONDITION_FAILED', PREFERENCES_MESSAGES.suppressed))).toBe(
      PREFERENCES_MESSAGES.suppressed,
    );
    expect(updateErrorMessage(error('TOO_MANY_REQUESTS', 'Too many requests.'))).toBe('Too many requests.');
  });

  it('shows field, rate-limit or generic messages for the look-up', () => {
    expect(
      lookupErrorMessage(error('BAD_REQUEST', 'x', { email: [PREFERENCES_MESSAGES.emailRequired] })),
    ).toBe(PREFERENCES_MESSAGES.emailRequired);
    expect(lookupErrorMessage(error('TOO_MANY_REQUESTS', 'Wait'))).toBe('Wait');
    expect(lookupErrorMessage(error('INTERNAL_SERVER_ERROR'))).toBe(PREFERENCES_MESSAGES.unexpected);
  });
});
