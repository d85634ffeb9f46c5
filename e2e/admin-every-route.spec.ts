import {
  ADMIN_ROUTE_PERMISSIONS,
  type AdminRoutePath,
  canOpenAdminPath,
  ROLE_HOMES,
} from '#shared/auth/admin-routes.ts';
import type { Role } from '#shared/auth/permissions.ts';
import { createUser, grantAdmin } from '../server/auth/users.ts';
import { seriousViolations } from './support/axe.ts';
import { submitSignIn } from './support/admin.ts';
import { E2E_ADMIN } from './support/constants.ts';
import { e2eDatabase } from './support/db.ts';
import { overflowIn } from './support/layout.ts';
import { expect, type Page, test } from './support/test.ts';

// Decision 056: every admin route (the route table, refused ones included: they show the role
// message) for each of the four roles at 1366 px and 390 px. Each view settles (its heading or
// the role message in view, no skeleton or loader left), does not scroll sideways at 390 px, and
// has no serious or critical axe violation under WCAG 2.1 A and AA. How long each view took to
// settle is recorded (attached and printed), never asserted.

const ROLES = ['owner', 'marketer', 'buyer', 'viewer'] as const satisfies readonly Role[];
const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const REFUSED = 'Your role does not allow this.';
const PASSWORD = 'every-route-password-for-e2e';
const run = Date.now().toString(36);

interface View {
  role: Role;
  route: AdminRoutePath;
  width: number;
  settleMs: number;
  /** The route table refuses it to this role: the role message, before any query. */
  refused: boolean;
  sidewaysPx: number;
  /** Serious and critical violations: rule id → the selectors of its nodes. */
  violations: Record<string, string[]>;
}

const ids: Record<string, string> = {};

/** The route table's path with a real record for each `$id`, chosen by what the page shows. */
function pathFor(route: AdminRoutePath): string {
  const record: Partial<Record<AdminRoutePath, string | undefined>> = {
    '/admin/campaigns/$id': ids.sentCampaign,
    '/admin/campaigns/$id/edit': ids.draftCampaign,
    '/admin/templates/$id/preview': ids.template,
    '/admin/templates/$id/edit': ids.template,
    '/admin/enquiries/$id': ids.enquiry,
    '/admin/enquiries/$id/seller-preview': ids.enquiry,
    '/admin/contacts/$id': ids.contact,
    '/admin/contacts/segments/$id': ids.segment,
    '/admin/automations/$flowId': ids.flow,
  };
  if (!route.includes('$')) return route;
  const id = record[route];
  if (!id) throw new Error(`No record for ${route}`);
  return route.replace(/\$[A-Za-z]+/, id);
}

/**
 * Heading or role message visible and nothing left loading: the page as the user will read it. A
 * route the table refuses must show the role message itself (the frame's heading is not enough).
 */
async function settle(page: Page, refusedByTable: boolean): Promise<void> {
  const content = refusedByTable
    ? page.getByText(REFUSED)
    : page.getByRole('heading', { level: 1 }).or(page.getByText(REFUSED));
  await expect(content.first()).toBeVisible();
  await expect(
    page.locator('.mantine-Skeleton-root:visible, .mantine-Loader-root:visible, [aria-busy="true"]:visible'),
  ).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

async function sideways(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

test.describe('every admin route, every role, desktop and phone', () => {
  test.beforeAll(async () => {
    const db = e2eDatabase();
    for (const role of ROLES) {
      if (role === 'owner') continue;
      const email = `${role}-every-${run}@e2e.test`;
      await createUser(db, { email, password: PASSWORD, verified: true });
      await grantAdmin(db, email, role);
    }
    // The demo data's completed campaign (its figures and chart) and first marketing template.
    const sent = await db
      .selectFrom('email_campaigns')
      .select('id')
      .where('status', '=', 'completed')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const template = await db
      .selectFrom('email_templates')
      .select('id')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    const draft = await db
      .insertInto('email_campaigns')
      .values({
        name: `Every route draft ${run}`,
        subject: 'What your watch could be worth',
        html_content: '<p>Hello {{first_name}}</p>',
        status: 'draft',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const contact = await db
      .insertInto('leads')
      .values({
        email: `seller-every-${run}@e2e.test`,
        full_name: 'Every Route Seller',
        phone: '0412 345 678',
        email_marketing_consent: true,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const enquiry = await db
      .insertInto('enquiries')
      .values({
        lead_id: contact.id,
        watch_brand: 'Rolex',
        watch_model: 'Submariner Date 126610LN',
        watch_condition: 'Excellent - Like new',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Unmatched mail (decision 060), so its page shows a message with a kept and a refused file.
    const stray = await db
      .insertInto('enquiry_incoming_messages')
      .values({
        enquiry_id: null,
        source: 'email',
        from_email: `stray-every-${run}@e2e.test`,
        from_name: 'Stray Sender',
        subject: 'Re: my watch',
        body_text: 'Is this still available? My reference number is in the attached file.',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('enquiry_incoming_attachments')
      .values([
        {
          message_id: stray.id,
          filename: 'receipt.pdf',
          content_type: 'application/pdf',
          bytes: 8,
          data: Buffer.from('%PDF-1.4'),
        },
        {
          message_id: stray.id,
          filename: 'setup.exe',
          content_type: 'application/x-msdownload',
          bytes: 100,
          refused_reason: 'file type not accepted',
        },
      ])
      .execute();
    const segment = await db
      .insertInto('segments')
      .values({
        name: `Every route segment ${run}`,
        match: 'all',
        conditions: JSON.stringify([{ kind: 'never_opened' }]),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A flow with a wait and a branch (decision 066), so the editor shows nested lists.
    const flow = await db
      .insertInto('automation_flows')
      .values({ name: `Every route flow ${run}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('automation_flow_versions')
      .values({
        flow_id: flow.id,
        version: 1,
        definition: JSON.stringify({
          name: `Every route flow ${run}`,
          description: 'Welcome',
          trigger: { type: 'consent_confirmed' },
          reentry: 'once',
          respectQuietHours: true,
          steps: [
            { id: 'send-1', type: 'send', templateId: template.id, template: 'marketing' },
            { id: 'wait-1', type: 'wait', days: 2, hours: 0, minutes: 0 },
            {
              id: 'branch-1',
              type: 'branch',
              condition: { type: 'opened_previous' },
              then: [{ id: 'exit-1', type: 'exit' }],
              otherwise: [{ id: 'send-2', type: 'send', templateId: template.id, template: 'marketing' }],
            },
          ],
        }),
      })
      .execute();
    Object.assign(ids, {
      flow: flow.id,
      sentCampaign: sent.id,
      draftCampaign: draft.id,
      template: template.id,
      contact: contact.id,
      enquiry: enquiry.id,
      segment: segment.id,
    });
  });

  test('on a phone the sidebar is a drawer: off screen until the toggle, gone after a choice, Escape or a tap beside it', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await submitSignIn(page, E2E_ADMIN.email, E2E_ADMIN.password);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const nav = page.getByRole('navigation', { name: 'Admin navigation' });
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav).toBeInViewport({ ratio: 1 });
    await nav.getByRole('link', { name: 'Campaigns', exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/campaigns$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();
    expect(await sideways(page)).toBe(0);

    // Escape closes it and hands focus back to the toggle; so does a tap on the page behind it.
    await toggle.click();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await nav.getByRole('link', { name: 'Contacts', exact: true }).focus();
    await page.keyboard.press('Escape');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();
    await expect(toggle).toBeFocused();
    await toggle.click();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await page.getByTestId('drawer-backdrop').click({ position: { x: 370, y: 600 } });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).not.toBeInViewport();
  });

  for (const role of ROLES) {
    for (const size of WIDTHS) {
      test(`a ${role} at ${size.width} px: every admin page settles, fits and passes axe`, async ({
        page,
      }, testInfo) => {
        test.setTimeout(600_000);
        await page.setViewportSize(size);
        const email = role === 'owner' ? E2E_ADMIN.email : `${role}-every-${run}@e2e.test`;
        await submitSignIn(page, email, role === 'owner' ? E2E_ADMIN.password : PASSWORD);
        // The role's home, not just any admin URL: /admin/login matches that too, and a walk that
        // starts before the sign-in answered would read every page signed out.
        await expect(page).toHaveURL(new RegExp(`${ROLE_HOMES[role]}$`));

        const views: View[] = [];
        const problems: string[] = [];
        for (const route of Object.keys(ADMIN_ROUTE_PERMISSIONS) as AdminRoutePath[]) {
          const label = `${role} ${route} at ${size.width} px`;
          const path = pathFor(route);
          const refused = !canOpenAdminPath(role, path);
          const started = performance.now();
          await page.goto(path);
          await settle(page, refused);
          const settleMs = Math.round(performance.now() - started);
          expect(new URL(page.url()).pathname, `${label}: still signed in`).toBe(path);
          const sidewaysPx = await sideways(page);
          if (sidewaysPx > 0) problems.push(...(await overflowIn(page, label)));
          const violations = await seriousViolations(page, { tags: AXE_TAGS });
          for (const [rule, nodes] of Object.entries(violations)) {
            problems.push(`${label}: ${rule} on ${nodes.length} node(s): ${nodes.slice(0, 5).join(' | ')}`);
          }
          views.push({ role, route, width: size.width, settleMs, refused, sidewaysPx, violations });
        }

        // The figures decision 056 quotes: views with violations, nodes per rule, sideways pages, slowest.
        const nodesPerRule: Record<string, number> = {};
        for (const view of views) {
          for (const [rule, nodes] of Object.entries(view.violations)) {
            nodesPerRule[rule] = (nodesPerRule[rule] ?? 0) + nodes.length;
          }
        }
        const slowest = views.reduce((a, b) => (b.settleMs > a.settleMs ? b : a));
        const refusedViews = views.filter((v) => v.refused);
        const slowestRefused = refusedViews.length
          ? refusedViews.reduce((a, b) => (b.settleMs > a.settleMs ? b : a))
          : null;
        const summary = {
          role,
          width: size.width,
          views: views.length,
          viewsWithViolations: views.filter((v) => Object.keys(v.violations).length > 0).length,
          nodesPerRule,
          sideways: views.filter((v) => v.sidewaysPx > 0).map((v) => `${v.route} ${v.sidewaysPx} px`),
          slowest: `${slowest.route} at ${slowest.width} px: ${slowest.settleMs} ms`,
          slowestRefused: slowestRefused ? `${slowestRefused.route}: ${slowestRefused.settleMs} ms` : 'none',
        };
        console.log(`every-route ${JSON.stringify(summary)}`);
        await testInfo.attach(`${role}-${size.width}-views.json`, {
          body: JSON.stringify({ summary, views }, null, 2),
          contentType: 'application/json',
        });
        expect(problems, problems.join('\n')).toEqual([]);
      });
    }
  }
});
