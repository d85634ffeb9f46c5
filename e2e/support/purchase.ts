import type { Locator } from '@playwright/test';

/** Fills the purchase record dialog (decision 058) with a complete, valid record. */
export async function fillPurchaseRecord(
  dialog: Locator,
  record: { price?: string; idNumber?: string; serial?: string; sellerName?: string } = {},
): Promise<void> {
  if (record.price !== undefined)
    await dialog.getByRole('textbox', { name: 'Final price (AUD)' }).fill(record.price);
  await dialog
    .getByRole('textbox', { name: 'Seller’s full name' })
    .fill(record.sellerName ?? 'Olivia Nguyen');
  await dialog.getByRole('textbox', { name: 'Seller’s address' }).fill('12 Example Street, Newtown NSW 2042');
  await dialog.getByRole('textbox', { name: 'Document number' }).fill(record.idNumber ?? 'NSW 98765432');
  await dialog.getByLabel('Document expiry').fill('2099-06-30');
  await dialog.getByRole('textbox', { name: 'Serial number' }).fill(record.serial ?? 'Z123-456 78');
  await dialog.getByRole('textbox', { name: 'Reference number' }).fill('116500LN');
  await dialog.getByRole('textbox', { name: 'Identifying marks' }).fill('Light scratch on the clasp');
  await dialog.getByRole('checkbox', { name: /declared that they own the watch/ }).check();
}
