import { randomUUID } from 'node:crypto';
import { seriousViolations } from './support/axe.ts';
import { signInAsAdmin } from './support/admin.ts';
import { e2eDatabase } from './support/db.ts';
import { overflowIn } from './support/layout.ts';
import type { Locator } from '@playwright/test';
import { expect, type Page, test } from './support/test.ts';

// Decision 091: on a phone (390 px) every admin list is a stack of cards, one per row, each cell
// under its column's name, the status among them; the filters fold behind one "Filters" button
// that counts the applied ones. At 1366 px the enquiries table fits beside the open sidebar.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The name the phone's card shows above a cell: its `::before` text, quotes stripped. */
function cardLabel(cell: Locator): Promise<string> {
  return cell.evaluate((el) => getComputedStyle(el, '::before').content.replace(/^"|"$/g, ''));
}

/** The first screen's rows read, nothing loading. */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Skeleton-root:visible, [aria-busy="true"]:visible')).toHaveCount(0, {
    timeout: 30_000,
  });
}

test('the Enquiries list on a phone: cards with watch, status and assignee; filters behind one button', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const tag = randomUUID().slice(0, 8);
  const db = e2eDatabase();
  const assignee = await db
    .insertInto('users')
    .values({ email: `card.buyer.${tag}@example.com`, name: `Card Buyer ${tag}`, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lead = await db
    .insertInto('leads')
    .values({ email: `card.seller.${tag}@example.com`, full_name: `Card Seller ${tag}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('enquiries')
    .values({
      lead_id: lead.id,
      contact_name: `Card Seller ${tag}`,
      watch_brand: 'Omega',
      watch_model: `Speedmaster ${tag}`,
      watch_condition: 'Excellent',
      status: 'offer_made',
      assignee_id: assignee.id,
    })
    .execute();

  await page.setViewportSize(PHONE);
  await signInAsAdmin(page, { at: `/admin/enquiries?search=${tag}` });
  await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible({ timeout: 30_000 });
  await settled(page);

  // The filters are folded: one button, counting the search as the one filter applied.
  const filters = page.getByRole('button', { name: /^Filters\s*1 active$/ });
  await expect(filters).toBeVisible();
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeHidden();

  // The enquiry is one card on the first screen, every part of it inside the 390 px.
  const card = page.locator('tbody tr').filter({ hasText: `Speedmaster ${tag}` });
  await expect(card).toHaveCount(1);
  await expect(card).toBeInViewport();
  const cells = card.locator('td');
  const watch = cells.filter({ hasText: `Omega Speedmaster ${tag}` });
  const status = cells.filter({ hasText: 'Offer made' });
  const assigned = cells.filter({ hasText: `Card Buyer ${tag}` });
  for (const [cell, label] of [
    [watch, 'Watch'],
    [status, 'Status'],
    [assigned, 'Assignee'],
  ] as const) {
    await expect(cell).toBeVisible();
    expect(await cardLabel(cell)).toBe(label);
    const box = await cell.boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? Infinity) <= PHONE.width).toBe(true);
  }
  expect(await overflowIn(page, 'enquiries at 390 px')).toEqual([]);
  expect(await seriousViolations(page)).toEqual({});

  // Opened, the filters are there to change; the status filter narrows the list.
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Offer made' }).click();
  await expect(page).toHaveURL(/status=offer_made/);
  await expect(page.getByRole('button', { name: /^Filters\s*2 active$/ })).toBeVisible();
  await expect(card).toHaveCount(1);
  expect(await overflowIn(page, 'enquiries with filters open at 390 px')).toEqual([]);
  expect(await seriousViolations(page)).toEqual({});

  // At 1366 px: a table again, the filters in a row, and the Assignee column inside the screen.
  await page.setViewportSize(DESKTOP);
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible();
  const heading = page.getByRole('columnheader', { name: 'Assignee' });
  await expect(heading).toBeVisible();
  const headingBox = await heading.boundingBox();
  expect((headingBox?.x ?? 0) + (headingBox?.width ?? Infinity)).toBeLessThanOrEqual(DESKTOP.width);
  const scroller = page.locator('.admin-rtable').first();
  expect(await scroller.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  await expect(card.getByRole('cell', { name: `Card Buyer ${tag}` })).toBeInViewport();
  expect(await seriousViolations(page)).toEqual({});
});

// Every list page of the admin, as the Owner (who may open them all): on a phone each row is a
// card (the table's rows laid out as boxes, the headings only read out) and nothing scrolls
// sideways; at 1366 px it is a table.
const LISTS = [
  { path: '/admin/contacts', heading: 'Contacts' },
  { path: '/admin/campaigns', heading: 'Campaigns' },
  { path: '/admin/automations', heading: 'Automations' },
  { path: '/admin/outbox', heading: 'Outbox' },
  { path: '/admin/team', heading: 'Team' },
] as const;

test('every admin list is cards at 390 px and a table at 1366 px', async ({ page }) => {
  // A dozen pages, each read and checked by axe: on the loaded 2-core machine, minutes.
  test.setTimeout(600_000);
  await signInAsAdmin(page);
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    const phone = viewport === PHONE;
    for (const { path, heading } of LISTS) {
      const label = `${path} at ${viewport.width} px`;
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading }), label).toBeVisible({
        timeout: 30_000,
      });
      await settled(page);
      const table = page.locator('.admin-rtable table').first();
      await expect(table, label).toBeAttached();
      const layout = await table.evaluate((el) => ({
        table: getComputedStyle(el).display,
        row: getComputedStyle(el.querySelector('tbody tr') ?? el).display,
        // A card ends inside the screen (not cut off by a scroller as wide as the table).
        fits: (el.querySelector('tbody tr')?.getBoundingClientRect().right ?? 0) <= window.innerWidth,
        headings: (el as HTMLTableElement).tHead?.getBoundingClientRect().height ?? 0,
      }));
      expect(layout, label).toEqual(
        phone
          ? { table: 'block', row: 'flex', headings: 1, fits: true }
          : {
              table: 'table',
              row: 'table-row',
              headings: expect.any(Number) as unknown as number,
              fits: true,
            },
      );
      if (phone) expect(await overflowIn(page, label)).toEqual([]);
      expect(await seriousViolations(page), label).toEqual({});
    }
  }
});
