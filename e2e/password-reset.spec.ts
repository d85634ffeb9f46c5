import { AUTH_MESSAGES } from '../shared/auth/messages.ts';
import { defaultSiteConfig } from '../shared/site/config.ts';
import { createUser, grantAdmin } from '../server/auth/users.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 008: "Forgot password?" on the login page and "Change password" for a signed-in admin.
const run = Date.now().toString(36);
const email = `reset-${run}@e2e.test`;
const FIRST = 'first pass phrase 1';
const RESET = 'second pass phrase 2';
const CHANGED = 'third pass phrase 3';
const REQUESTED =
  'If an account exists for that address, we have sent it a link to reset the password. The link is valid for 1 hour.';

async function signIn(page: Page, password: string) {
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

const resetLink = () =>
  outboxLinkPath(email, 'Reset your', /https?:\/\/\S+\/admin\/reset-password\?token=[A-Za-z0-9_-]+/);

test('forgot password: a link by e-mail sets a new password once; change password when signed in', async ({
  page,
}) => {
  await createUser(e2eDatabase(), { email, password: FIRST, verified: true });
  await grantAdmin(e2eDatabase(), email);

  await page.goto('/admin/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/admin\/forgot-password$/);
  await expect(page.getByText('Reset your password')).toBeVisible();
  // An unknown address gets the same answer as a known one.
  await page.getByRole('textbox', { name: 'Email' }).fill(`nobody-${run}@e2e.test`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(REQUESTED);
  await page.reload();
  await expect(page.getByText('Reset your password')).toBeVisible();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toHaveText(REQUESTED);

  const link = await resetLink();
  await page.goto(link);
  await expect(page.getByText('Choose a new password')).toBeVisible();
  // The shared strength rule (decision 046), checked in the browser before the server is asked.
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('password1234');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('password1234');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.weakPassword)).toBeVisible();
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(RESET);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('not the same');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByText('The passwords do not match')).toBeVisible();
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(RESET);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('status')).toContainText('Your password has been changed');

  // The link works once.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('fourth pass phrase 4');
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill('fourth pass phrase 4');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page.getByRole('alert')).toContainText('has already been used');

  await signIn(page, FIRST);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await signIn(page, RESET);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page.getByTestId('admin-user-email').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  // The site's own name is among the words a guesser tries first.
  await page.getByRole('textbox', { name: 'Current password' }).fill(RESET);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(defaultSiteConfig.name);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(defaultSiteConfig.name);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText(AUTH_MESSAGES.weakPassword)).toBeVisible();
  await page.getByRole('textbox', { name: 'Current password' }).fill('wrong current password');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill(CHANGED);
  await page.getByRole('textbox', { name: 'Confirm new password' }).fill(CHANGED);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct.');
  await page.getByRole('textbox', { name: 'Current password' }).fill(RESET);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.locator('.mantine-Notification-root')).toContainText('Password changed');
  // Still signed in here; the new password is the one that works.
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  await page.context().clearCookies();
  await signIn(page, CHANGED);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
