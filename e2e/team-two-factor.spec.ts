import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { hashPassword } from '../server/auth/password.ts';
import { totpAt, totpStep } from '../server/auth/totp.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Issue 23: the Owner gives a member the Marketer role, who enrols 2FA, signs in with a code, and
// cannot open Team; the audit log shows each step. (Invitations by e-mail are not built yet: the
// member starts as a Viewer made the way `npm run admin -- create --role viewer` makes one.)

async function signIn(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an Owner makes a Marketer, who enrols 2FA, signs in with a code and cannot open Team', async ({
  page,
}) => {
  const email = `marketer-${Date.now()}@e2e.test`;
  const password = 'marketer-password-for-e2e';
  const user = await e2eDatabase()
    .insertInto('users')
    .values({ email, password_hash: await hashPassword(password), email_verified_at: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await e2eDatabase().insertInto('user_roles').values({ user_id: user.id, role: 'viewer' }).execute();

  // The Owner changes the role on the Team page.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.getByRole('link', { name: 'Team', exact: true }).click();
  await page.getByRole('combobox', { name: `Role of ${email}` }).click();
  await page.getByRole('option', { name: 'Marketer', exact: true }).click();
  await expect(page.getByRole('combobox', { name: `Role of ${email}` })).toHaveValue('Marketer');

  // The Marketer enrols from the Account page, computing the code from the key shown.
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/account');
  await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
  await expect(
    page.getByRole('img', { name: 'QR code for your authenticator app' }).locator('svg'),
  ).toBeVisible();
  const key = decodeBase32IgnorePadding((await page.getByTestId('totp-secret').textContent()) ?? '');
  const step = totpStep(new Date());
  await page.getByRole('textbox', { name: 'Code from the app' }).fill(totpAt(key, step));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByTestId('two-factor-status')).toHaveText('Two-factor sign-in is on.');

  // Signing in now asks for the code after the password; the enrolment's step is spent.
  await signIn(page, email, password);
  await page.getByRole('textbox', { name: 'Authentication code' }).fill(totpAt(key, step + 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  // No Team for a Marketer: no link, and the page (and server) refuse.
  const sidebar = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(sidebar.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);
  await page.goto('/admin/team');
  await expect(page.getByText('Only an Owner can manage the team.')).toBeVisible();

  // The Owner's audit log shows each step.
  await signIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.goto('/admin/audit');
  await page.getByRole('textbox', { name: 'Member' }).fill(email);
  const log = page.getByTestId('audit-log');
  for (const action of ['auth.twoFactorEnabled', 'auth.twoFactorEnrolmentStarted', 'auth.signIn'])
    await expect(log.getByRole('cell', { name: action, exact: true }).first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Member' }).fill(E2E_ADMIN.email);
  await page.getByRole('textbox', { name: 'Action' }).fill('team.changeRole');
  await expect(log.getByRole('cell', { name: 'admin.team.changeRole', exact: true }).first()).toBeVisible();
});
