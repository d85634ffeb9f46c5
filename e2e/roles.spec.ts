import type { Request } from '@playwright/test';
import type { AdminRoutePath } from '#shared/auth/admin-routes.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { ADMIN_ROUTE_ACCESS } from '#test/support/admin-route-access.ts';
import { E2E_MEMBERS } from './support/constants.ts';
import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 027, roles everywhere: each of the four roles signs in, lands on its home, sees only
// the sidebar entries it may open, and loads each admin page the hand-written table
// (test/support/admin-route-access.ts, decision 080) refuses it: the role message shows at once,
// nothing is left loading, and the page sends no tRPC call of its own (the frame's auth.me,
// settings and enquiry badge aside). The pages a role may open, with their own headings, are the
// every-route walk's (e2e/admin-every-route.spec.ts, decision 099), from the same table.

const REFUSED = 'Your role does not allow this.';
// What the admin frame itself asks on every page; anything else is the page's own.
const FRAME_CALLS = new Set([
  'auth.me',
  'admin.settings.get',
  'admin.enquiries.awaitingReply',
  // The live enquiry stream the frame opens for members who read enquiries (decision 063).
  'admin.enquiries.live',
]);

/** The procedures a /trpc request calls (a batch names several, comma-separated). */
function pageCalls(request: Request): string[] {
  const url = new URL(request.url());
  if (!url.pathname.startsWith('/trpc/')) return [];
  return url.pathname
    .slice('/trpc/'.length)
    .split(',')
    .filter((name) => !FRAME_CALLS.has(name));
}

/** An id no record has: a refused page never mounts, so it never asks for its record. */
const UNKNOWN_ID = '3a1c9a4e-0000-4000-8000-000000000002';

const HOMES: Record<Role, RegExp> = {
  owner: /\/admin\/dashboard$/,
  marketer: /\/admin\/campaigns$/,
  buyer: /\/admin\/enquiries$/,
  viewer: /\/admin\/dashboard$/,
};

const NAV: Record<Role, string[]> = {
  owner: [
    'Campaign Dashboard',
    'Campaigns',
    'Marketing Templates',
    'Automations',
    'Enquiries',
    'Dealer’s Register',
    'Compliance',
    'Contacts',
    'Unsubscribes',
    'Funnel',
    'Settings',
    'Outbox',
  ],
  marketer: [
    'Campaign Dashboard',
    'Campaigns',
    'Marketing Templates',
    'Automations',
    'Contacts',
    'Unsubscribes',
    'Outbox',
  ],
  buyer: [
    'Campaign Dashboard',
    'Reply Templates',
    'Automations',
    'Enquiries',
    'Dealer’s Register',
    'Compliance',
    'Contacts',
  ],
  viewer: [
    'Campaign Dashboard',
    'Campaigns',
    'Marketing Templates',
    'Automations',
    'Enquiries',
    'Dealer’s Register',
    'Compliance',
    'Contacts',
    'Unsubscribes',
    'Funnel',
  ],
};

async function navEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin navigation' });
  await expect(nav.getByRole('link').first()).toBeVisible();
  return (await nav.getByRole('link').allInnerTexts()).map((text) => text.trim().split('\n')[0] ?? '');
}

test.describe('roles everywhere', () => {
  test.use({ viewport: { width: 1366, height: 900 } });
  const run = Date.now().toString(36);
  const ids: Record<string, string> = {};

  test.beforeAll(async () => {
    const db = e2eDatabase();
    const template = await db
      .insertInto('email_templates')
      .values({
        template_name: `Roles template ${run}`,
        subject: 'Hi',
        html_content: '<p>Hi</p>',
        variables: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contact = await db
      .insertInto('leads')
      .values({ email: `seller-roles-${run}@e2e.test`, full_name: 'Roles Seller' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await db
      .insertInto('enquiries')
      .values({ lead_id: contact.id, watch_brand: 'Rolex', watch_model: 'Datejust', watch_condition: 'Good' })
      .returning('id')
      .executeTakeFirstOrThrow();
    Object.assign(ids, { template: template.id, enquiry: enquiry.id });
  });

  for (const role of ['owner', 'marketer', 'buyer', 'viewer'] as const) {
    test(`a ${role} lands on their home, sees their entries and is refused the rest at once`, async ({
      page,
    }) => {
      test.setTimeout(180_000);
      // The member's session from the global setup (decision 080), on a page every role opens;
      // /admin forwards to the role's home, as the login form does (admin-auth.spec.ts).
      await signInAsAdmin(page, { role, at: '/admin/account' });
      expect(await navEntries(page)).toEqual(NAV[role]);
      await page.goto('/admin');
      await expect(page).toHaveURL(HOMES[role]);

      // A call counts once the refused page's document is the page's: the page being left can still
      // send its own queries (the home's) until the next one commits (a CI run saw the dashboard's).
      let calls: string[] = [];
      let leaving = '';
      page.on('request', (request) => {
        if (page.url() !== leaving) calls.push(...pageCalls(request));
      });
      const refused = (Object.keys(ADMIN_ROUTE_ACCESS) as AdminRoutePath[]).filter(
        (route) => !ADMIN_ROUTE_ACCESS[route].includes(role),
      );
      // A deep link, each one: the guard decides before the page mounts, though the member's role
      // is only known once auth.me answers.
      for (const route of refused) {
        const path = route.replace(/\$[A-Za-z]+/g, UNKNOWN_ID);
        calls = [];
        leaving = page.url();
        await page.goto(path);
        await expect(page.getByText(REFUSED).first(), `${role} ${route}`).toBeVisible();
        await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        expect(calls, `${role} ${route}`).toEqual([]);
      }
      // A Buyer passes the template pages' gate (reply templates are theirs) and is refused a
      // marketing template by the server, so the message comes after that one query.
      if (role === 'buyer') {
        for (const path of [
          `/admin/templates/${ids.template}/preview`,
          `/admin/templates/${ids.template}/edit`,
        ]) {
          await page.goto(path);
          await expect(page.getByText(REFUSED).first(), `${role} ${path}`).toBeVisible();
          await expect(page.locator('.mantine-Skeleton-root')).toHaveCount(0);
        }
      }
    });
  }

  test('a returnTo the role may open wins over the home; one it may not falls back to it', async ({
    page,
  }) => {
    const { email, password } = E2E_MEMBERS.buyer;
    await page.context().clearCookies();
    await page.goto('/admin/contacts');
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/contacts$/);

    await page.context().clearCookies();
    await page.goto('/admin/campaigns');
    await expect(page).toHaveURL(/\/admin\/login\?returnTo=/);
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/enquiries$/);
  });

  test('the Team page describes each role in its picker, and links follow the table', async ({ page }) => {
    await signInAsAdmin(page, { at: '/admin/team' });
    await page.getByRole('combobox', { name: 'Role', exact: true }).click();
    for (const line of [
      'Everything, including the team, settings, audit log and the whole outbox.',
      'The enquiry desk and its reply templates; reads contacts and automation flows.',
    ])
      await expect(page.getByRole('option').filter({ hasText: line })).toBeVisible();
    await page.keyboard.press('Escape');

    // The enquiry page's "Manage reply templates" is the Buyer's; the Viewer gets no such link.
    await signInAsAdmin(page, { role: 'buyer', at: `/admin/enquiries/${ids.enquiry}` });
    await expect(page.getByRole('link', { name: 'Manage reply templates' })).toBeVisible();
    await page.goto('/admin/templates');
    await expect(page.getByRole('heading', { name: 'Reply Templates', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: 'New Template' })).toBeVisible();
    await signInAsAdmin(page, { role: 'viewer', at: `/admin/enquiries/${ids.enquiry}` });
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Manage reply templates' })).toHaveCount(0);
    await page.goto('/admin/contacts');
    await expect(page.getByRole('tab', { name: 'Segments' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Import' })).toHaveCount(0);
  });
});
