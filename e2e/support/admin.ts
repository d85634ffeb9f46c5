import { E2E_ADMIN } from './constants.ts';
import { expect, type Page } from './test.ts';

/** Signs in as the e2e run's admin through the login form and waits for the dashboard. */
export async function signInAsAdmin(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** Fills and submits the login form as `email`, after dropping any session the page had. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}
