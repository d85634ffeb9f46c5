import { readFile } from 'node:fs/promises';
import { signInAsAdmin, toast } from './support/admin.ts';
import { expect, test } from './support/test.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';

// Dashboard, contacts, contact detail, unsubscribe activity and settings against the real app.
// The database holds the demo data seeded on the first start plus what other specs added, so this
// spec adds its own contacts under a unique domain and searches for them.

const RUN = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const DOMAIN = `data-${RUN}.e2e.test`;
const CONTACTS = 23;

const contactEmail = (i: number) => `person${String(i).padStart(2, '0')}@${DOMAIN}`;

test.beforeAll(async () => {
  const db = e2eDatabase();
  const base = Date.now() - 60 * 60_000;
  await db
    .insertInto('leads')
    .values(
      Array.from({ length: CONTACTS }, (_, i) => ({
        email: contactEmail(i),
        full_name: i === 3 ? 'Harriet Vane' : null,
        phone: i === 3 ? '0491 570 156' : null,
        email_marketing_consent: i % 2 === 0 && i !== 0,
        sms_marketing_consent: false,
        // Contact 5 ticked the box on the sell form and has not confirmed it yet (decision 016).
        email_consent_pending: i === 5,
        // Contact 0 unsubscribed with a reason; the others are subscribed or never consented.
        email_unsubscribed_at: i === 0 ? new Date(base) : null,
        unsubscribe_reason: i === 0 ? 'Sold my watch already' : null,
        created_at: new Date(base + i * 60_000),
        updated_at: new Date(base + i * 60_000),
      })),
    )
    .execute();
});

test('the dashboard shows the five stats and recent activity', async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Email Campaign Dashboard' })).toBeVisible();
  for (const label of [
    'Total Campaigns',
    'Active Subscribers',
    'Avg Open Rate',
    'Avg Click Rate',
    'Bounce Rate',
  ])
    await expect(page.getByRole('region', { name: label })).toBeVisible();
  // The demo data's completed campaign and unsubscribes.
  await expect(page.getByText('Spring market update')).toBeVisible();
  await expect(page.getByText('jack.harris@example.com unsubscribed')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
});

test('contacts: search, filter and pages live in the URL and survive a reload', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/contacts' });
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscribed', exact: true })).toContainText(
    'Active email marketing',
  );
  await expect(page.getByRole('region', { name: 'Unsubscribed' })).toContainText('Opted out');

  await page.getByPlaceholder('Search by email, name or phone...').fill(DOMAIN);
  await expect(page).toHaveURL(new RegExp(`search=${DOMAIN.replace(/\./g, '\\.')}`));
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(contactEmail(CONTACTS - 1));
  await expect(page.getByText(`${CONTACTS} contacts`)).toBeVisible();

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(rows).toHaveCount(CONTACTS - 20);
  await expect(rows.last()).toContainText(contactEmail(0));
  await page.reload();
  await expect(rows).toHaveCount(CONTACTS - 20);
  await expect(page.getByPlaceholder('Search by email, name or phone...')).toHaveValue(DOMAIN);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Unsubscribed' }).click();
  await expect(page).toHaveURL(/filter=unsubscribed/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(contactEmail(0));

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending confirmation' }).click();
  await expect(page).toHaveURL(/filter=pending/);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(contactEmail(5));
  await expect(rows.first().getByLabel('Email marketing: Pending confirmation')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending confirmation' })).toBeVisible();

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Subscribed', exact: true }).click();
  await expect(page).toHaveURL(/filter=subscribed/);
  // Even numbers from 2 to 22: consent given and not unsubscribed.
  await expect(rows).toHaveCount(11);
  await page.reload();
  await expect(rows).toHaveCount(11);

  await page.getByPlaceholder('Search by email, name or phone...').fill(`nobody-${RUN}`);
  await expect(page.getByText('No contacts found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search')).toBeVisible();
});

test('contacts show name and phone beside the e-mail, and the search finds either', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/contacts' });
  await expect(page.getByRole('columnheader', { name: 'Name' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Phone' })).toBeVisible();
  const rows = page.locator('tbody tr');
  const search = page.getByPlaceholder('Search by email, name or phone...');
  for (const term of ['harriet vane', '0491-570-156']) {
    await search.fill(term);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(contactEmail(3));
    await expect(rows.first()).toContainText('Harriet Vane');
    await expect(rows.first()).toContainText('0491 570 156');
  }
});

test('contact detail: toggle SMS, save, toast; an unsubscribed contact keeps e-mail locked', async ({
  page,
}) => {
  await signInAsAdmin(page, { at: `/admin/contacts?search=${encodeURIComponent(contactEmail(4))}` });
  await page.getByRole('link', { name: `View ${contactEmail(4)}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: contactEmail(4) })).toBeVisible();
  await expect(page.getByText('Contact Information')).toBeVisible();
  const sms = page.getByRole('switch', { name: 'SMS Marketing' });
  await expect(sms).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  await sms.click({ force: true });
  await expect(sms).toBeChecked();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  // Switching a channel on asks for the consent evidence first; cancelling changes nothing.
  const dialog = page.getByRole('dialog', { name: 'Record consent' });
  await expect(dialog).toContainText('You are switching on SMS marketing.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByRole('button', { name: 'Record consent and save' }).click();
  await expect(dialog.getByText('Choose how the contact agreed')).toBeVisible();
  await expect(dialog.getByText('Say where the consent is recorded (at least 10 characters)')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Consent basis' }).click();
  await page.getByRole('option', { name: 'Agreed on a phone call' }).click();
  await dialog
    .getByRole('textbox', { name: 'Source note' })
    .fill('Call with Sam on 20 Nov, noted in the CRM');
  await dialog.getByRole('button', { name: 'Record consent and save' }).click();
  await expect(toast(page, 'Contact updated')).toContainText(
    'Contact preferences have been updated successfully',
  );
  const records = page.getByRole('list', { name: 'Consent records' });
  await expect(records).toContainText('Agreed on a phone call · SMS');
  await expect(records).toContainText('Call with Sam on 20 Nov, noted in the CRM');
  await expect(records).toContainText(`recorded by ${E2E_ADMIN.email}`);
  await expect(page.getByRole('button', { name: 'Save Changes' })).toHaveCount(0);
  const contact = await e2eDatabase()
    .selectFrom('leads')
    .select(['sms_marketing_consent', 'email_marketing_consent'])
    .where('email', '=', contactEmail(4))
    .executeTakeFirstOrThrow();
  expect(contact).toEqual({ sms_marketing_consent: true, email_marketing_consent: true });

  await page.goto(`/admin/contacts?search=${encodeURIComponent(contactEmail(0))}`);
  await page.getByRole('link', { name: `View ${contactEmail(0)}` }).click();
  await expect(page.getByText('Unsubscribe Reason')).toBeVisible();
  await expect(page.getByText('Sold my watch already')).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Email Marketing' })).toBeDisabled();

  await page.goto('/admin/contacts/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('Contact not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to Contacts' }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
});

test('contacts export downloads a CSV with the right header and rows', async ({ page }) => {
  await signInAsAdmin(page, { at: `/admin/contacts?search=${DOMAIN}&filter=subscribed` });
  await expect(page.locator('tbody tr')).toHaveCount(11);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^contacts-subscribed-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  const lines = text.split('\n');
  expect(lines[0]).toBe(
    'Email,Email Consent,SMS Consent,Unsubscribed At,Created At,Full Name,Phone,Consent At,Consent Source,Consent IP,Unsubscribe Reason,SMS Unsubscribed At,Suppressed At,Suppression Reason',
  );
  expect(lines).toHaveLength(11 + 2); // header, 11 rows, and the empty string after the last line break
  expect(lines[1]).toMatch(new RegExp(`^${contactEmail(22).replace(/\./g, '\\.')},Yes,No,,`));
  await expect(toast(page, 'Exported 11 contacts to CSV')).toBeVisible();
});

test('unsubscribe activity: cards, filters in the URL, export', async ({ page }) => {
  await signInAsAdmin(page, { at: '/admin/unsubscribes' });
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe Activity' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'One-Click' })).toContainText('List-Unsubscribe header');
  await expect(page.getByRole('region', { name: 'This Week' })).toContainText('Last 7 days');

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'SMS Unsubscribe' }).click();
  await expect(page).toHaveURL(/action=sms_unsubscribe/);
  await expect(page.locator('tbody')).toContainText('charlotte.smith@example.com');
  await expect(page.locator('tbody')).not.toContainText('jack.harris@example.com');

  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'All Actions' }).click();
  await page.getByRole('combobox', { name: 'Method' }).click();
  await page.getByRole('option', { name: 'One-Click' }).click();
  await expect(page).toHaveURL(/method=one_click/);
  await expect(page.locator('tbody')).toContainText('jack.harris@example.com');
  await expect(page.locator('tbody')).not.toContainText('thomas.walker@example.com');
  await page.reload();
  await expect(page.locator('tbody')).toContainText('jack.harris@example.com');

  // The demo's SMS opt-out has no IP or user agent.
  await page.goto('/admin/unsubscribes?action=sms_unsubscribe&search=charlotte');
  await expect(page.locator('tbody tr').first()).toContainText('N/A');

  await page.getByPlaceholder('Search by email...').fill(`nobody-${RUN}`);
  await expect(page.getByText('No unsubscribe activity found')).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filters')).toBeVisible();
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect(toast(page, 'No unsubscribe logs to export')).toBeVisible();

  await page.goto('/admin/unsubscribes?method=one_click');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^unsubscribe-logs-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await download.path(), 'utf8');
  expect(text.split('\n')[0]).toBe('Email,Action,Method,IP Address,User Agent,Date & Time');
  expect(text).toContain('jack.harris@example.com,Email Unsubscribe,One-Click');
  await expect(toast(page, /Exported \d+ unsubscribe logs? successfully/)).toBeVisible();
});

test('settings are validated, saved and still there after a reload', async ({ page }) => {
  const db = e2eDatabase();
  const before = await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
  try {
    await signInAsAdmin(page, { at: '/admin/settings' });
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByText('Not configured').first()).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: E2E_ADMIN.email })).toBeVisible();
    // No stale cards: no CRM integration exists, and members are managed on the Team tab, not a CLI.
    await expect(page.getByText('CRM provider')).toHaveCount(0);
    await expect(page.getByText('npm run admin')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: 'Team', exact: true })).toBeVisible();

    const batchSize = page.getByRole('textbox', { name: 'Batch Size' });
    const fromEmail = page.getByRole('textbox', { name: 'From Email' });
    await fromEmail.fill('not-an-email');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await fromEmail.fill('');
    // Out-of-range numbers are clamped to the allowed range when the field loses focus.
    await batchSize.fill('500');
    await batchSize.blur();
    await expect(batchSize).toHaveValue('100');

    await batchSize.fill('75');
    await page.getByRole('textbox', { name: 'From Name' }).fill(`Sterling Offers ${RUN}`);
    await page.getByRole('textbox', { name: 'Batch Delay (seconds)' }).fill('2.5');
    await page.getByRole('combobox', { name: 'Default Timezone' }).click();
    await page.getByRole('combobox', { name: 'Default Timezone' }).fill('Australia/Per');
    await page.getByRole('option', { name: 'Australia/Perth' }).click();
    // The frequency cap (decision 064): its help says what counts and what waits.
    const cap = page.getByRole('textbox', { name: 'Marketing e-mails per contact per 7 days' });
    await expect(cap).toHaveValue('3');
    await expect(page.getByText('Campaigns and automation flows both count towards it')).toBeVisible();
    await cap.fill('5');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Settings saved successfully')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: 'From Name' })).toHaveValue(`Sterling Offers ${RUN}`);
    await expect(batchSize).toHaveValue('75');
    await expect(page.getByRole('textbox', { name: 'Batch Delay (seconds)' })).toHaveValue('2.5');
    await expect(page.getByRole('combobox', { name: 'Default Timezone' })).toHaveValue('Australia/Perth');
    await expect(cap).toHaveValue('5');
    const saved = await db.selectFrom('settings').selectAll().executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      batch_size: 75,
      batch_delay_ms: 2500,
      timezone: 'Australia/Perth',
      weekly_marketing_cap: 5,
    });
  } finally {
    // Other specs expect the defaults.
    await db
      .updateTable('settings')
      .set({
        from_name: before.from_name,
        from_email: before.from_email,
        reply_to_email: before.reply_to_email,
        batch_size: before.batch_size,
        batch_delay_ms: before.batch_delay_ms,
        timezone: before.timezone,
        weekly_marketing_cap: before.weekly_marketing_cap,
      })
      .execute();
  }
});
