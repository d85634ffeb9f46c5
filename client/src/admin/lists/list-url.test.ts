import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  appliedSearch,
  isFiltered,
  listAnchor,
  pickedFilter,
  withFilters,
  withPage,
} from './list-url.ts';

const ID = '0a1b2c3d-0000-4000-8000-00000000abcd';

describe('list URL state', () => {
  it('a new search or filter goes back to page 1 and drops the anchor, keeping the other filters', () => {
    const search = { search: 'rolex', filter: 'subscribed', page: 4, after: ID };
    expect(withFilters(search, { search: 'omega' })).toEqual({
      search: 'omega',
      filter: 'subscribed',
      page: undefined,
      after: undefined,
      before: undefined,
    });
    expect(withFilters(search, { filter: undefined })).toMatchObject({ search: 'rolex', page: undefined });
  });

  it('a keyset list keeps the anchor of the page it goes to; page 1 is the bare URL', () => {
    const search = { search: 'rolex', page: 2, after: ID };
    expect(withPage(search, { page: 3, after: ID }, true)).toEqual({
      search: 'rolex',
      page: 3,
      after: ID,
      before: undefined,
    });
    expect(withPage(search, { page: 1 }, true)).toEqual({
      search: 'rolex',
      page: undefined,
      after: undefined,
      before: undefined,
    });
  });

  it('an offset-paged list never puts an anchor in its URL', () => {
    expect(withPage({ search: 'a' }, { page: 2, before: ID }, false)).toEqual({ search: 'a', page: 2 });
    expect(listAnchor({ after: ID }, false)).toBeUndefined();
    expect(listAnchor({ after: ID }, true)).toEqual({ id: ID, direction: 'after' });
    expect(listAnchor({ before: ID }, true)).toEqual({ id: ID, direction: 'before' });
  });

  it('applies a search only from its minimum length, trimmed', () => {
    expect(appliedSearch('  ro ', 3)).toBe('');
    expect(appliedSearch(' rol ', 3)).toBe('rol');
    expect(appliedSearch('a', 1)).toBe('a');
    expect(appliedSearch('   ', 0)).toBe('');
    expect(appliedSearch(undefined, 1)).toBe('');
  });

  it('counts the search and the named filters, not "all" or a filter it was not given', () => {
    type S = { search?: string; action?: string; resubscribes?: true; page?: number };
    const keys = ['action'] as const;
    expect(isFiltered<S>({}, keys, 3)).toBe(false);
    expect(isFiltered<S>({ search: 'ab' }, keys, 3)).toBe(false);
    expect(isFiltered<S>({ search: 'abc' }, keys, 3)).toBe(true);
    expect(isFiltered<S>({ action: 'all' }, keys, 3)).toBe(false);
    expect(isFiltered<S>({ action: 'sms_unsubscribe' }, keys, 3)).toBe(true);
    expect(isFiltered<S>({ resubscribes: true, page: 2 }, keys, 3)).toBe(false);
  });

  it('counts each applied filter once for the phone’s Filters button (decision 091)', () => {
    type S = { search?: string; status?: string; brand?: string; awaiting?: boolean; page?: number };
    const keys = ['status', 'brand', 'awaiting'] as const;
    expect(activeFilterCount<S>({}, keys, 3)).toBe(0);
    // A search too short to apply, "all" and an unticked box are no filter; the page is none.
    expect(activeFilterCount<S>({ search: 'ab', status: 'all', awaiting: false, page: 3 }, keys, 3)).toBe(0);
    expect(activeFilterCount<S>({ search: 'rolex', status: 'new' }, keys, 3)).toBe(2);
    expect(
      activeFilterCount<S>({ search: 'rolex', status: 'new', brand: 'Omega', awaiting: true }, keys, 3),
    ).toBe(4);
  });

  it('a one-of filter keeps its value; "all", nothing or an unknown value is no filter', () => {
    const reasons = ['all', 'bounce', 'complaint'] as const;
    expect(pickedFilter('bounce', reasons)).toBe('bounce');
    expect(pickedFilter('all', reasons)).toBeUndefined();
    expect(pickedFilter(null, reasons)).toBeUndefined();
    expect(pickedFilter('spam', reasons)).toBeUndefined();
  });
});
