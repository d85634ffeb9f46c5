import { describe, expect, it } from 'vitest';
import {
  lookupEmailSchema,
  PREFERENCES_MESSAGES,
  preferencesUpdateInputSchema,
  tooManyRequestsMessage,
} from './schemas.ts';

const firstMessage = (value: unknown) => {
  const result = lookupEmailSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('preferences schemas', () => {
  it('asks for an address when the look-up field is empty or blank', () => {
    expect(firstMessage('')).toBe(PREFERENCES_MESSAGES.emailRequired);
    expect(firstMessage('   ')).toBe(PREFERENCES_MESSAGES.emailRequired);
    expect(firstMessage(undefined)).toBe(PREFERENCES_MESSAGES.emailRequired);
  });

  it('reports a malformed or too long address with the sell form wording', () => {
    expect(firstMessage('not-an-address')).toBe(PREFERENCES_MESSAGES.emailInvalid);
    expect(firstMessage(`${'a'.repeat(250)}@example.com`)).toBe(PREFERENCES_MESSAGES.emailTooLong);
    expect(lookupEmailSchema.parse('  Jane@Example.com ')).toBe('Jane@Example.com');
  });

  it('trims the reason, drops a blank one and caps it at 500 characters', () => {
    const base = { token: 'abc', action: 'email' as const };
    expect(preferencesUpdateInputSchema.parse({ ...base, reason: '  too many  ' }).reason).toBe('too many');
    expect(preferencesUpdateInputSchema.parse({ ...base, reason: '   ' }).reason).toBeUndefined();
    expect(preferencesUpdateInputSchema.parse(base).reason).toBeUndefined();
    expect(preferencesUpdateInputSchema.safeParse({ ...base, reason: 'x'.repeat(501) }).success).toBe(false);
    expect(preferencesUpdateInputSchema.safeParse({ ...base, action: 'all' }).success).toBe(false);
  });

  it('rounds the wait up to whole minutes', () => {
    expect(tooManyRequestsMessage(1)).toBe('Too many requests. Please wait 1 minute and try again.');
    expect(tooManyRequestsMessage(61)).toBe('Too many requests. Please wait 2 minutes and try again.');
  });
});
