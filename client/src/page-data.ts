import { notFound } from '@tanstack/react-router';
import type { PageData, PageDataOf, PageKind } from '#shared/content/pages/types.ts';

/**
 * Content pages get their data from a route loader rather than from bundled content, so a page's
 * JavaScript holds only its components. Three sources, in order:
 * - at prerender time (and in the dev server's renderer) a synchronous builder registered by
 *   entry-server.tsx;
 * - on the first page in the browser, the data the prerenderer embedded in the HTML;
 * - on later client-side navigations, GET /api/page-data.
 */

export const PAGE_DATA_ELEMENT_ID = '__page_data';

/** What the prerenderer embeds in each page as JSON. */
export interface PageSeed {
  path: string;
  status: number;
  data: PageData | null;
  /** The route reads the query string, so HTML rendered without one cannot be hydrated as is. */
  searchDependent: boolean;
}

type PageDataBuilder = (path: string) => PageData | null;

let builder: PageDataBuilder | null = null;
let seed: PageSeed | null = null;

export function setPageDataBuilder(build: PageDataBuilder): void {
  builder = build;
}

export function readPageSeed(doc: Document): PageSeed | null {
  const text = doc.getElementById(PAGE_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as PageSeed) : null;
}

/** The first page's data, used by its loader; cleared once that page has loaded. */
export function plantPageSeed(value: PageSeed | null): void {
  seed = value;
}

async function fetchPageData(path: string): Promise<PageData | null> {
  const res = await fetch(`/api/page-data?path=${encodeURIComponent(path)}`, {
    headers: { accept: 'application/json' },
  });
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`Could not load this page (HTTP ${res.status}). Please try again.`);
  return (await res.json()) as PageData;
}

function takeSeed(path: string): PageSeed | null {
  // A not-found page is prerendered once and served for every unknown path, so it matches any path.
  return seed && (seed.path === path || seed.status === 404) ? seed : null;
}

/** Route loader body: the page's data, or the route's not-found view. */
export async function loadPageData<K extends PageKind>(kind: K, path: string): Promise<PageDataOf<K>> {
  const seeded = builder ? null : takeSeed(path);
  const data = builder ? builder(path) : seeded ? seeded.data : await fetchPageData(path);
  if (!data || data.kind !== kind) throw notFound();
  // The kind check above is what ties the union member to K.
  return data as PageDataOf<K>;
}
