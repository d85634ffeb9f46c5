import { describe, expect, it } from 'vitest';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { purchaseInput, purchasePriceError } from './purchase-form.ts';

const id = '5b0b1d7e-7a3c-4b8e-9a57-2f1d5d6c0a11';

describe('the Purchased confirmation form', () => {
  it('sends the dollars typed as whole cents', () => {
    expect(purchaseInput(id, 12_500.5)).toEqual({ id, to: 'purchased', purchasePriceCents: 1_250_050 });
    expect(purchaseInput(id, '980')).toMatchObject({ purchasePriceCents: 98_000 });
    expect(purchasePriceError(id, 12_500)).toBeNull();
    expect(purchasePriceError(id, 1_000_000)).toBeNull();
  });

  it('asks for a price above nothing, with the server message', () => {
    expect(purchasePriceError(id, '')).toBe(ENQUIRY_MESSAGES.purchasePriceRequired);
    expect(purchasePriceError(id, 0)).toBe(ENQUIRY_MESSAGES.purchasePriceRequired);
    expect(purchasePriceError(id, -5)).toBe(ENQUIRY_MESSAGES.purchasePriceRequired);
  });

  it('refuses more than the offer cap of $1,000,000', () => {
    expect(purchasePriceError(id, 1_000_000.01)).toBe(ENQUIRY_MESSAGES.purchasePriceTooLarge);
  });
});
