import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 091: the admin's frame fits the member's role and the keyboard. The brand's second
// line says what the admin is to the role, the first tab stop skips to the page, a refused page
// names the page and the role and leads on, and Settings has one Save and whole time values.

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

async function noSeriousViolations(page: Page, label: string): Promise<void> {
  expect(await seriousViolations(page), label).toEqual({});
}

for (const size of SIZES) {
  test.describe(`at ${size.width} px`, () => {
    test.use({ viewport: size });
    // Pages and axe runs on the loaded 2-core machine take many seconds each.
    test.setTimeout(240_000);

    test('the brand names what the admin is to each role', async ({ page }) => {
      const brand = page.getByRole('banner').getByTestId('admin-brand');
      await signInAsAdmin(page, { role: 'buyer' });
      await expect(brand).toContainText('Buying desk', { timeout: 30_000 });
      await expect(brand).not.toContainText('Email Campaign Manager');
      await signInAsAdmin(page, { role: 'viewer' });
      await expect(brand).toContainText('Read-only overview', { timeout: 30_000 });
      await expect(brand).not.toContainText('Email Campaign Manager');
      await signInAsAdmin(page, { role: 'marketer' });
      await expect(brand).toContainText('Email Campaign Manager', { timeout: 30_000 });
      await noSeriousViolations(page, `marketer's home at ${size.width} px`);
    });

    test('the first tab stop skips to the main content', async ({ page }) => {
      await signInAsAdmin(page, { at: '/admin/campaigns' });
      await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible({
        timeout: 30_000,
      });
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to main content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await noSeriousViolations(page, `skip link focused at ${size.width} px`);
      await page.keyboard.press('Enter');
      const main = page.getByRole('main');
      await expect(main).toBeFocused();
      // The next stop is the page's own, not the top bar's or the sidebar's.
      await page.keyboard.press('Tab');
      expect(
        await page.evaluate(() => {
          const active = document.activeElement;
          return Boolean(active && document.querySelector('main')?.contains(active));
        }),
      ).toBe(true);
    });

    test('a Buyer at an Owner-only page sees which page, their role and the way on', async ({ page }) => {
      await signInAsAdmin(page, { role: 'buyer', at: '/admin/settings' });
      await expect(
        page.getByRole('heading', { level: 1, name: 'Settings: not open to the Buyer role' }),
      ).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Your role does not allow this.')).toBeVisible();
      await expect(page.getByText('You are signed in as Buyer.')).toBeVisible({ timeout: 30_000 });
      await noSeriousViolations(page, `refusal at ${size.width} px`);
      await page.getByRole('link', { name: 'Go to Enquiries' }).click();
      await expect(page).toHaveURL(/\/admin\/enquiries$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible({
        timeout: 30_000,
      });
    });

    test('Settings has one Save and time fields that show their whole value', async ({ page }) => {
      await signInAsAdmin(page, { at: '/admin/settings' });
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible({
        timeout: 30_000,
      });
      const card = page.getByRole('region', { name: 'Appointments' });
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expect(page.getByRole('main').getByRole('button', { name: /save/i })).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();

      // Each time field is at least as wide as the browser needs to draw its value and its clock
      // button: its width with `width: auto` (the field's own intrinsic width).
      const fields = card.locator('input[type="time"]');
      await expect(fields).toHaveCount(14);
      const fits = await fields.evaluateAll((inputs) =>
        inputs.map((input) => {
          const el = input as HTMLInputElement;
          const given = el.offsetWidth;
          const before = el.style.width;
          el.style.width = 'auto';
          const needed = el.offsetWidth;
          el.style.width = before;
          return { label: el.labels?.[0]?.textContent ?? el.id, short: Math.max(0, needed - given) };
        }),
      );
      expect(fits.filter((f) => f.short > 0)).toEqual([]);
      await noSeriousViolations(page, `settings at ${size.width} px`);
    });
  });
}
