import { signInAsAdmin } from './support/admin.ts';
import { expect, test } from './support/test.ts';

// An admin that looks like this business's tool, with one date format and honest
// badges and event lists.
const GOLD = 'rgb(140, 101, 22)'; // --gold, #8c6516: shade 7 of the admin's gold
/** Shades 7 to 9 of the gold palette (client/src/admin/shell/AdminProviders.tsx): text on a light tint. */
const GOLD_TEXT = /^rgb\((140, 101, 22|114, 82, 15|90, 64, 10)\)$/;

test("the admin wears the site's identity: name and mark, gold primary, one typeface", async ({ page }) => {
  await page.goto('/admin/login');
  const brand = page.getByTestId('admin-brand');
  await expect(brand).toContainText('Sterling Watch Buyers');
  await expect(brand).toContainText('Email Campaign Manager');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCSS(
    'background-color',
    GOLD,
  );

  await signInAsAdmin(page);
  await expect(page.getByRole('banner').getByTestId('admin-brand')).toContainText('Sterling Watch Buyers');
  const active = page.getByRole('navigation', { name: 'Admin navigation' }).locator('[aria-current="page"]');
  await expect(active).toHaveAccessibleName(/Campaign Dashboard/);
  await expect(active).toHaveCSS('color', GOLD_TEXT);

  // A modal's title is in the admin's typeface, not the public site's serif.
  await page.goto('/admin/contacts');
  await page
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  const sms = page.getByRole('switch', { name: 'SMS Marketing' });
  await expect(sms).toBeVisible();
  if (!(await sms.isChecked())) {
    await sms.click({ force: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const title = page.getByRole('dialog', { name: 'Record consent' }).locator('.mantine-Modal-title');
    const font = await title.evaluate((element) => getComputedStyle(element).fontFamily);
    expect(font).toContain('system-ui');
    expect(font).not.toMatch(/Palatino|Georgia|Iowan/);
  }
});

test('a completed campaign is not "Live", and an expanded send shows its open and click', async ({
  page,
}) => {
  await signInAsAdmin(page, { at: '/admin/campaigns' });
  await page.getByRole('link', { name: 'Spring market update' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Spring market update' })).toBeVisible();
  await expect(page.getByText('completed', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveCount(0);

  // A row with an open time: expanding it lists the open, never "No events yet".
  const rows = page
    .locator('tbody tr')
    .filter({ has: page.locator('td:nth-child(4)', { hasText: /\d{4}/ }) });
  const row = rows.first();
  await expect(row).toBeVisible();
  // One date style, Australian, in the business's timezone (the demo settings: Australia/Sydney):
  // "6 Dec 2026, 5:34 pm AEDT" (shared/time/format.ts).
  await expect(row.locator('td').nth(3)).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} [ap]m AE[DS]T$/,
  );
  await row.getByRole('button').first().click();
  const events = page.getByRole('list', { name: 'Delivery events' });
  await expect(events).toContainText('Opened');
  await expect(events).toContainText('Delivered');
  await expect(page.getByText('No events yet')).toHaveCount(0);
});
