import { anchorFromSearchParams, type ListAnchor } from '#shared/admin/lists.ts';
import { readOneOf } from '#shared/url-search.ts';
import type { PageTarget } from './ListPagination.tsx';

// What every admin list keeps in its URL besides its own filters (the routes parse them with the
// readers of shared/url-search.ts): the search text, the page, and for keyset-paged lists the
// anchor row of that page (see shared/admin/lists.ts).

export interface ListUrlState {
  search?: string | undefined;
  page?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

/** A one-of filter's pick as the URL keeps it: "all", or a value the list does not know, is no filter. */
export function pickedFilter<T extends string>(
  picked: unknown,
  values: readonly T[],
): Exclude<T, 'all'> | undefined {
  const parsed = readOneOf(picked, values);
  return parsed === undefined || parsed === 'all' ? undefined : (parsed as Exclude<T, 'all'>);
}

/** Any change of search or filter starts again at the first page, without an anchor. */
export function withFilters<S extends ListUrlState>(search: S, patch: Partial<S>): S {
  return { ...search, ...patch, page: undefined, after: undefined, before: undefined };
}

/**
 * The URL of another page. Page 1 is the bare URL; only keyset-paged lists carry the anchor (the
 * others' parsers would drop it, and the URL would say something the list does not use).
 */
export function withPage<S extends ListUrlState>(search: S, target: PageTarget, keyset: boolean): S {
  return {
    ...search,
    page: target.page === 1 ? undefined : target.page,
    ...(keyset ? { after: target.after, before: target.before } : {}),
  };
}

/** The search the server applies: the trimmed text, or '' while it is shorter than `minLength`. */
export function appliedSearch(term: string | undefined, minLength: number): string {
  const trimmed = term?.trim() ?? '';
  return trimmed.length >= Math.max(1, minLength) ? trimmed : '';
}

/**
 * How many of the search and `filterKeys` narrow the list; "all" (a filter's own word for none)
 * does not count. The phone's Filters button shows it (decision 091).
 */
export function activeFilterCount<S extends ListUrlState>(
  search: S,
  filterKeys: readonly (keyof S)[],
  minLength: number,
): number {
  const searched = appliedSearch(search.search, minLength) ? 1 : 0;
  return (
    searched +
    filterKeys.filter((key) => {
      const value = search[key];
      return value !== undefined && value !== 'all' && value !== '' && value !== false;
    }).length
  );
}

/** Whether the list is narrowed by its search or one of `filterKeys`: the empty state then suggests adjusting them. */
export function isFiltered<S extends ListUrlState>(
  search: S,
  filterKeys: readonly (keyof S)[],
  minLength: number,
): boolean {
  return activeFilterCount(search, filterKeys, minLength) > 0;
}

export function listAnchor(search: ListUrlState, keyset: boolean): ListAnchor | undefined {
  return keyset ? anchorFromSearchParams(search) : undefined;
}
