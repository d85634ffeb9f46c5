import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { emptyOffer, offerInput, repeatsOffer, validateOffer } from './offer-form.ts';

const id = '00000000-0000-4000-8000-000000000001';
const today = '2026-11-27';

describe('offer form', () => {
  it('sends whole cents and blanks as null', () => {
    expect(offerInput(id, { amount: 12500.25, validUntil: '', conditions: '  ' })).toEqual({
      id,
      amountCents: 1250025,
      validUntil: null,
      conditions: null,
    });
    expect(offerInput(id, { amount: '99.5', validUntil: today, conditions: ' Boxed ' })).toEqual({
      id,
      amountCents: 9950,
      validUntil: today,
      conditions: 'Boxed',
    });
  });

  it('shows the shared schema messages under the fields the admin typed in', () => {
    const validate = validateOffer(id, today);
    expect(validate({ ...emptyOffer, amount: 1_000_001 })).toEqual({
      amount: ENQUIRY_MESSAGES.offerTooLarge,
    });
    expect(validate({ ...emptyOffer, amount: 12500, validUntil: '2026-11-26' })).toEqual({
      validUntil: ENQUIRY_MESSAGES.offerExpired,
    });
    expect(validate({ ...emptyOffer, amount: 12500, validUntil: today })).toEqual({});
    expect(validate(emptyOffer)).toHaveProperty('amount');
  });

  it('knows an offer that repeats the latest one, to ask before e-mailing it again (decision 095)', () => {
    const latest = { amountCents: 1_250_000, validUntil: '2026-12-11', conditions: 'Subject to inspection' };
    const same = offerInput(id, {
      amount: 12500,
      validUntil: '2026-12-11',
      conditions: ' Subject to inspection ',
    });
    expect(repeatsOffer(same, latest)).toBe(true);
    expect(repeatsOffer({ ...same, amountCents: 1_250_001 }, latest)).toBe(false);
    expect(repeatsOffer({ ...same, validUntil: null }, latest)).toBe(false);
    expect(repeatsOffer({ ...same, conditions: null }, latest)).toBe(false);
    expect(repeatsOffer(same, undefined)).toBe(false);
    const bare = { amountCents: 980_000, validUntil: null, conditions: null };
    expect(repeatsOffer(offerInput(id, { amount: '9800', validUntil: '', conditions: '  ' }), bare)).toBe(
      true,
    );
  });
});
