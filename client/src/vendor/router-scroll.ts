import type { AnyRouter, ParsedLocation } from '@tanstack/react-router';

/*
 * Stands in for @tanstack/router-core's scroll-restoration.js in the browser build (vite.config.ts).
 * Our routers switch scroll restoration off (router.tsx), but router-core imports that module
 * anyway and keeps its session-storage cache, scroll tracking and per-element restoration in every
 * public page's entry: 0.9 kB of gzip for nothing we use. What the router still does with
 * restoration off is kept, the same way: after each navigation, scroll to the location's #hash
 * target, or to the top unless the navigation said `resetScroll: false`.
 * router-scroll.test.ts checks this module exports everything the original does.
 */

interface ScrollFlags {
  /** Reset to the top after the next render (`resetScroll`, true unless a navigation says no). */
  n?: boolean;
  /** The next render follows a push or replace (used by the original's restoration only). */
  h?: boolean;
}

type RouterWithScroll = AnyRouter & { _scroll: ScrollFlags; _scrollToHashOrTop?: true };

export const storageKey = 'tsr-scroll-restoration-v1_3';

export function defaultGetScrollRestorationKey(location: ParsedLocation): string {
  return (location.state as { __TSR_key?: string }).__TSR_key || location.href;
}

/** Nothing is ever restored, so no element has an entry. */
export function getElementScrollRestorationEntry(): undefined {
  return undefined;
}

export function setupScrollRestoration(router: AnyRouter): void {
  const scrolling = router as RouterWithScroll;
  if (typeof window === 'undefined' || router.isServer || scrolling._scrollToHashOrTop) return;
  scrolling._scrollToHashOrTop = true;
  router.subscribe('onRendered', (event) => {
    const flags = scrolling._scroll;
    const reset = flags.n ?? true;
    flags.n = true;
    flags.h = false;
    const hash = event.toLocation.hash;
    const hashOptions =
      (event.toLocation.state as { __hashScrollIntoViewOptions?: boolean | ScrollIntoViewOptions })
        .__hashScrollIntoViewOptions ?? true;
    if (reset && !hash)
      window.scrollTo({ top: 0, left: 0, behavior: router.options.scrollRestorationBehavior });
    if (hash && hashOptions) document.getElementById(hash)?.scrollIntoView(hashOptions);
  });
}
