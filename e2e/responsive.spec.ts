import { expect, type Page, test } from './support/test.ts';
import { articleSlugs, staticRoutes } from '../shared/content/routes.ts';
import { brandCatalog, cityCatalog } from '../shared/content/catalog.ts';
import { overflowIn } from './support/layout.ts';

/*
 * Public pages are "responsive from 360 px to desktop": nowhere may the page scroll sideways.
 * One page per width visits one route of each kind; the sell form's later steps and the open
 * mobile drawer are checked at the narrowest width, where they are tightest.
 */

const WIDTHS = [360, 768, 1024, 1440] as const;

const ROUTES: string[] = [
  ...staticRoutes,
  `/blog/${articleSlugs[0]}`,
  cityCatalog[0]?.path ?? '/sell-watch-sydney',
  brandCatalog[0]?.path ?? '/sell-rolex-watch',
  '/no-such-page-responsive-check',
];

/**
 * Taken over by the app (goto waits for data-app-ready, e2e/support/test.ts), fonts applied: the
 * final layout. What loads later (analytics, web-vitals, the drawer before it opens) draws nothing.
 * Waiting for the network to fall quiet cost half a second of idle per page, 26 s a run.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

const next = (page: Page) => page.getByRole('button', { name: 'Next' }).click();

for (const width of WIDTHS) {
  test(`public pages do not scroll sideways at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    const problems: string[] = [];
    for (const path of ROUTES) {
      await open(page, path);
      problems.push(...(await overflowIn(page, `${path} at ${width} px`)));
    }

    if (width === 360) {
      await open(page, '/sell');
      await page.locator('#sell-fullName').fill('Jane Citizen');
      await page.locator('#sell-email').fill('responsive.check@example.com');
      await page.locator('#sell-phone').fill('0412 345 678');
      await next(page);
      await expect(page.locator('#sell-step-heading')).toContainText('Watch Details');
      problems.push(...(await overflowIn(page, '/sell step 2 at 360 px')));
      await page.locator('#sell-watchBrand').selectOption('Omega');
      await page.locator('#sell-watchCondition').selectOption('Excellent - Like new');
      await next(page);
      await expect(page.locator('#sell-step-heading')).toContainText('Upload Photos');
      problems.push(...(await overflowIn(page, '/sell step 3 at 360 px')));

      await open(page, '/');
      await page.getByRole('button', { name: 'Open menu' }).click();
      const drawer = page.getByRole('dialog', { name: 'Menu' });
      await expect(drawer).toBeVisible();
      await drawer.getByRole('button', { name: 'Watch Brands' }).click();
      await drawer.getByRole('button', { name: 'Locations' }).click();
      // Settled once slid fully in: its right edge is the viewport's.
      await expect
        .poll(async () => {
          const box = await drawer.boundingBox();
          return Math.round((box?.x ?? 0) + (box?.width ?? 0));
        })
        .toBe(width);
      problems.push(...(await overflowIn(page, 'open drawer at 360 px')));
      // A fixed box never widens the page, so the drawer is checked on its own: inside the
      // viewport, and nothing in it that the visitor could scroll sideways.
      problems.push(
        ...(await drawer.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const found: string[] = [];
          if (box.left < 0 || box.right > window.innerWidth + 0.5) {
            found.push(`open drawer at 360 px spans ${Math.round(box.left)}-${Math.round(box.right)}`);
          }
          for (const node of [el, ...Array.from(el.querySelectorAll('*'))]) {
            const scrolls = ['auto', 'scroll'].includes(getComputedStyle(node).overflowX);
            if (scrolls && node.scrollWidth > node.clientWidth) {
              found.push(
                `open drawer at 360 px: ${node.className} scrolls sideways by ${node.scrollWidth - node.clientWidth} px`,
              );
            }
          }
          return found;
        })),
      );
    }

    expect(problems, problems.join('\n')).toEqual([]);
  });
}
