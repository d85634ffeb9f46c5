import { describe, expect, it } from 'vitest';
import { parcelName } from './next-step-parts.ts';

describe('the kit form’s "Name on the parcel" (decision 095)', () => {
  const answered = (kind: 'accepted' | 'declined', typedName: string | null) => ({
    response: { kind, at: '2026-12-01T00:00:00.000Z', typedName, certificate: null },
  });

  it('starts from the full name the seller signed the accepted offer with', () => {
    expect(parcelName(answered('accepted', ' Mary-Jane O’Brien '))).toBe('Mary-Jane O’Brien');
  });

  it('starts empty without an acceptance on the page', () => {
    expect(parcelName(null)).toBe('');
    expect(parcelName({ response: null })).toBe('');
    expect(parcelName(answered('declined', null))).toBe('');
    expect(parcelName(answered('accepted', null))).toBe('');
  });
});
