import { externalReferrer } from '#shared/leads/referrer.ts';

/**
 * Campaign attribution for the visit. Kept free of zod and React so the layout can call
 * `captureUtm()` on every public page load without pulling the sell form's code; the sell form
 * reads it back with utm-read.ts, which public pages do not load.
 */

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type Utm = Record<UtmKey, string | null>;

export const UTM_STORAGE_KEY = 'sell:utm';
export const REFERRER_STORAGE_KEY = 'sell:referrer';

export type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/** sessionStorage, or null where the browser refuses it (privacy modes, disabled storage). */
export function sessionStore(): KeyValueStore | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function emptyUtm(): Utm {
  return { utm_source: null, utm_medium: null, utm_campaign: null, utm_content: null, utm_term: null };
}

/** The utm_* parameters of a query string; null when it carries none. */
export function parseUtm(search: string): Utm | null {
  const params = new URLSearchParams(search);
  const utm = emptyUtm();
  let found = false;
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim();
    if (value) {
      utm[key] = value;
      found = true;
    }
  }
  return found ? utm : null;
}

/**
 * Call on every public page load. A landing URL carrying any utm_* parameter replaces what the visit
 * held (the latest ad click is what brought the seller back); a URL without them keeps it, so moving
 * from page to page never loses the attribution.
 */
export function captureUtm(
  search: string = typeof window === 'undefined' ? '' : window.location.search,
  store: KeyValueStore | null = sessionStore(),
): void {
  const utm = parseUtm(search);
  if (!utm || !store) return;
  try {
    store.setItem(UTM_STORAGE_KEY, JSON.stringify(utm));
  } catch {
    // Storage full or refused: attribution is a nicety, never a reason to break the page.
  }
}

/**
 * Call beside `captureUtm()`: another site's page the visit came from (decision 100), origin and
 * path only. A client-side move between our pages keeps `document.referrer`, and a page of our own
 * is no source, so an external one replaces what the visit held and nothing else does.
 */
export function captureReferrer(
  referrer: string = typeof document === 'undefined' ? '' : document.referrer,
  ownOrigin: string = typeof window === 'undefined' ? '' : window.location.origin,
  store: KeyValueStore | null = sessionStore(),
): void {
  const external = externalReferrer(referrer, ownOrigin);
  if (!external || !store) return;
  try {
    store.setItem(REFERRER_STORAGE_KEY, external);
  } catch {
    // As with utm: attribution never breaks the page.
  }
}
