/**
 * The one script a prerendered page starts with. The page is complete without JavaScript, so the
 * app (the entry module and this page's route chunks, named by the prerenderer on this script's
 * element) is fetched only once the page has loaded and painted: its download and start-up then
 * compete with neither the stylesheet, the hero image nor the first paint (Lighthouse counts every
 * script that finished loading before the largest paint as holding it back; bench/README.md,
 * public-pages). Kept free of imports: it is its own tiny chunk, loaded by every public page. An
 * import of even two constants made the bundler load the 326 kB entry chunk with it, before the
 * page had loaded; so the attribute names are written here again, and boot.test.ts holds them
 * equal to shared/site/boot-attributes.ts, which the prerenderer reads (decision 078).
 */

const BOOT_ENTRY_ATTRIBUTE = 'data-entry';
const BOOT_PRELOAD_ATTRIBUTE = 'data-preload';

/**
 * Events that show a visitor reaching for the page: the app starts at once rather than after the
 * load event, so menus, the drawer and forms answer as soon as possible.
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'];

/**
 * Starts the app named on `script` once the page has loaded and the browser has reported its first
 * contentful paint (a module script runs before the load event, so the event always comes), or at
 * the visitor's first touch, key or pointer movement if that is sooner. Chromium stamps that paint
 * with the frame's presentation time, which can fall after the next animation frames have already
 * run, so the app waits for the entry itself rather than counting frames.
 */
export function bootWhenPainted(script: Element): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // Preloads go first so the route chunks download alongside the entry, not after it runs.
    for (const href of script.getAttribute(BOOT_PRELOAD_ATTRIBUTE)?.split(' ') ?? []) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    // Should it fail, the browser reports it; the prerendered page stays usable as plain HTML.
    void import(/* @vite-ignore */ script.getAttribute(BOOT_ENTRY_ATTRIBUTE) ?? '');
  };
  for (const type of INTENT_EVENTS)
    addEventListener(type, start, { capture: true, once: true, passive: true });
  addEventListener('load', () => {
    afterFirstContentfulPaint(() => setTimeout(start));
    // A background tab paints nothing; it still starts, a second after the load event.
    setTimeout(() => {
      if (document.visibilityState === 'hidden') start();
    }, HIDDEN_TAB_DELAY_MS);
    // Should no paint ever be reported, the app still starts.
    setTimeout(start, LAST_RESORT_DELAY_MS);
  });
}

export const HIDDEN_TAB_DELAY_MS = 1000;
export const LAST_RESORT_DELAY_MS = 5000;

/**
 * Calls `then` once the first contentful paint has been reported, or two animation frames from
 * now in a browser without paint timing (the frames follow the paint there).
 */
function afterFirstContentfulPaint(then: () => void): void {
  if (!globalThis.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => requestAnimationFrame(then));
    return;
  }
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  // Buffered: the paint usually comes before the load event and is delivered at once.
  observer.observe({ type: 'paint', buffered: true });
}

// No document where the module is only imported for its names (the prerenderer, tests).
const element = globalThis.document?.querySelector(`script[${BOOT_ENTRY_ATTRIBUTE}]`);
if (element) bootWhenPainted(element);
