import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, test } from './support/test.ts';

// Decisions 035 and 032 in the real app and browser: names in two columns, the dry run's consent
// figures, an import's contacts behind "View N contacts" (a filter that survives a reload), and
// segments that warn about repeated conditions and explain an empty audience.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DOMAIN = `imp-${RUN}.e2e.test`;
const at = (name: string) => `${name}@${DOMAIN}`;

test('an import joins first and last names, says who ends subscribed and links to its contacts', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // Asked on the sell form, never confirmed: the import (no consent for this row) leaves it pending.
  await e2eDatabase()
    .insertInto('leads')
    .values({ email: at('waiting'), email_marketing_consent: false, email_consent_pending: true })
    .execute();
  await signInAsAdmin(page, { at: '/admin/contacts/import' });
  await page.getByText('Paste text').click();
  const csv = [
    'First name,Last name,Email,Marketing',
    `Olivia,Brown,${at('olivia')},yes`,
    `Noah,,${at('noah')},no`,
    `,,${at('waiting')},no`,
  ].join('\n');
  await page.getByRole('textbox', { name: 'CSV text' }).fill(csv);
  await page.getByRole('button', { name: 'Continue to column mapping' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/import\?id=/);

  // The two name columns map themselves and the step shows the joined name.
  await expect(page.getByRole('combobox', { name: /^First name/ })).toHaveValue('First name');
  await expect(page.getByRole('combobox', { name: /^Last name/ })).toHaveValue('Last name');
  await expect(page.getByTestId('import-joined-name')).toContainText('the first row becomes “Olivia Brown”');

  await page.getByRole('combobox', { name: 'Consent basis' }).click();
  await page.getByRole('option', { name: 'Existing customer who agreed to marketing' }).click();
  await page
    .getByRole('textbox', { name: 'Source note' })
    .fill('Customer sign-up sheets 2025, kept in the office');
  await page.getByLabel('Date the consent was obtained').fill('2025-03-01');
  await page.getByRole('button', { name: 'Dry run' }).click();

  await expect(page.getByLabel('Dry run summary')).toContainText('Create: 2');
  const consent = page.getByLabel('E-mail marketing after the import');
  await expect(consent).toContainText('Subscribed: 1');
  await expect(consent).toContainText('Pending confirmation: 1');
  await expect(consent).toContainText('Not subscribed: 1');

  await page.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(page.getByRole('heading', { name: 'Completed' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'View 3 contacts' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\?.*import=[0-9a-f-]{36}/);

  const table = page.getByRole('table');
  const listed = async () => {
    await expect(table.getByRole('row').filter({ hasText: at('olivia') })).toContainText('Olivia Brown');
    await expect(table.getByRole('row').filter({ hasText: at('noah') })).toContainText('Noah');
    await expect(table.getByRole('row').filter({ hasText: at('waiting') })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(4); // the header and the three
  };
  await listed();
  const chip = page.getByTestId('contacts-import-filter');
  await expect(chip).toContainText('From one import');

  // A reload keeps the filter: it lives in the URL.
  await page.reload();
  await listed();
  await expect(chip).toBeVisible();

  // Removing the chip drops it from the URL and lists everybody again.
  await page.getByRole('button', { name: 'Remove the import filter' }).click();
  await expect(page).not.toHaveURL(/import=/);
  await expect(chip).toHaveCount(0);
});

test('a segment warns about a repeated condition and explains why it reaches nobody', async ({ page }) => {
  test.setTimeout(120_000);
  const domain = `seg-${DOMAIN}`;
  const name = `Nobody to mail ${RUN}`;
  await e2eDatabase()
    .insertInto('leads')
    .values([
      { email: `gone@${domain}`, email_marketing_consent: false, email_unsubscribed_at: new Date() },
      { email: `asked@${domain}`, email_marketing_consent: false, email_consent_pending: true },
      { email: `never@${domain}`, email_marketing_consent: false },
    ])
    .execute();
  await signInAsAdmin(page, { at: '/admin/contacts/segments/new' });
  await page.getByRole('textbox', { name: /Segment name/ }).fill(name);
  await page.getByRole('combobox', { name: 'Condition 1' }).click();
  await page.getByRole('option', { name: 'E-mail domain' }).click();
  await page.getByRole('textbox', { name: 'Domain' }).fill(domain);

  const explained = page.getByTestId('empty-audience');
  await expect(page.getByTestId('segment-audience-count')).toHaveText('0');
  await expect(explained).toContainText(
    'No subscribed contact matches these conditions: 3 contacts match but none is subscribed (1 has not agreed to marketing, 1 is pending confirmation, 1 has unsubscribed).',
  );

  // The same condition again: warned beside it, and saving still works.
  await page.getByRole('combobox', { name: 'Add a condition' }).click();
  await page.getByRole('option', { name: 'E-mail domain' }).click();
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('textbox', { name: 'Domain' }).nth(1).fill(domain.toUpperCase());
  await expect(page.getByTestId('condition-warning-2')).toHaveText(
    'Same as condition 1: a repeated condition changes nothing.',
  );
  await expect(page.getByTestId('condition-warning-1')).toHaveCount(0);
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/segments\/[0-9a-f-]{36}$/);

  // The list shows the count, and the reason beside a zero.
  await page.goto('/admin/contacts/segments');
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row.getByTestId('segment-audience')).toContainText('0');
  await expect(row.getByTestId('segment-audience')).toContainText('3 contacts match but none is subscribed');

  // The campaign editor's audience picker says the same when the segment is chosen.
  await page.goto('/admin/campaigns/new');
  await page.getByRole('combobox', { name: 'Audience' }).click();
  await page.getByRole('option', { name: `Segment: ${name}` }).click();
  await expect(page.getByTestId('empty-audience')).toContainText('3 contacts match but none is subscribed');
});
