import type { PurchaseRecordInput } from '../../shared/register/schemas.ts';
import type { DbExecutor } from '../../server/db/database.ts';

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

/**
 * Deletes every register entry between tests. Entries are kept until their retain_until (decision
 * 071) and the database refuses an earlier delete, so their dates are moved into the past first.
 */
export async function clearRegisterEntries(db: DbExecutor): Promise<void> {
  await db.updateTable('purchase_records').set({ retain_until: '2000-01-01' }).execute();
  await db.deleteFrom('purchase_records').execute();
}
