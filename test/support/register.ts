import type { PurchaseRecordInput } from '../../shared/register/schemas.ts';

/** A complete purchase record (decision 058) taken and checked by `memberId`; override what a test needs. */
export function purchaseRecord(
  memberId: string,
  overrides: Partial<PurchaseRecordInput> = {},
): PurchaseRecordInput {
  return {
    priceCents: 1_280_000,
    paymentMethod: 'bank_transfer',
    sellerName: 'Olivia Nguyen',
    sellerAddress: '12 Example Street, Newtown NSW 2042',
    idDocument: 'driver_licence',
    idNumber: 'NSW 98765432',
    idExpiry: '2099-06-30',
    idCheckedBy: memberId,
    idCheckMethod: 'in_person',
    serialNumber: 'Z123-456 78',
    referenceNumber: '116500LN',
    identifyingMarks: 'Light scratch on the clasp',
    declarationAccepted: true,
    declarationMethod: 'signed_in_person',
    receivedBy: memberId,
    ...overrides,
  };
}
