import type { ListAnchor } from '#shared/admin/lists.ts';
import type { PageTarget } from './ListPagination.tsx';
import {
  activeFilterCount,
  appliedSearch,
  isFiltered,
  listAnchor,
  type ListUrlState,
  withFilters,
  withPage,
} from './list-url.ts';

export interface ListPageOptions<S extends ListUrlState> {
  /** The route's parsed URL search params (its `validateSearch`). */
  search: S;
  /** Replaces them (the routes navigate with `replace`, so filtering does not fill the history). */
  onSearchChange: (next: S) => void;
  /** Keyset-paged lists keep the anchor row in the URL (`after`/`before`). */
  keyset?: boolean;
  /** Shorter searches are not applied by the server (SEARCH_MIN_LENGTH for trigram searches). */
  searchMinLength?: number;
  /** The URL keys that narrow the list, for the empty state's hint. */
  filterKeys?: readonly (keyof S)[];
}

export interface ListPageState<S extends ListUrlState> {
  /** The search in the URL, as typed. */
  term: string;
  /** The search the server applies ('' when none): also what the export is filtered by. */
  applied: string;
  page: number;
  anchor: ListAnchor | undefined;
  /** Search or a filter narrows the list: the empty state suggests adjusting them. */
  filtered: boolean;
  /** How many of the search and filters are applied (the phone's Filters button, decision 091). */
  activeFilters: number;
  setSearch: (search: string | undefined) => void;
  setFilters: (patch: Partial<S>) => void;
  goTo: (target: PageTarget) => void;
}

/**
 * One list page's URL state: search, filters and page live in the URL so a reload or a shared
 * link shows the same rows; any change of search or filter goes back to page 1.
 */
export function useListPage<S extends ListUrlState>({
  search,
  onSearchChange,
  keyset = false,
  searchMinLength = 1,
  filterKeys = [],
}: ListPageOptions<S>): ListPageState<S> {
  const term = search.search ?? '';
  return {
    term,
    applied: appliedSearch(term, searchMinLength),
    page: search.page ?? 1,
    anchor: listAnchor(search, keyset),
    filtered: isFiltered(search, filterKeys, searchMinLength),
    activeFilters: activeFilterCount(search, filterKeys, searchMinLength),
    setSearch: (value) => onSearchChange(withFilters(search, { search: value } as Partial<S>)),
    setFilters: (patch) => onSearchChange(withFilters(search, patch)),
    goTo: (target) => onSearchChange(withPage(search, target, keyset)),
  };
}
