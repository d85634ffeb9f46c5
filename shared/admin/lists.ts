import { z } from 'zod';

/**
 * What the admin's paged lists (contacts, unsubscribe activity) have in common: a case-insensitive
 * "contains" search on e-mail, 1-based pages and an optional keyset anchor.
 */

/**
 * A "contains" search can only use the trigram index with at least three characters; shorter terms
 * would scan a million rows for a result nobody needs, so they are not applied (the search box
 * says so).
 */
export const SEARCH_MIN_LENGTH = 3;

/**
 * Matches of a search are counted up to this many. Counting every match of a term like "gmail"
 * means visiting hundreds of thousands of rows; beyond a thousand the admin refines the search
 * rather than paging through fifty pages.
 */
export const SEARCH_COUNT_CAP = 1000;

import { MAX_PAGE, MAX_SEARCH_LENGTH } from './search-params.ts';

export { MAX_PAGE, MAX_SEARCH_LENGTH };

export const searchTermSchema = z.string().trim().max(MAX_SEARCH_LENGTH).default('');

/** The search actually applied: null when the box is empty or the term is too short. */
export function effectiveSearch(search: string | undefined): string | null {
  const term = search?.trim() ?? '';
  return term.length >= SEARCH_MIN_LENGTH ? term : null;
}

/**
 * Keyset anchor: the row next to the requested page. "after" names the last row of the page before
 * it (going forwards), "before" the first row of the page after it (going backwards). With an anchor
 * a page costs the same at page 3 and page 30,000; without one (a typed URL) the server counts rows
 * from the nearer end of the list.
 */
export const listAnchorSchema = z.object({
  id: z.uuid(),
  direction: z.enum(['after', 'before']),
});
export type ListAnchor = z.infer<typeof listAnchorSchema>;

export const listPageSchema = z.number().int().min(1).max(MAX_PAGE).default(1);

export function anchorFromSearchParams(params: {
  after?: string | undefined;
  before?: string | undefined;
}): ListAnchor | undefined {
  if (params.after) return { id: params.after, direction: 'after' };
  if (params.before) return { id: params.before, direction: 'before' };
  return undefined;
}

export interface PagedResult<T> {
  rows: T[];
  /** Matching rows; a lower bound when `totalIsCapped`. */
  totalCount: number;
  /** True when a search matched more than SEARCH_COUNT_CAP rows and counting stopped there. */
  totalIsCapped: boolean;
  totalPages: number;
  /** The page served (a page past the end is served as the last page). */
  page: number;
}
