import { describe, expect, it } from 'vitest';
import { pageCount, pageOffset, pageParamSchema, paginationModel } from './pagination.ts';

const L = 'ellipsis-left';
const R = 'ellipsis-right';

describe('paginationModel', () => {
  it('is empty for zero or one page', () => {
    expect(paginationModel({ page: 1, totalPages: 0 })).toEqual([]);
    expect(paginationModel({ page: 1, totalPages: 1 })).toEqual([]);
    expect(paginationModel({ page: 3, totalPages: -2 })).toEqual([]);
    expect(paginationModel({ page: 1, totalPages: Number.NaN })).toEqual([]);
  });

  it('shows both pages of two', () => {
    expect(paginationModel({ page: 1, totalPages: 2 })).toEqual([1, 2]);
    expect(paginationModel({ page: 2, totalPages: 2 })).toEqual([1, 2]);
  });

  it('shows all of three pages', () => {
    expect(paginationModel({ page: 1, totalPages: 3 })).toEqual([1, 2, 3]);
    expect(paginationModel({ page: 3, totalPages: 3 })).toEqual([1, 2, 3]);
  });

  it('handles five pages', () => {
    expect(paginationModel({ page: 1, totalPages: 5 })).toEqual([1, 2, R, 5]);
    expect(paginationModel({ page: 2, totalPages: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(paginationModel({ page: 3, totalPages: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(paginationModel({ page: 4, totalPages: 5 })).toEqual([1, 2, 3, 4, 5]);
    expect(paginationModel({ page: 5, totalPages: 5 })).toEqual([1, L, 4, 5]);
  });

  it('handles seven pages, showing a one-page gap as its number', () => {
    expect(paginationModel({ page: 1, totalPages: 7 })).toEqual([1, 2, R, 7]);
    expect(paginationModel({ page: 2, totalPages: 7 })).toEqual([1, 2, 3, R, 7]);
    expect(paginationModel({ page: 3, totalPages: 7 })).toEqual([1, 2, 3, 4, R, 7]);
    expect(paginationModel({ page: 4, totalPages: 7 })).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(paginationModel({ page: 5, totalPages: 7 })).toEqual([1, L, 4, 5, 6, 7]);
    expect(paginationModel({ page: 6, totalPages: 7 })).toEqual([1, L, 5, 6, 7]);
    expect(paginationModel({ page: 7, totalPages: 7 })).toEqual([1, L, 6, 7]);
  });

  it('handles ten pages with the current page at the start, middle and end', () => {
    expect(paginationModel({ page: 1, totalPages: 10 })).toEqual([1, 2, R, 10]);
    expect(paginationModel({ page: 2, totalPages: 10 })).toEqual([1, 2, 3, R, 10]);
    expect(paginationModel({ page: 3, totalPages: 10 })).toEqual([1, 2, 3, 4, R, 10]);
    expect(paginationModel({ page: 4, totalPages: 10 })).toEqual([1, 2, 3, 4, 5, R, 10]);
    expect(paginationModel({ page: 5, totalPages: 10 })).toEqual([1, L, 4, 5, 6, R, 10]);
    expect(paginationModel({ page: 6, totalPages: 10 })).toEqual([1, L, 5, 6, 7, R, 10]);
    expect(paginationModel({ page: 7, totalPages: 10 })).toEqual([1, L, 6, 7, 8, 9, 10]);
    expect(paginationModel({ page: 9, totalPages: 10 })).toEqual([1, L, 8, 9, 10]);
    expect(paginationModel({ page: 10, totalPages: 10 })).toEqual([1, L, 9, 10]);
  });

  it('clamps the page into range', () => {
    expect(paginationModel({ page: 0, totalPages: 10 })).toEqual([1, 2, R, 10]);
    expect(paginationModel({ page: -5, totalPages: 10 })).toEqual([1, 2, R, 10]);
    expect(paginationModel({ page: 99, totalPages: 10 })).toEqual([1, L, 9, 10]);
    expect(paginationModel({ page: Number.NaN, totalPages: 10 })).toEqual([1, 2, R, 10]);
    expect(paginationModel({ page: 5.7, totalPages: 10 })).toEqual([1, L, 4, 5, 6, R, 10]);
  });

  it('respects the number of siblings', () => {
    expect(paginationModel({ page: 10, totalPages: 20, siblings: 2 })).toEqual([
      1,
      L,
      8,
      9,
      10,
      11,
      12,
      R,
      20,
    ]);
    expect(paginationModel({ page: 5, totalPages: 10, siblings: 0 })).toEqual([1, L, 5, R, 10]);
    expect(paginationModel({ page: 1, totalPages: 10, siblings: 0 })).toEqual([1, R, 10]);
    expect(paginationModel({ page: 10, totalPages: 10, siblings: 0 })).toEqual([1, L, 10]);
    expect(paginationModel({ page: 1, totalPages: 3, siblings: 0 })).toEqual([1, 2, 3]);
    expect(paginationModel({ page: 3, totalPages: 7, siblings: 5 })).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('always lists each page at most once, ascending, with first and last', () => {
    for (let total = 2; total <= 15; total++) {
      for (let page = 1; page <= total; page++) {
        for (const siblings of [0, 1, 2]) {
          const items = paginationModel({ page, totalPages: total, siblings });
          const numbers = items.filter((i): i is number => typeof i === 'number');
          expect(numbers[0]).toBe(1);
          expect(numbers.at(-1)).toBe(total);
          expect(numbers).toContain(page);
          expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
          expect(new Set(numbers).size).toBe(numbers.length);
          // Every ellipsis hides at least two pages.
          items.forEach((item, i) => {
            if (typeof item === 'number') return;
            const before = items[i - 1];
            const after = items[i + 1];
            expect(typeof before === 'number' && typeof after === 'number' && after - before > 2).toBe(true);
          });
        }
      }
    }
  });
});

describe('pageCount', () => {
  it('rounds up and is 0 without rows', () => {
    expect(pageCount(0, 20)).toBe(0);
    expect(pageCount(1, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(-1, 20)).toBe(0);
  });

  it('rejects a non-positive page size', () => {
    expect(() => pageCount(10, 0)).toThrow(RangeError);
    expect(() => pageCount(10, 2.5)).toThrow(RangeError);
  });
});

describe('pageOffset', () => {
  it('computes the row offset of a 1-based page', () => {
    expect(pageOffset(1, 20)).toBe(0);
    expect(pageOffset(2, 20)).toBe(20);
    expect(pageOffset(3, 10)).toBe(20);
    expect(pageOffset(0, 10)).toBe(0);
    expect(pageOffset(-4, 10)).toBe(0);
    expect(() => pageOffset(1, -1)).toThrow(RangeError);
  });
});

describe('pageParamSchema', () => {
  it('coerces positive integers from strings and numbers', () => {
    expect(pageParamSchema.parse('3')).toBe(3);
    expect(pageParamSchema.parse(7)).toBe(7);
  });

  it('defaults to 1 and turns anything invalid into 1', () => {
    for (const input of [
      undefined,
      null,
      '',
      '0',
      '-2',
      '2.5',
      'abc',
      0,
      -1,
      Number.NaN,
      Infinity,
      {},
      '1e400',
    ]) {
      expect(pageParamSchema.parse(input)).toBe(1);
    }
  });
});
