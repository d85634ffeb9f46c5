import { test as base, type Page } from '@playwright/test';

import { expect } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/**
 * Prerendered pages load their script after the load event (client/src/boot.ts), so page.goto()
 * resolves before the menus, drawer and forms answer. Here goto() and reload() also wait for the
 * app to take the page over (data-app-ready, client/src/main.tsx), as a visitor waits for a page to
 * respond; responses that are not app pages (no module script) are returned as they are.
 */
async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('script[type="module"]') ||
      document.documentElement.dataset.appReady === 'true',
  );
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    // Without JavaScript there is no app to wait for (and no way to ask the page).
    if (javaScriptEnabled === false) {
      await use(page);
      return;
    }
    // Any Content-Security-Policy violation on any page fails the test (decisions 010 and 018): a blocked
    // script or resource is a broken page for some visitor, and Lighthouse counts it.
    const violations: string[] = [];
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(
          `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
        );
      });
    });
    page.on('console', (message) => {
      if (message.text().startsWith('CSP violation:')) violations.push(`${page.url()}: ${message.text()}`);
    });
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await waitForApp(page);
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      await waitForApp(page);
      return response;
    };
    await use(page);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});
