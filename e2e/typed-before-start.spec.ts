import { randomUUID } from 'node:crypto';
import type { Locator, Route } from '@playwright/test';
import { expect, type Page, test } from './support/test.ts';

/*
 * A visitor on a slow connection types into a prerendered form before its app has arrived; when
 * the app takes the page over (hydrating it, or rendering it afresh when the page depends on its
 * query string), nothing typed is lost and the field never empties (decision 010).
 */

/**
 * Holds every script the page asks for (boot, entry and route chunks) until `release`, as a slow
 * connection would: the prerendered page shows and takes typing, but no app starts.
 */
async function holdScripts(page: Page): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let holding = true;
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  return {
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

declare global {
  interface Window {
    /** Text a field lost: a write by script that did not keep what it held. */
    __lostText: { name: string; from: string; to: string }[];
    /** The same, as a visitor sees it: a painted frame showing less than the frame before. */
    __lostInFrame: { name: string; from: string; to: string }[];
  }
}

/**
 * Records, from the first script on the page, every write by script that takes text out of a named
 * field (React resetting a controlled input to its state writes through these setters), and every
 * animation frame in which a named field shows something that does not extend what it showed the
 * frame before.
 */
async function watchForLostText(page: Page): Promise<void> {
  await page.addInitScript(() => {
    window.__lostText = [];
    window.__lostInFrame = [];
    const kept = (from: string, to: string) => from === '' || to.startsWith(from);
    for (const proto of [HTMLInputElement.prototype, HTMLTextAreaElement.prototype]) {
      const descriptor = Object.getOwnPropertyDescriptor(proto, 'value');
      if (!descriptor) continue;
      // The browser's own accessor, kept on an object of its own to be called with each field.
      const original: object = Object.defineProperty({}, 'value', descriptor);
      Object.defineProperty(proto, 'value', {
        configurable: true,
        enumerable: descriptor.enumerable ?? true,
        get(this: HTMLInputElement) {
          return Reflect.get(original, 'value', this) as string;
        },
        set(this: HTMLInputElement, value: string) {
          const from = Reflect.get(original, 'value', this) as string;
          if (this.name && !kept(from, String(value)))
            window.__lostText.push({ name: this.name, from, to: String(value) });
          Reflect.set(original, 'value', value, this);
        },
      });
    }
    const last = new Map<string, string>();
    const sample = () => {
      for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
        'input[name]:not([type=checkbox]):not([type=radio]):not([type=file]), textarea[name]',
      )) {
        const from = last.get(field.name) ?? '';
        if (!kept(from, field.value)) window.__lostInFrame.push({ name: field.name, from, to: field.value });
        last.set(field.name, field.value);
      }
      requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
}

const appReady = (page: Page) => page.evaluate(() => document.documentElement.dataset.appReady === 'true');

/**
 * Types `before` into the focused field while the scripts are held, releases them, then keeps
 * typing `after` one key at a time: at least one key goes in while the app is starting, and the
 * rest once it has taken over. Returns how many keys went in before the app was ready.
 */
async function typeThroughStart(
  page: Page,
  scripts: { release: () => Promise<void> },
  before: string,
  after: string,
): Promise<number> {
  await page.keyboard.type(before);
  expect(await appReady(page)).toBe(false);
  await scripts.release();
  let duringStart = 0;
  for (const key of after) {
    const ready = await appReady(page);
    await page.keyboard.type(key);
    if (!ready) duringStart += 1;
  }
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  return duringStart;
}

async function expectNothingLost(page: Page, errors: string[]) {
  expect(await page.evaluate(() => window.__lostText)).toEqual([]);
  expect(await page.evaluate(() => window.__lostInFrame)).toEqual([]);
  expect(errors).toEqual([]);
}

async function startSlowly(page: Page, path: string, firstField: Locator) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    // A link that does not work is answered 404 on purpose; the browser logs every such answer.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
      errors.push(message.text());
  });
  await watchForLostText(page);
  const scripts = await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
  await expect(firstField).toBeVisible();
  expect(await appReady(page)).toBe(false);
  return { scripts, errors };
}

for (const path of ['/sell', '/sell?brand=Rolex&utm_source=e2e-ads']) {
  test(`every field of the sell form's first step keeps what was typed before the app started (${path})`, async ({
    page,
  }) => {
    const name = page.locator('#sell-fullName');
    const email = page.locator('#sell-email');
    const phone = page.locator('#sell-phone');
    const { scripts, errors } = await startSlowly(page, path, name);
    const address = `early.${randomUUID().slice(0, 8)}@example.com`;

    await email.click();
    await page.keyboard.type(address);
    await phone.click();
    await page.keyboard.type('0412 345 678');
    await name.click();
    const duringStart = await typeThroughStart(page, scripts, 'Jane', ' Citizen-Smithson');
    expect(duringStart).toBeGreaterThan(0);

    await expect(name).toHaveValue('Jane Citizen-Smithson');
    await expect(email).toHaveValue(address);
    await expect(phone).toHaveValue('0412 345 678');
    await expect(name).toBeFocused();
    await expectNothingLost(page, errors);

    // The app holds the same values: the step is accepted as typed.
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.locator('#sell-step-heading')).toContainText('Watch Details');
    await expect(page.locator('.sell-error')).toHaveCount(0);
    if (path.includes('brand=Rolex')) await expect(page.locator('#sell-watchBrand')).toHaveValue('Rolex');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(name).toHaveValue('Jane Citizen-Smithson');
    await expect(email).toHaveValue(address);
  });
}

test('the preferences look-up keeps an address typed before the app started', async ({ page }) => {
  const field = page.getByLabel('Email address');
  const { scripts, errors } = await startSlowly(page, '/unsubscribe', field);
  await field.click();
  const duringStart = await typeThroughStart(page, scripts, 'early-', `${randomUUID().slice(0, 8)}@e2e.test`);
  expect(duringStart).toBeGreaterThan(0);
  const typed = await field.inputValue();
  expect(typed).toMatch(/^early-[0-9a-f]{8}@e2e\.test$/);
  await expect(field).toBeFocused();
  await expectNothingLost(page, errors);

  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `What would you like to do for ${typed}?` })).toBeVisible();
});

test('the preferences look-up uses an address typed in full before the app started', async ({ page }) => {
  const field = page.getByLabel('Email address');
  const { scripts, errors } = await startSlowly(page, '/unsubscribe', field);
  const typed = `early-${randomUUID().slice(0, 8)}@e2e.test`;
  await field.click();
  await page.keyboard.type(typed);
  await scripts.release();
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect(field).toHaveValue(typed);
  await expectNothingLost(page, errors);

  await page.keyboard.press('Enter');
  await expect(page.getByText('Please enter your email address.')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `What would you like to do for ${typed}?` })).toBeVisible();
});

test('the unsubscribe page keeps an address typed into its look-up while its link was checked', async ({
  page,
}) => {
  const field = page.getByLabel('Email address');
  const { scripts, errors } = await startSlowly(page, '/unsubscribe?token=not-a-real-token', field);
  const typed = `early-${randomUUID().slice(0, 8)}@e2e.test`;
  await field.click();
  await page.keyboard.type(typed);
  await scripts.release();
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');

  // The page renders afresh for its link; once the link is found not to work, the look-up is back
  // with the address in it and the caret where it was.
  await expect(page.getByRole('alert')).toContainText('Invalid unsubscribe link');
  await expect(field).toHaveValue(typed);
  await expect(field).toBeFocused();
  await expectNothingLost(page, errors);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `What would you like to do for ${typed}?` })).toBeVisible();
});

test('an address in the link is kept when the visitor typed nothing before the app started', async ({
  page,
}) => {
  const field = page.getByLabel('Email address');
  const { scripts, errors } = await startSlowly(page, '/unsubscribe?email=from-link%40e2e.test', field);
  await scripts.release();
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  await expect(field).toHaveValue('from-link@e2e.test');
  await expectNothingLost(page, errors);
});
