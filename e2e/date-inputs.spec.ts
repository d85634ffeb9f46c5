import { signInAsAdmin } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// Dates are typed day before month (decision 102): the admin's date inputs show and read
// 06/12/2026 whatever the browser's language, and send the ISO day the schemas always took. The
// desk's numbers and the funnel share one period picker, labelled and with its errors, at 390 px
// and on a desktop.

async function fitsAndPasses(page: Page): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expect(page.getByRole('textbox', { name: 'From' })).toBeVisible();
    await expectFitsWidth(page, width);
    expect(await seriousViolations(page)).toEqual({});
  }
}

test('a day typed as 06/12/2026 reaches the server as 2026-12-06', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, { at: '/admin/insight?from=2026-11-01&to=2026-12-31&by=source' });
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiry funnel' })).toBeVisible({
    timeout: 30_000,
  });
  const from = page.getByRole('textbox', { name: 'From' });
  await expect(from).toHaveValue('01/11/2026');
  await expect(page.getByRole('textbox', { name: 'To' })).toHaveValue('31/12/2026');

  const asked = page.waitForRequest((request) => {
    const url = decodeURIComponent(request.url());
    return url.includes('admin.insight.funnel') && url.includes('"from":"2026-12-06"');
  });
  await from.fill('');
  await from.pressSequentially('06/12/2026');
  await asked;
  await expect(page).toHaveURL(/from=2026-12-06/);
  await expect(page.getByRole('heading', { level: 2, name: '6 Dec 2026 to 31 Dec 2026' })).toBeVisible();
  // A whole day typed closes the calendar, so it covers nothing that comes next.
  const calendar = page.getByRole('button', { name: '6 December 2026', exact: true });
  await expect(calendar).toBeHidden();
  await fitsAndPasses(page);
  // Opened again it shows the day chosen, and passes axe too; Escape closes it, the day kept.
  await from.click();
  await expect(calendar).toHaveAttribute('data-selected', 'true');
  await fitsAndPasses(page);
  await from.press('Escape');
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue('06/12/2026');
});

test('the desk’s period says under the day what is wrong with it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAsAdmin(page, { at: '/admin/enquiries/desk?from=2026-12-10&to=2026-12-01' });
  await expect(page.getByRole('heading', { level: 1, name: 'The desk’s numbers' })).toBeVisible({
    timeout: 30_000,
  });
  const to = page.getByRole('textbox', { name: 'To' });
  await expect(to).toHaveValue('01/12/2026');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(to).toHaveAccessibleDescription('The period must end on or after its first day');
  await fitsAndPasses(page);

  await to.fill('');
  await to.pressSequentially('31/12/2026');
  await expect(page).toHaveURL(/to=2026-12-31/);
  await expect(to).not.toHaveAttribute('aria-invalid', 'true');
});
