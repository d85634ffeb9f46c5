import { signInAsAdmin, toast } from './support/admin.ts';
import { seriousViolations } from './support/axe.ts';
import { E2E_MEMBERS } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';
import { expectFitsWidth } from './support/layout.ts';

// The reports' settings on the Settings page (decision 096), saved by its one Save Changes
// (decision 091), and an Owner's own weekly summary switch on the Account page (decision 100).

const WINDOW_MESSAGE = 'Enter 1 to 365 days (a whole number)';

async function fitsPhone(page: Page, ready: () => Promise<void>): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await ready();
  await expectFitsWidth(page, 390);
  expect(await seriousViolations(page, { include: 'main' })).toEqual({});
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the Owner sets the attribution window and Marketers’ prices, refused outside 1 to 365 days', async ({
  page,
}) => {
  const db = e2eDatabase();
  const before = await db
    .selectFrom('settings')
    .select(['attribution_window_days', 'marketers_see_prices'])
    .executeTakeFirstOrThrow();
  try {
    await signInAsAdmin(page, { at: '/admin/settings' });
    const card = page.getByRole('region', { name: 'Reports' });
    const days = card.getByRole('textbox', { name: 'Attribution window (days)' });
    await expect(days).toHaveValue(String(before.attribution_window_days));
    await fitsPhone(page, () => expect(days).toBeVisible());

    const save = page.getByRole('button', { name: 'Save Changes' });
    for (const refused of ['0', '366']) {
      await days.fill(refused);
      await save.click();
      await expect(card.getByText(WINDOW_MESSAGE)).toBeVisible();
    }
    await days.fill('45');
    await card.getByRole('checkbox', { name: 'Marketers see purchase prices' }).setChecked(true);
    await save.click();
    await expect(toast(page, 'Report settings saved')).toBeVisible();
    await expect
      .poll(() =>
        db
          .selectFrom('settings')
          .select(['attribution_window_days', 'marketers_see_prices'])
          .executeTakeFirstOrThrow(),
      )
      .toEqual({ attribution_window_days: 45, marketers_see_prices: true });
  } finally {
    await db.updateTable('settings').set(before).execute();
  }
});

test('an Owner turns their weekly summary on and off; a Viewer has no such switch', async ({ page }) => {
  const db = e2eDatabase();
  const flag = () =>
    db
      .selectFrom('users')
      .select('weekly_summary')
      .where('email', '=', E2E_MEMBERS.owner.email)
      .executeTakeFirstOrThrow();
  await db
    .updateTable('users')
    .set({ weekly_summary: false })
    .where('email', '=', E2E_MEMBERS.owner.email)
    .execute();
  await signInAsAdmin(page, { at: '/admin/account' });
  const weekly = page.getByRole('switch', { name: 'E-mail me the weekly summary' });
  await fitsPhone(page, () => expect(weekly).toBeEnabled());
  await weekly.click();
  await expect(toast(page, 'Weekly summary turned on')).toBeVisible();
  await expect.poll(flag).toEqual({ weekly_summary: true });
  await weekly.click();
  await expect(toast(page, 'Weekly summary turned off')).toBeVisible();
  await expect.poll(flag).toEqual({ weekly_summary: false });

  await signInAsAdmin(page, { role: 'viewer', at: '/admin/account' });
  await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'E-mail me the weekly summary' })).toHaveCount(0);
});
