import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROLE_HOMES } from '#shared/auth/admin-routes.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { expect, type Page } from './test.ts';

// Sign in once per role (decision 080): the global setup types the login form once for each
// role's member (E2E_MEMBERS) and keeps the browser's state here; a spec starts a page from that
// state instead of typing the form again. Specs about the form itself use `submitSignIn`.

const AUTH_DIR = path.resolve(import.meta.dirname, '../.auth');

/** Where the global setup keeps a role's signed-in browser state (git-ignored). */
export function authStatePath(role: Role): string {
  mkdirSync(AUTH_DIR, { recursive: true });
  return path.join(AUTH_DIR, `${role}.json`);
}

type Cookies = Parameters<ReturnType<Page['context']>['addCookies']>[0];
const cookiesByRole = new Map<Role, Cookies>();

function storedCookies(role: Role): Cookies {
  let cookies = cookiesByRole.get(role);
  if (!cookies) {
    const state = JSON.parse(readFileSync(authStatePath(role), 'utf8')) as { cookies: Cookies };
    cookies = state.cookies;
    cookiesByRole.set(role, cookies);
  }
  return cookies;
}

/**
 * Starts the page signed in as the run's member of `role` (the Owner unless told), from the
 * session the global setup opened, and waits for `at` (the role's home unless told) to open.
 * Any session the page had is dropped first, so a spec switches members with one call.
 */
export async function signInAsAdmin(page: Page, options: { role?: Role; at?: string } = {}): Promise<void> {
  const role = options.role ?? 'owner';
  const at = options.at ?? ROLE_HOMES[role];
  const context = page.context();
  await context.clearCookies();
  await context.addCookies(storedCookies(role));
  await page.goto(at);
  // Signed out, the app would be at /admin/login?returnTo=…, which this does not match.
  const wanted = new URL(at, 'http://e2e.invalid').pathname;
  await expect(page).toHaveURL((url) => url.pathname === wanted);
}

/** Fills and submits the login form as `email`, after dropping any session the page had. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** The notification (Mantine toast) carrying `text`: what the admin shows after an action. */
export function toast(page: Page, text: string | RegExp) {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}
