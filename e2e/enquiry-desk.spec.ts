import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { ENQUIRY_MESSAGES } from '#shared/enquiries/schemas.ts';
import { REGISTER_MESSAGES } from '#shared/register/schemas.ts';
import { signInAsAdmin } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { fillPurchaseRecord } from './support/purchase.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

const SUCCESS =
  "Form submitted successfully! We'll review your watch details and get back to you within 24 hours.";

/** The outbox e-mail with this subject to `to`, once the worker has written it. */
async function waitForOutboxSubject(subject: string, to: string) {
  const read = () =>
    e2eDatabase()
      .selectFrom('outbox_emails')
      .select(['subject', 'to_addresses', 'html', 'reply_to'])
      .where('subject', '=', subject)
      .executeTakeFirst();
  let row: Awaited<ReturnType<typeof read>>;
  await expect
    .poll(async () => (row = await read())?.to_addresses ?? [], {
      message: `an outbox e-mail "${subject}" to ${to}`,
      timeout: 15_000,
    })
    .toContain(to);
  return row;
}

test('an enquiry from the sell form is worked from the inbox to Purchased', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const email = `desk.${tag}@example.com`;
  const templateName = `Valuation reply ${tag}`;
  await e2eDatabase()
    .insertInto('email_templates')
    .values({
      template_name: templateName,
      subject: 'Your {{watch_brand}} valuation ({{reference}})',
      html_content: '<p>Hi {{first_name}}, thank you for the details of your {{watch_brand}}.</p>',
      template_type: 'reply',
    })
    .execute();

  // The seller submits on /sell with one photo.
  await page.goto('/sell?utm_source=desk-e2e');
  await page.locator('#sell-fullName').fill('Desk Seller');
  await page.locator('#sell-email').fill(email);
  await page.locator('#sell-phone').fill('0412 345 678');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.locator('#sell-watchBrand').selectOption('Omega');
  await page.locator('#sell-watchCondition').selectOption('Excellent - Like new');
  await page.getByRole('button', { name: 'Next' }).click();
  const photo = await sharp({
    create: { width: 64, height: 48, channels: 3, background: { r: 30, g: 90, b: 160 } },
  })
    .png()
    .toBuffer();
  await page
    .locator('#sell-photos')
    .setInputFiles([{ name: 'dial.png', mimeType: 'image/png', buffer: photo }]);
  await page.getByRole('button', { name: 'Submit for Free Valuation' }).click();
  await expect(page.getByRole('status').getByText(SUCCESS, { exact: true })).toBeVisible();

  // It appears in the inbox, awaiting a reply.
  await signInAsAdmin(page);
  await expect(page.getByRole('region', { name: 'Enquiries awaiting reply' })).toBeVisible();
  await page.locator('nav a[href="/admin/enquiries"]').click();
  await expect(page).toHaveURL(/\/admin\/enquiries$/);
  await page.getByRole('searchbox', { name: 'Search enquiries' }).fill(email);
  // The search reaches the URL after its debounce; wait for it, so it cannot navigate back later.
  await expect(page).toHaveURL(/search=desk/);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Omega');
  await expect(row).toContainText('desk-e2e');
  await expect(row).toContainText('New');
  await expect(row.getByRole('img')).toBeVisible();
  // A thumbnail made from the photo, not the photo itself.
  await expect(row.getByRole('img')).toHaveAttribute('src', /\/api\/uploads\/[0-9a-f-]+\/thumbnail$/);
  await expect
    .poll(() => row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  // The seller's name is the row's link (first focusable, so middle-click opens a new tab)...
  const rowLink = row.getByRole('link', { name: /^Open enquiry / });
  await expect(rowLink).toHaveAttribute('href', /\/admin\/enquiries\/[0-9a-f-]+$/);
  await expect(row.getByRole('link')).toHaveCount(1);
  await expect(row.getByRole('button')).toHaveCount(0);
  // ...and a click anywhere else on the row opens it too.
  await row.getByText('Excellent - Like new').click();

  // The enquiry page: the seller's e-mail and phone are mailto: and tel: links, and the note
  // field says who reads it.
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Omega');
  await expect(page.getByRole('link', { name: email, exact: true })).toHaveAttribute(
    'href',
    `mailto:${email}`,
  );
  await expect(page.getByRole('link', { name: '0412 345 678', exact: true })).toHaveAttribute(
    'href',
    'tel:0412345678',
  );
  await expect(page.getByRole('textbox', { name: 'Note (only the team sees it)' })).toBeVisible();

  // Each photo downloads full size under the name it was uploaded with.
  const download = page.getByRole('link', { name: 'Download photo 1' });
  await expect(download).toHaveAttribute('href', /\/api\/uploads\/[0-9a-f-]+\/download$/);
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toBe('dial.png');

  // A photo full size, rotated and zoomed.
  await page.getByRole('button', { name: 'View photo 1' }).click();
  const lightbox = page.getByRole('dialog', { name: 'Photo 1 of 1' });
  await expect(lightbox.getByRole('img', { name: 'Photo 1, full size' })).toBeVisible();
  await lightbox.getByRole('button', { name: 'Rotate right' }).click();
  await lightbox.getByRole('button', { name: 'Zoom in' }).click();
  await expect(lightbox.getByText('150%')).toBeVisible();
  await expect(lightbox.getByRole('img', { name: 'Photo 1, full size' })).toHaveAttribute(
    'style',
    /rotate\(90deg\)/,
  );
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);

  // A reply from the template: merged, sent to the outbox, New → Contacted.
  await page.getByRole('combobox', { name: 'Template' }).click();
  await page.getByRole('option', { name: templateName }).click();
  await expect(page.getByRole('textbox', { name: 'Subject' })).toHaveValue(/^Your Omega valuation \(/);
  const subject = await page.getByRole('textbox', { name: 'Subject' }).inputValue();
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Reply queued')).toBeVisible();
  const sent = await waitForOutboxSubject(subject, email);
  expect(sent?.html).toContain('Hi Desk, thank you for the details of your Omega.');
  expect(sent?.reply_to).toBeTruthy();

  // The form refuses what the server would, with the same messages (decision 026): over the cap,
  // then valid until a day already gone. Nothing is recorded.
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('1000001');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByText(ENQUIRY_MESSAGES.offerTooLarge)).toBeVisible();
  await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('12500');
  await page.getByLabel('Valid until').fill('2000-01-01');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByText(ENQUIRY_MESSAGES.offerExpired)).toBeVisible();
  await expect(page.getByText(ENQUIRY_MESSAGES.offerTooLarge)).toHaveCount(0);
  await page.getByLabel('Valid until').fill('');

  // An offer: Contacted → Offer made; then Accepted and Purchased.
  await page.getByRole('textbox', { name: 'Conditions' }).fill('Subject to inspection');
  await page.getByRole('button', { name: 'Record offer' }).click();
  await expect(page.getByTestId('latest-offer')).toContainText('$12,500.00 AUD');
  // The same offer again would e-mail the seller twice: the form asks first (decision 095).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await page.getByRole('textbox', { name: 'Amount (AUD)' }).fill('12500');
    await page.getByRole('textbox', { name: 'Conditions' }).fill('Subject to inspection');
    await page.getByRole('button', { name: 'Record offer' }).click();
    const again = page.getByRole('dialog', { name: 'Send the same offer again?' });
    await expect(again).toContainText('e-mails the seller the same offer a second time');
    expect(await seriousViolations(page)).toEqual({});
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toHaveCount(0);
  }
  await page.setViewportSize({ width: 1280, height: 844 });
  await expect(page.getByTestId('latest-offer')).not.toContainText('Offer 2');
  await page.getByRole('button', { name: 'Accepted', exact: true }).click();
  // Purchased is final: it asks for the purchase record (decision 058), refusing no price or too much.
  await page.getByRole('button', { name: 'Purchased', exact: true }).click();
  const purchase = page.getByRole('dialog', { name: 'Record the purchase' });
  const price = purchase.getByRole('textbox', { name: 'Final price (AUD)' });
  await expect(price).toHaveValue('$12,500');
  await price.fill('');
  await purchase.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(purchase.getByText(REGISTER_MESSAGES.priceRequired)).toBeVisible();
  await price.fill('1000001');
  await purchase.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(purchase.getByText(REGISTER_MESSAGES.priceTooLarge)).toBeVisible();
  await fillPurchaseRecord(purchase, { price: '12000' });
  await purchase.getByRole('button', { name: 'Confirm purchase' }).click();
  await expect(purchase).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Purchased', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('purchase-price')).toHaveText('Purchased for $12,000.00 AUD');

  const timeline = page.getByLabel('Timeline');
  for (const step of [
    'Submitted on the sell form',
    'New → Contacted by admin@e2e.test',
    `E-mail sent to ${email} by admin@e2e.test`,
    'Offer of $12,500.00 AUD by admin@e2e.test',
    'Contacted → Offer made by admin@e2e.test',
    'Offer made → Accepted by admin@e2e.test',
    'Accepted → Purchased by admin@e2e.test',
  ]) {
    await expect(timeline.getByText(step, { exact: true })).toBeVisible();
  }

  // The contact page's enquiry card shows where the enquiry stands and links back to it.
  await page.getByRole('link', { name: 'Open contact' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/[0-9a-f-]+$/);
  const card = page
    .locator('.mantine-Card-root')
    .filter({ has: page.getByRole('heading', { name: 'Enquiries', exact: true }) });
  await expect(card.getByText('Purchased', { exact: true })).toBeVisible();
  await card.getByRole('link', { name: /^Omega/ }).click();
  await expect(page).toHaveURL(/\/admin\/enquiries\/[0-9a-f-]+$/);
  await expect(page.getByTestId('purchase-price')).toHaveText('Purchased for $12,000.00 AUD');
});

test('the assignee is named by the member’s display name, the address without one', async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  const name = `Desk Owner ${tag}`;
  const db = e2eDatabase();
  const lead = await db
    .insertInto('leads')
    .values({ email: `named.${tag}@example.com`, full_name: `Named Seller ${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const enquiry = await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: `Named Seller ${tag}`,
      watch_brand: 'Tudor',
      watch_condition: 'Good',
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  // Start from no name, so a retry after a failure mid-test starts clean.
  await db.updateTable('users').set({ name: null }).where('email', '=', 'admin@e2e.test').execute();

  // Account: the member gives themselves a name (decision 057).
  await signInAsAdmin(page, { at: '/admin/account' });
  await expect(page.getByText('No name yet: the team sees admin@e2e.test.')).toBeVisible();
  await page.getByRole('textbox', { name: /Display name/ }).fill(`  ${name} `);
  await page.getByRole('button', { name: 'Save name' }).click();
  const saved = page.locator('.mantine-Notification-root').filter({ hasText: 'Name saved' });
  await expect(saved).toBeVisible();
  // A toast's close button says what it does (axe button-name), on every admin page.
  await expect(saved.getByRole('button', { name: 'Close notification' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Display name/ })).toHaveValue(name);

  // Team: the name, with the address under it.
  await page.goto('/admin/team');
  // Other specs' invitations name this member as their inviter, so find the row by the name.
  const member = page.getByRole('row').filter({ hasText: name });
  await expect(member).toContainText('admin@e2e.test');

  // The enquiry's picker offers the name; the timeline and the list say it.
  await page.goto(`/admin/enquiries/${enquiry.id}`);
  await page.getByRole('combobox', { name: 'Assigned to' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  // Both by name now, each with the address on hover (decision 095).
  const timeline = page.getByLabel('Timeline');
  await expect(timeline.getByText(`Assigned to ${name} by ${name}`)).toBeVisible();
  await expect(timeline.locator('span[title="admin@e2e.test"]').first()).toHaveText(name);

  // Re-picking the assignee keeps it; "Unassign" is the way to unassign (decision 095).
  const picker = page.getByRole('combobox', { name: 'Assigned to' });
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
  await expect(timeline.getByText(/^Unassigned/)).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByRole('button', { name: 'Unassign' })).toBeVisible();
    expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  }
  await page.getByRole('button', { name: 'Unassign' }).click();
  await expect(timeline.getByText(`Unassigned by ${name}`)).toBeVisible();
  await expect(picker).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Unassign' })).toHaveCount(0);
  await picker.click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(picker).toHaveValue(name);
  await page.goto(`/admin/enquiries?search=named.${tag}`);
  await expect(page.getByRole('row').filter({ hasText: `Named Seller ${tag}` })).toContainText(name);

  // Cleared, the address stands in again.
  await page.goto('/admin/account');
  await page.getByRole('textbox', { name: /Display name/ }).fill('');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(
    page
      .locator('.mantine-Notification-root')
      .filter({ hasText: 'Name removed: your address is shown instead' }),
  ).toBeVisible();
  await page.goto(`/admin/enquiries?search=named.${tag}`);
  await expect(page.getByRole('row').filter({ hasText: `Named Seller ${tag}` })).toContainText(
    'admin@e2e.test',
  );
});
