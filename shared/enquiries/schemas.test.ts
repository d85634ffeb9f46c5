import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES, enquiryOfferInputSchemaOn, MAX_OFFER_CENTS } from './schemas.ts';

const offer = {
  id: '00000000-0000-4000-8000-000000000001',
  amountCents: 500_000,
  validUntil: null,
  conditions: null,
};
const firstIssue = (input: object, today = '2026-11-26') => {
  const parsed = enquiryOfferInputSchemaOn(today).safeParse(input);
  return parsed.success ? null : parsed.error.issues[0];
};

describe('the offer input (decision 026)', () => {
  it('caps the amount at a million dollars, in whole cents', () => {
    expect(MAX_OFFER_CENTS).toBe(100_000_000);
    expect(firstIssue({ ...offer, amountCents: MAX_OFFER_CENTS })).toBeNull();
    expect(firstIssue({ ...offer, amountCents: MAX_OFFER_CENTS + 1 })).toMatchObject({
      message: ENQUIRY_MESSAGES.offerTooLarge,
      path: ['amountCents'],
    });
  });

  it('accepts a validity ending today or later on the business calendar, never earlier', () => {
    expect(firstIssue({ ...offer, validUntil: '2026-11-26' })).toBeNull();
    expect(firstIssue({ ...offer, validUntil: '2026-12-01' })).toBeNull();
    expect(firstIssue({ ...offer, validUntil: '2026-11-25' })).toMatchObject({
      message: ENQUIRY_MESSAGES.offerExpired,
      path: ['validUntil'],
    });
  });
});
