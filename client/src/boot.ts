/**
 * The one script a prerendered page starts with. The page is complete without JavaScript, so the
 * app (the entry module and this page's route chunks, named by the prerenderer on this script's
 * element) is fetched only once the page has loaded and painted: its download and start-up then
 * compete with neither the stylesheet, the hero image nor the first paint (Lighthouse counts every
 * script that finished loading before the largest paint as holding it back; bench/README.md,
 * public-pages). Kept free of imports: it is its own tiny chunk, loaded by every public page.
 */

export const BOOT_ENTRY_ATTRIBUTE = 'data-entry';
export const BOOT_PRELOAD_ATTRIBUTE = 'data-preload';

/**
 * Events that show a visitor reaching for the page: the app starts at once rather than after the
 * load event, so menus, the drawer and forms answer as soon as possible.
 */
const INTENT_EVENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin', 'mouseover'];

/**
 * Starts the app named on `script` two frames after the load event, when the browser has painted
 * what loaded with the page (a module script runs before that event, so it always comes), or at
 * the visitor's first touch, key or pointer movement if that is sooner.
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
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
    // A background tab runs no animation frames; it still starts, at most a second later.
    setTimeout(start, 1000);
  });
}

// No document where the module is only imported for its names (the prerenderer, tests).
const element = globalThis.document?.querySelector(`script[${BOOT_ENTRY_ATTRIBUTE}]`);
if (element) bootWhenPainted(element);
