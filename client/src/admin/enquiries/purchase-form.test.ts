import { describe, expect, it } from 'vitest';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { STATE_RULES } from '#shared/register/states.ts';
import {
  acceptanceReference,
  purchaseFormDefaults,
  purchaseFormErrors,
  purchaseInput,
} from './purchase-form.ts';

const id = '5b0b1d7e-7a3c-4b8e-9a57-2f1d5d6c0a11';
const member = '6c1c2e8f-8b4d-4c9f-8b68-3a2e6e7d1b22';
const rules = {
  state: 'VIC' as const,
  stateName: 'Victoria',
  acceptedDocuments: STATE_RULES.VIC.acceptedDocuments,
  today: '2026-11-27',
  amlCddEnabled: false,
};
const complete = {
  ...purchaseFormDefaults(1_250_050, member),
  sellerName: 'Olivia Nguyen',
  sellerAddress: '1 Collins St, Melbourne VIC 3000',
  idNumber: '012345678',
  idExpiry: '2030-01-01',
  serialNumber: 'Z123',
  referenceNumber: '116500LN',
  identifyingMarks: 'none',
  declarationAccepted: true,
  // Victoria's register records where the goods are stored (decision 070).
  storageLocation: 'Safe 1',
};

describe('the purchase record form', () => {
  it('starts from the latest offer and sends the dollars typed as whole cents', () => {
    expect(complete.price).toBe(12_500.5);
    expect(purchaseInput(id, complete).purchase.priceCents).toBe(1_250_050);
    expect(purchaseInput(id, { ...complete, price: '980' }).purchase.priceCents).toBe(98_000);
    expect(purchaseFormErrors(complete, rules)).toEqual({});
    expect(purchaseFormErrors({ ...complete, storageLocation: null }, rules)).toEqual({
      storageLocation: REGISTER_MESSAGES.storageLocation,
    });
  });

  it('shows the server’s messages under the fields', () => {
    expect(purchaseFormErrors({ ...complete, price: '' }, rules).price).toBe(REGISTER_MESSAGES.priceRequired);
    expect(purchaseFormErrors({ ...complete, price: 1_000_000.01 }, rules).price).toBe(
      REGISTER_MESSAGES.priceTooLarge,
    );
    expect(purchaseFormErrors({ ...complete, idNumber: '' }, rules).idNumber).toBe(
      REGISTER_MESSAGES.idNumber,
    );
    expect(purchaseFormErrors({ ...complete, declarationAccepted: false }, rules).declarationAccepted).toBe(
      REGISTER_MESSAGES.declaration,
    );
    expect(purchaseFormErrors({ ...complete, idExpiry: '2026-11-26' }, rules).idExpiry).toBe(
      REGISTER_MESSAGES.idExpired,
    );
    expect(
      purchaseFormErrors({ ...complete, paymentMethod: 'cash', price: 10_000 }, rules).paymentMethod,
    ).toBe(REGISTER_MESSAGES.cashNeedsAml);
  });

  it('pre-fills the online acceptance reference from the stored acceptance (decision 095)', () => {
    const certificate = { id: '7d2d3f90-9c5e-4d7a-8c79-4b3f7f8e2c33', sha256: 'ab'.repeat(32) };
    const accepted = { response: { kind: 'accepted' as const, certificate } };
    expect(acceptanceReference(accepted)).toBe('7d2d3f90-9c5e-4d7a-8c79-4b3f7f8e2c33');
    expect(acceptanceReference({ response: { kind: 'declined', certificate: null } })).toBeNull();
    expect(acceptanceReference({ response: null })).toBeNull();
    expect(acceptanceReference(undefined)).toBeNull();

    const online = purchaseFormDefaults(1_250_050, member, '7d2d3f90-9c5e-4d7a-8c79-4b3f7f8e2c33');
    expect([online.declarationMethod, online.declarationAcceptanceId]).toEqual([
      'online_acceptance',
      '7d2d3f90-9c5e-4d7a-8c79-4b3f7f8e2c33',
    ]);
    // Complete with the reference filled in: nothing left for the buyer to look up.
    expect(
      purchaseFormErrors(
        {
          ...complete,
          declarationMethod: online.declarationMethod,
          declarationAcceptanceId: online.declarationAcceptanceId,
        },
        rules,
      ),
    ).toEqual({});
    const inPerson = purchaseFormDefaults(1_250_050, member);
    expect([inPerson.declarationMethod, inPerson.declarationAcceptanceId]).toEqual([
      'signed_in_person',
      null,
    ]);
  });
});
