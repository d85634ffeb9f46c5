import { randomBytes, randomUUID } from 'node:crypto';
import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { UNREADABLE_IDENTITY_HINT } from '../shared/register/schemas.ts';
import { seriousViolations } from './support/axe.ts';
import { fillPurchaseRecord } from './support/purchase.ts';
import { expect, test } from './support/test.ts';

// Decision 058: the purchase record with identity and serial → Purchased; the number masked on the
// page, full (audited) in the register export; erasing the seller keeps the register entry.
test('a purchase goes into the dealer’s register, which outlives the seller’s erasure', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `register.${tag}@example.com`;
  const idNumber = `NSW ${tag.replace(/\D/g, '').padEnd(4, '7')}9911`;
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email, full_name: 'Register Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Register Seller',
      watch_brand: 'Rolex',
      watch_model: 'Submariner',
      watch_condition: 'Excellent',
      status: 'accepted',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  await page.getByRole('button', { name: 'Purchased', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Record the purchase' });
  await fillPurchaseRecord(dialog, {
    price: '15000',
    idNumber,
    serial: `SER-${tag}`,
    sellerName: 'Register Seller',
  });
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(dialog).toHaveCount(0);

  const record = page.getByTestId('purchase-record');
  await expect(record.getByTestId('identity-number')).toContainText('•••• 9911');
  await expect(record).not.toContainText(idNumber);
  await record.getByRole('button', { name: 'Show full number' }).click();
  await expect(record.getByTestId('identity-number')).toContainText(idNumber);

  await page.goto('/admin/register');
  await expect(page.getByTestId('register-list')).toContainText(`SER-${tag}`);
  await expect(page.getByTestId('register-list')).not.toContainText(idNumber);
  const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  const csv = await page.request.get(href!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(idNumber);

  await page.goto(`/admin/contacts/${lead.id}`);
  await page.getByRole('button', { name: 'Erase contact' }).click();
  const erase = page.getByRole('dialog', { name: 'Erase this contact' });
  await erase.getByRole('textbox', { name: `Type ${email} to confirm` }).fill(email);
  await erase.getByRole('button', { name: 'Erase contact' }).click();
  await expect(
    page.getByText('The dealer’s register keeps this seller’s purchase for 7 years as the law requires'),
  ).toBeVisible();
  const kept = await db
    .selectFrom('purchase_records')
    .select(['enquiry_id', 'seller_name'])
    .where('serial_number', '=', `SER-${tag}`)
    .executeTakeFirstOrThrow();
  expect(kept).toEqual({ enquiry_id: null, seller_name: 'Register Seller' });
});

// Decision 058: an entry sealed under an earlier key (a rotation not yet re-encrypted) says so beside
// its masked number, and a Queensland hold past the listed public holidays says only weekends were
// skipped.
test('an entry under an earlier register key and a hold past the holiday list say so', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email: `rotated.${tag}@example.com`, full_name: 'Rotated Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Rotated Seller',
      watch_brand: 'Omega',
      watch_model: 'Seamaster',
      watch_condition: 'Excellent',
      status: 'purchased',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('purchase_records')
    .values({
      id: randomUUID(),
      enquiry_id: enquiry.id,
      price_cents: 500_000,
      payment_method: 'bank_transfer',
      seller_name: 'Rotated Seller',
      seller_address: '1 Example Street, Brisbane QLD 4000',
      watch_description: 'Omega Seamaster',
      id_document: 'driver_licence',
      id_number_ciphertext: randomBytes(10),
      id_number_iv: randomBytes(12),
      id_number_tag: randomBytes(16),
      id_number_key_id: 'an-earlier-key',
      id_number_last4: '4321',
      id_expiry: '2030-01-01',
      id_checked_by_email: 'buyer@example.com',
      id_check_method: 'in_person',
      serial_number: `ROT-${tag}`,
      reference_number: '210.30',
      identifying_marks: 'none',
      declaration_method: 'signed_in_person',
      received_by_email: 'buyer@example.com',
      register_state: 'QLD',
      held_until: '2028-01-06',
    })
    .execute();

  await signInAsAdmin(page, { at: `/admin/enquiries/${enquiry.id}` });
  const record = page.getByTestId('purchase-record');
  await expect(record.getByTestId('identity-unreadable')).toHaveText(UNREADABLE_IDENTITY_HINT);
  await expect(record.getByRole('button', { name: 'Show full number' })).toHaveCount(0);
  await expect(record).toContainText('2028-01-06 (Public holidays after 2027-12-31 are not listed here');

  await page.goto('/admin/register/held');
  const held = page
    .getByTestId('held-stock')
    .getByRole('row')
    .filter({ hasText: `ROT-${tag}` });
  await expect(held).toContainText('only weekends were skipped');
});

// Decision 071: a watch past its hold needs a stolen-goods check and no open police hold notice
// before it is released; held stock shows the status, and the entry its own retention date.
test('a watch is released after its check and a lifted hold notice, at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const tag = randomUUID().slice(0, 8);
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email: `release.${tag}@example.com`, full_name: 'Release Seller' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: 'Release Seller',
      watch_brand: 'Tudor',
      watch_model: 'Black Bay',
      watch_condition: 'Excellent',
      status: 'purchased',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('purchase_records')
    .values({
      id: randomUUID(),
      enquiry_id: enquiry.id,
      price_cents: 400_000,
      payment_method: 'bank_transfer',
      seller_name: 'Release Seller',
      seller_address: '1 Example Street, Melbourne VIC 3000',
      watch_description: 'Tudor Black Bay',
      id_document: 'driver_licence',
      id_number_ciphertext: randomBytes(10),
      id_number_iv: randomBytes(12),
      id_number_tag: randomBytes(16),
      id_number_key_id: 'an-earlier-key',
      id_number_last4: '1234',
      id_expiry: '2030-01-01',
      id_checked_by_email: 'buyer@example.com',
      id_check_method: 'in_person',
      serial_number: `REL-${tag}`,
      reference_number: '79230N',
      identifying_marks: 'none',
      declaration_method: 'signed_in_person',
      received_by_email: 'buyer@example.com',
      register_state: 'VIC',
      // The hold ended long ago: only the check and the notice stand in the way.
      held_until: '2026-01-05',
    })
    .execute();

  await signInAsAdmin(page, { at: '/admin/register/held' });
  const row = page
    .getByTestId('held-stock')
    .getByRole('row')
    .filter({ hasText: `REL-${tag}` });
  await expect(row.getByTestId('release-status')).toHaveText('Needs stolen-goods check');
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});

  await page.goto(`/admin/enquiries/${enquiry.id}`);
  const controls = page.getByTestId('release-controls');
  await expect(page.getByTestId('kept-until')).toContainText('Kept until');
  await expect(controls.getByTestId('release-status')).toHaveText('Needs stolen-goods check');

  await controls.getByRole('button', { name: 'Record stolen-goods check' }).click();
  const check = page.getByRole('dialog', { name: 'Record stolen-goods check' });
  await check.getByRole('textbox', { name: 'Reference or certificate number' }).fill(`TWR-${tag}`);
  await check.getByRole('button', { name: 'Record check' }).click();
  await expect(controls.getByTestId('release-status')).toHaveText('Releasable');
  await expect(controls.getByTestId('stolen-check')).toContainText(`The Watch Register (TWR-${tag})`);

  await controls.getByRole('button', { name: 'Record hold notice' }).click();
  const notice = page.getByRole('dialog', { name: 'Record hold notice' });
  await notice.getByRole('textbox', { name: 'Issuing officer' }).fill('Senior Constable Patel');
  await notice.getByRole('textbox', { name: 'Police station' }).fill('Melbourne East');
  await notice.getByRole('textbox', { name: 'Notice reference' }).fill(`HN-${tag}`);
  await notice.getByLabel('Issued on').fill('2026-11-30');
  expect(await seriousViolations(page, { include: '[role="dialog"]' })).toEqual({});
  await notice.getByRole('button', { name: 'Record notice' }).click();
  await expect(controls.getByTestId('release-status')).toHaveText('Police hold');
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});

  await controls.getByRole('button', { name: 'Release', exact: true }).click();
  const refused = page.getByRole('dialog', { name: 'Release' });
  await refused.getByRole('button', { name: 'Confirm release' }).click();
  await expect(refused.getByRole('alert')).toContainText(`a police hold notice is open (HN-${tag})`);
  await page.keyboard.press('Escape');
  await expect(refused).toHaveCount(0);

  await controls.getByRole('button', { name: `Lift notice HN-${tag}` }).click();
  const lift = page.getByRole('dialog', { name: `Lift notice HN-${tag}` });
  await lift.getByRole('textbox', { name: 'Lifting reference' }).fill(`LIFT-${tag}`);
  await lift.getByRole('button', { name: 'Lift notice' }).click();
  await expect(controls.getByTestId('release-status')).toHaveText('Releasable');

  await controls.getByRole('button', { name: 'Release', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Release' })
    .getByRole('button', { name: 'Confirm release' })
    .click();
  await expect(controls.getByTestId('release-status')).toHaveText('Released');
  await page.goto('/admin/register/held');
  await expect(page.getByTestId('held-stock')).not.toContainText(`REL-${tag}`);
});
