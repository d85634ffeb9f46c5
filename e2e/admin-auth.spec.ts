import { signInAsAdmin, submitSignIn } from './support/admin.ts';
import { expect, type Page, test } from './support/test.ts';
import { AUTH_MESSAGES } from '../shared/auth/messages.ts';
import { hashPassword } from '../server/auth/password.ts';
import { createSession, generateSessionToken } from '../server/auth/session.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { e2eDatabase, outboxLinkPath } from './support/db.ts';

const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.test`;

async function fillCredentials(page: Page, email: string, password: string) {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
}

async function createNonAdmin(password: string) {
  return e2eDatabase()
    .insertInto('users')
    .values({
      email: unique('member'),
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}

const sessionsOf = (userId: string) =>
  e2eDatabase().selectFrom('sessions').select('id').where('user_id', '=', userId).execute();

test('a signed-out visit lands on the login page and returns to the same page and query after sign-in', async ({
  page,
}) => {
  await page.goto('/admin/campaigns?status=paused');
  await expect(page).toHaveURL(/\/admin\/login\?/);
  expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/admin/campaigns?status=paused');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');

  // The spec's client-side rules run before anything is sent.
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await fillCredentials(page, 'not-an-email', '123');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Password must be at least 6 characters')).toBeVisible();

  await fillCredentials(page, E2E_ADMIN.email, 'wrong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.invalidCredentials);

  await fillCredentials(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/campaigns\?status=paused$/);
  await expect(page.getByRole('navigation', { name: 'Admin navigation' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Email Campaign Manager');
  await expect(page.getByRole('banner')).toContainText(E2E_ADMIN.email);
});

test('a login link cannot send the admin to another site', async ({ page }) => {
  await page.goto('/admin/login?returnTo=https://evil.example/admin');
  await fillCredentials(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});

test('a non-admin is refused with the access-denied error and keeps no session', async ({ page }) => {
  const member = await createNonAdmin('member-password-1');
  await page.goto('/admin/login');
  await fillCredentials(page, member.email, 'member-password-1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(AUTH_MESSAGES.accessDenied);
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await sessionsOf(member.id)).toEqual([]);
  await page.goto('/admin/settings');
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fsettings$/);
});

test('a session without the admin role sees Access Denied and can try another account', async ({
  page,
  context,
  baseURL,
}) => {
  const member = await createNonAdmin('member-password-2');
  const token = generateSessionToken();
  await createSession(e2eDatabase(), token, member.id, { ip: null, userAgent: null });
  await context.addCookies([{ name: 'session', value: token, url: baseURL ?? '' }]);

  await page.goto('/admin/contacts');
  await expect(page).toHaveURL(/\/admin\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(member.email)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');

  await page.getByRole('button', { name: 'Try another account' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await sessionsOf(member.id)).toEqual([]);
});

test('losing the admin role is noticed on the next admin call, without a reload', async ({ page }) => {
  const password = 'second-admin-password-1';
  const admin = await e2eDatabase()
    .insertInto('users')
    .values({
      email: unique('admin2'),
      password_hash: await hashPassword(password),
      email_verified_at: new Date(),
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
  await e2eDatabase().insertInto('user_roles').values({ user_id: admin.id, role: 'owner' }).execute();

  await page.goto('/admin/login');
  await fillCredentials(page, admin.email, password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await page.waitForLoadState('networkidle');

  // Removed straight from user_roles, as the spec's back office does: the session itself lives on.
  await e2eDatabase().deleteFrom('user_roles').where('user_id', '=', admin.id).execute();
  // A dispatched click, not a pointer one: hovering the link already preloads its route on intent,
  // and that admin call sends the page away before a pointer click could land.
  await page.getByRole('link', { name: 'Outbox' }).dispatchEvent('click');
  await expect(page).toHaveURL(/\/admin\/unauthorized$/);
  await expect(page.getByText(admin.email)).toBeVisible();
});

test('sign-up shows the message, switches back to sign-in, and the e-mailed link verifies the address', async ({
  page,
}) => {
  const email = unique('newcomer');
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await fillCredentials(page, email, 'a long enough passphrase');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.signUpSuccess })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');

  const user = await e2eDatabase()
    .selectFrom('users')
    .select(['id', 'email_verified_at'])
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  expect(user.email_verified_at).toBeNull();

  // The worker delivers the verification e-mail to the outbox (no provider key in e2e).
  await page.goto(
    await outboxLinkPath(
      email,
      'Verify your email',
      /https?:\/\/\S+\/api\/auth\/verify\?token=[A-Za-z0-9_-]+/,
    ),
  );
  await expect(page).toHaveURL(/\/admin\/login\?verify=success$/);
  await expect(page.getByRole('status').filter({ hasText: AUTH_MESSAGES.emailVerified })).toBeVisible();
  const verified = await e2eDatabase()
    .selectFrom('users')
    .select('email_verified_at')
    .where('id', '=', user.id)
    .executeTakeFirstOrThrow();
  expect(verified.email_verified_at).not.toBeNull();
});

test('Ctrl+B collapses the sidebar to icons and the state survives a reload', async ({ page, context }) => {
  await signInAsAdmin(page);
  const sidebar = page.getByRole('navigation', { name: 'Admin navigation' });
  for (const label of [
    'Campaign Dashboard',
    'Campaigns',
    'Marketing Templates',
    'Contacts',
    'Unsubscribes',
    'Settings',
    'Outbox',
  ]) {
    await expect(sidebar.getByRole('link', { name: label, exact: true })).toBeVisible();
  }
  await expect(sidebar.getByText('Marketing Templates')).toBeVisible();
  expect((await sidebar.boundingBox())?.width).toBeCloseTo(256, 0);

  await page.keyboard.press('Control+b');
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(sidebar.getByText('Marketing Templates')).toHaveCount(0);
  await expect(sidebar.getByRole('link', { name: 'Marketing Templates' })).toBeVisible();
  await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeCloseTo(48, 0);
  const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state');
  expect(cookie?.value).toBe('false');
  // Seven days, give or take the seconds this test takes.
  expect((cookie?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(7 * 86_400 - 120);

  await page.reload();
  await expect(sidebar).toHaveAttribute('data-collapsed', 'true');
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute(
    'aria-expanded',
    'false',
  );

  await sidebar.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole('link', { name: 'Settings' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(sidebar).not.toHaveAttribute('data-collapsed');
  await expect(sidebar.getByText('Marketing Templates')).toBeVisible();
  expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true');
});

test('every admin route of the spec exists behind the guard; an unknown record stays inside it', async ({
  page,
}) => {
  // Signed out, each one asks for a sign-in and remembers where it was going.
  for (const path of ['/admin/dashboard', '/admin/campaigns', '/admin/campaigns/new']) {
    await page.goto(path);
    await expect(page).toHaveURL(`/admin/login?returnTo=${encodeURIComponent(path)}`);
  }
  await signInAsAdmin(page);
  // Signed in, a page for an id no record has renders inside the admin layout: it may well say
  // "not found", but never the site's 404 page. Every page with a real record, and the rest, is
  // the every-route walk's (e2e/admin-every-route.spec.ts, decision 099); /admin's forward to each
  // role's home is roles.spec.ts's.
  const id = '3a1c9a4e-0000-4000-8000-000000000001';
  for (const path of [
    `/admin/campaigns/${id}`,
    `/admin/campaigns/${id}/edit`,
    `/admin/templates/${id}/edit`,
    `/admin/templates/${id}/preview`,
    `/admin/contacts/${id}`,
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(path);
    await expect(page.getByRole('navigation', { name: 'Admin navigation' }), path).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByText('Oops! Page not found'), path).toHaveCount(0);
  }
});

test('logout ends the session and returns to the login page', async ({ page, context }) => {
  // A session of its own: the one every spec shares (decision 080) must outlive this logout.
  await submitSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const token = (await context.cookies()).find((c) => c.name === 'session')?.value;
  expect(token).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect((await context.cookies()).find((c) => c.name === 'session')).toBeUndefined();

  // The old token is dead on the server, not just forgotten by the browser.
  await context.addCookies([{ name: 'session', value: token ?? '', url: page.url() }]);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login\?returnTo=%2Fadmin%2Fdashboard$/);
});
