import { expect, test } from './support/test.ts';

test.describe('desktop navigation', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('menus open 200 ms after hovering, close 150 ms after leaving, and re-open at once within 300 ms', async ({
    page,
  }) => {
    await page.goto('/');
    const brands = page.getByRole('button', { name: 'Watch Brands', exact: true });
    const locations = page.getByRole('button', { name: 'Locations', exact: true });
    await expect(brands).toHaveAttribute('aria-expanded', 'false');
    // The page's own clock, paused and moved by the test: the delays are checked in the page's
    // time, so a loaded machine that stretches wall-clock time cannot fail (or pass) the test.
    await page.clock.install();
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
    const centre = async (button: typeof brands) => {
      const box = await button.boundingBox();
      if (!box) throw new Error('trigger not on screen');
      return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    };
    const brandsAt = await centre(brands);
    const locationsAt = await centre(locations);
    const outside = { x: 1270, y: 790 };

    await page.mouse.move(brandsAt.x, brandsAt.y);
    await page.clock.runFor(199);
    await expect(brands).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#menu-brands').getByRole('link', { name: /Rolex/ })).toBeVisible();

    // Bottom right: outside the trigger and the open panel.
    await page.mouse.move(outside.x, outside.y);
    await page.clock.runFor(149);
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(1);
    await expect(brands).toHaveAttribute('aria-expanded', 'false');

    // Within the 300 ms skip delay after a menu closed, the next one opens on arrival.
    await page.clock.runFor(50);
    await page.mouse.move(locationsAt.x, locationsAt.y);
    await expect(locations).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#menu-locations').getByRole('link')).toHaveCount(8);

    // Once the skip window has passed, hovering waits for the open delay again.
    await page.mouse.move(outside.x, outside.y);
    await page.clock.runFor(150);
    await expect(locations).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(400);
    await page.mouse.move(brandsAt.x, brandsAt.y);
    await page.clock.runFor(199);
    await expect(brands).toHaveAttribute('aria-expanded', 'false');
    await page.clock.runFor(1);
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
  });

  test('menus work from the keyboard', async ({ page }) => {
    await page.goto('/');
    const brands = page.getByRole('button', { name: 'Watch Brands', exact: true });
    await brands.focus();
    await page.keyboard.press('Enter');
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(brands).toHaveAttribute('aria-expanded', 'false');
    await expect(brands).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
    await expect(page.locator('#menu-brands a').first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('#menu-brands a').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(brands).toBeFocused();
    await expect(page.locator('#menu-brands')).toBeHidden();
  });

  test('the header changes on the sell page', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Sell Now' })).toBeVisible();
    await expect(header.getByText('Secure & Encrypted')).toHaveCount(0);
    await expect(header.getByRole('link', { name: /1300/ })).toBeVisible();
    await header.getByRole('link', { name: 'Sell Now' }).click();
    await expect(page).toHaveURL(/\/sell$/);
    await expect(header.getByText('Secure & Encrypted')).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sell Now' })).toHaveCount(0);
  });
});

test.describe('mobile navigation', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('the drawer slides in from the right with collapsible brands and locations', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    // Slid in from the right: once settled its right edge is the viewport's.
    await expect
      .poll(async () => {
        const box = await drawer.boundingBox();
        return Math.round((box?.x ?? 0) + (box?.width ?? 0));
      })
      .toBe(375);

    const brands = drawer.getByRole('button', { name: 'Watch Brands' });
    await expect(brands).toHaveAttribute('aria-expanded', 'false');
    await expect(drawer.getByRole('link', { name: /Rolex/ })).toBeHidden();
    await brands.click();
    const brandLinks = drawer.locator(`#${await brands.getAttribute('aria-controls')} a`);
    await expect(brandLinks).toHaveCount(7);
    await expect(drawer.getByRole('link', { name: 'Rolex Popular' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Patek Philippe Popular' })).toBeVisible();
    await expect(drawer.getByText('Popular')).toHaveCount(2);
    await brands.click();
    await expect(brandLinks.first()).toBeHidden();

    const locations = drawer.getByRole('button', { name: 'Locations' });
    await locations.click();
    await expect(drawer.locator(`#${await locations.getAttribute('aria-controls')} a`)).toHaveCount(8);
    await expect(drawer.getByRole('link', { name: 'Authentication' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: 'Watch Insights' })).toBeVisible();
    await expect(drawer.getByRole('link', { name: /Call 1300/ })).toHaveAttribute('href', /^tel:/);

    await drawer.getByRole('link', { name: 'Perth' }).click();
    await expect(page).toHaveURL(/\/sell-watch-perth$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell Your Luxury Watch in Perth');
    await expect(drawer).toBeHidden();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  test('Escape closes the drawer and returns focus to the menu button', async ({ page }) => {
    await page.goto('/blog');
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(menuButton).toBeFocused();
  });
});

test.describe('blog', () => {
  test('category chips filter the posts and the first one is featured', async ({ page }) => {
    await page.goto('/blog');
    const chips = page.getByRole('group', { name: 'Filter articles by category' });
    await expect(chips.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'true');
    const featured = page.locator('.featured-post');
    await expect(featured.getByText('Featured')).toBeVisible();
    await expect(featured.getByRole('heading', { level: 2 })).toHaveText(
      'The Complete Guide to Pre-Owned Watch Condition Grading',
    );
    await expect(page.locator('.post-grid article')).toHaveCount(7);

    await chips.getByRole('button', { name: 'Selling Guides' }).click();
    await expect(chips.getByRole('button', { name: 'Selling Guides' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(chips.getByRole('button', { name: 'All Posts' })).toHaveAttribute('aria-pressed', 'false');
    await expect(featured.getByRole('heading', { level: 2 })).toContainText('Patek Philippe');
    await expect(page.locator('.post-grid article')).toHaveCount(1);
    await expect(page.locator('.post-grid article')).toContainText('Rolex');

    await chips.getByRole('button', { name: 'All Posts' }).click();
    await expect(page.locator('.post-grid article')).toHaveCount(7);

    await featured.getByRole('link').click();
    await expect(page).toHaveURL(/\/blog\/complete-guide-watch-condition-grading$/);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    await expect(page).toHaveTitle(/ \| .+ Blog$/);
    await expect(page.getByText('24 June 2025')).toBeVisible();
  });

  test('an unknown article slug shows Article Not Found with a way back', async ({ page }) => {
    const res = await page.goto('/blog/no-such-article');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Article Not Found');
    await page.getByRole('link', { name: 'Back to Blog' }).click();
    await expect(page).toHaveURL(/\/blog$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});

test('navigating to another page resets the scroll position without reloading', async ({ page }) => {
  await page.goto('/');
  // The head follows the page: one title, one canonical, one description, the page's JSON-LD.
  const head = () =>
    page.evaluate(() => ({
      titles: document.querySelectorAll('title').length,
      canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      description: [...document.querySelectorAll('meta[name="description"]')].map((m) =>
        m.getAttribute('content'),
      ),
      ogUrl: [...document.querySelectorAll('meta[property="og:url"]')].map((m) => m.getAttribute('content')),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? 'null') as { '@type'?: string; areaServed?: unknown },
      ),
    }));
  const prerendered = await head();
  // After hydration (HeadContent taking over the prerendered head) the same tags, none doubled.
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
  expect(await head()).toEqual(prerendered);
  expect(prerendered.titles).toBe(1);
  expect(prerendered.canonical).toHaveLength(1);
  expect(prerendered.description).toHaveLength(1);
  expect(prerendered.jsonLd.length).toBeGreaterThan(0);
  await page.evaluate(() => {
    (window as unknown as { __samePage: boolean }).__samePage = true;
  });
  const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Hobart' });
  await footerLink.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await footerLink.click();
  await expect(page).toHaveURL(/\/sell-watch-hobart$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sell Your Luxury Watch in Hobart');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __samePage?: boolean }).__samePage)).toBe(true);
  await expect(page).toHaveTitle(/Hobart/);
  await expect
    .poll(async () => (await head()).canonical)
    .toEqual([expect.stringMatching(/\/sell-watch-hobart$/)]);
  const after = await head();
  expect(after.titles).toBe(1);
  expect(after.description).toHaveLength(1);
  expect(after.description[0]).toMatch(/Hobart/);
  expect(after.ogUrl).toEqual([expect.stringMatching(/\/sell-watch-hobart$/)]);
  expect(JSON.stringify(after.jsonLd)).toMatch(/Hobart/);
  const events = await page.evaluate(() => window.__analyticsEvents ?? []);
  expect(events).toContainEqual({ type: 'page_view', path: '/' });
  await expect
    .poll(() => page.evaluate(() => window.__analyticsEvents ?? []))
    .toContainEqual({ type: 'page_view', path: '/sell-watch-hobart' });
});

test('images load lazily with a WebP source and say so when they fail', async ({ page }) => {
  await page.goto('/');
  const gallery = page.locator('.gallery');
  // Not yet scrolled into view: placeholders only.
  await expect(gallery.locator('img')).toHaveCount(0);
  await gallery.scrollIntoViewIfNeeded();
  await expect(gallery.locator('img')).toHaveCount(6);
  await expect(gallery.locator('source[type="image/webp"]').first()).toHaveAttribute('srcset', /\.webp$/);
  const first = gallery.locator('img').first();
  await expect(first).toHaveAttribute('alt', /Rolex/);
  await expect(first).toHaveAttribute('width', '600');
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await page.route('**/assets/recent/**', (route) => route.abort());
  await page.goto('/');
  await page.locator('.gallery').scrollIntoViewIfNeeded();
  await expect(page.getByText('Failed to load image')).toHaveCount(6);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the hero image shows over its placeholder and icons are drawn from the sprite', async ({ page }) => {
    await page.goto('/sell-rolex-watch');
    const hero = page.locator('.hero-image');
    const img = hero.locator('img');
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
    expect(await img.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    // The placeholder sits under the image, not over it.
    const onTop = await img.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return top === el || el.contains(top);
    });
    expect(onTop).toBe(true);

    const icon = page.locator('header svg.icon use').first();
    const href = await icon.getAttribute('href');
    expect(href).toMatch(/^\/assets\/icons-[\w-]+\.svg#[a-z-]+$/);
    const sprite = await page.request.get(href?.split('#')[0] ?? '');
    expect(sprite.headers()['content-type']).toContain('image/svg+xml');
    expect(await sprite.text()).toContain(`<symbol id="${href?.split('#')[1]}"`);
  });
});

test('public pages hydrate without errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('status of 404')) errors.push(message.text());
  });
  for (const path of [
    '/',
    '/sell-watch-sydney',
    '/sell-rolex-watch',
    '/blog',
    '/blog/how-to-value-your-luxury-watch',
    '/terms',
    '/privacy',
    '/watch-authentication',
    '/nope',
    '/sell-watch-geelong',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Hydrated: the menu responds to a click.
    const brands = page.getByRole('button', { name: 'Watch Brands', exact: true });
    await brands.click();
    await expect(brands).toHaveAttribute('aria-expanded', 'true');
  }
  expect(errors).toEqual([]);
});

test('a public page fetches its app only after it has loaded and painted', async ({ page }) => {
  // A visitor's touch, key or pointer starts the app at once (boot.test.ts). The browser can
  // report a pointer over the page before it has loaded without anyone reaching for it (a CI run
  // saw the app start 25 ms before the load event ended), so the page here never hears of one:
  // this times the path of a visitor who only looks.
  await page.addInitScript(() => {
    for (const type of ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'])
      addEventListener(type, (event) => event.stopImmediatePropagation(), { capture: true });
  });
  await page.goto('/sell-rolex-watch');
  const timing = await page.evaluate(() => {
    const boot = document.querySelector('script[data-entry]');
    const entry = new URL(boot?.getAttribute('data-entry') ?? '', location.href).href;
    const startOf = (url: string) =>
      performance.getEntriesByType('resource').find((e) => e.name === url)?.startTime ?? null;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return {
      boot: startOf((boot as HTMLScriptElement | null)?.src ?? ''),
      entry: startOf(entry),
      preloads: (boot?.getAttribute('data-preload') ?? '')
        .split(' ')
        .map((href) => startOf(new URL(href, location.href).href)),
      loadEnd: navigation.loadEventEnd,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
    };
  });
  expect(timing.boot).not.toBeNull();
  expect(timing.boot ?? Infinity).toBeLessThan(timing.loadEnd);
  expect(timing.firstPaint).not.toBeNull();
  expect(timing.preloads.length).toBeGreaterThan(0);
  for (const start of [timing.entry, ...timing.preloads]) {
    expect(start).not.toBeNull();
    expect(start ?? 0).toBeGreaterThanOrEqual(timing.loadEnd);
    expect(start ?? 0).toBeGreaterThan(timing.firstPaint ?? Infinity);
  }
});

test('the FAQ keeps one answer open at a time and can collapse', async ({ page }) => {
  await page.goto('/sell-watch-sydney');
  const questions = page.locator('.faq-question button');
  await expect(questions).toHaveCount(6);
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(2).click();
  await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await questions.nth(2).click();
  await expect(page.locator('.faq-question button[aria-expanded="true"]')).toHaveCount(0);
});

test('no placeholder social link: an unset Instagram profile is left out, not sent to instagram.com', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Recent Purchases/i }).first()).toBeVisible();
  await expect(page.locator('a[href*="instagram.com"]')).toHaveCount(0);
  await expect(page.getByText('See more of our recent purchases on Instagram')).toHaveCount(0);
});

test('every page footer links to the e-mail preferences page', async ({ page }) => {
  for (const path of ['/', '/sell', '/blog', '/sell-rolex-watch', '/privacy']) {
    await page.goto(path);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Manage e-mail preferences' });
    await expect(link).toHaveAttribute('href', '/unsubscribe');
  }
  await page.getByRole('contentinfo').getByRole('link', { name: 'Manage e-mail preferences' }).click();
  await expect(page).toHaveURL(/\/unsubscribe$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
