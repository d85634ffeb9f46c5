import { describe, expect, it } from 'vitest';
import { containsPattern, planPage, slicePage } from './paging.ts';

const anchor = { id: '6f0c1c4e-8a43-4b7b-9b59-1c1e7e0a0001', direction: 'after' as const };

describe('planPage', () => {
  it('reads the first page from the newest end', () => {
    expect(planPage({ page: 1, pageSize: 20, total: 1_000_000, totalIsExact: true })).toEqual({
      page: 1,
      totalPages: 50_000,
      plan: { kind: 'offset', order: 'desc', offset: 0, limit: 20 },
    });
  });

  it('reads a page in the first half by offset from the newest end', () => {
    expect(planPage({ page: 3, pageSize: 20, total: 95, totalIsExact: true }).plan).toEqual({
      kind: 'offset',
      order: 'desc',
      offset: 40,
      limit: 20,
    });
  });

  it('reads a page in the second half from the oldest end, including a short last page', () => {
    // 95 rows: page 5 holds rows 80..94 (newest first), i.e. the 15 oldest rows.
    expect(planPage({ page: 5, pageSize: 20, total: 95, totalIsExact: true })).toEqual({
      page: 5,
      totalPages: 5,
      plan: { kind: 'offset', order: 'asc', offset: 0, limit: 15 },
    });
    // Page 4 holds rows 60..79: in oldest-first order they start after the 15 oldest.
    expect(planPage({ page: 4, pageSize: 20, total: 95, totalIsExact: true }).plan).toEqual({
      kind: 'offset',
      order: 'asc',
      offset: 15,
      limit: 20,
    });
  });

  it('never reads from the oldest end when the total is only a lower bound', () => {
    expect(planPage({ page: 50, pageSize: 20, total: 1000, totalIsExact: false }).plan).toEqual({
      kind: 'offset',
      order: 'desc',
      offset: 980,
      limit: 20,
    });
  });

  it('serves a page past the end as the last page, ignoring an anchor meant for another page', () => {
    const planned = planPage({ page: 9, pageSize: 20, total: 45, totalIsExact: true, anchor });
    expect(planned.page).toBe(3);
    expect(planned.plan).toEqual({ kind: 'offset', order: 'asc', offset: 0, limit: 5 });
  });

  it('uses an anchor as an index range in its direction', () => {
    expect(planPage({ page: 7, pageSize: 20, total: 1000, totalIsExact: true, anchor }).plan).toEqual({
      kind: 'anchor',
      order: 'desc',
      anchor,
      limit: 20,
    });
    const before = { ...anchor, direction: 'before' as const };
    expect(planPage({ page: 7, pageSize: 20, total: 1000, totalIsExact: true, anchor: before }).plan).toEqual(
      {
        kind: 'anchor',
        order: 'asc',
        anchor: before,
        limit: 20,
      },
    );
  });

  it('has no pages for no rows and treats odd page numbers as page 1', () => {
    expect(planPage({ page: 4, pageSize: 20, total: 0, totalIsExact: true })).toEqual({
      page: 1,
      totalPages: 0,
      plan: { kind: 'offset', order: 'desc', offset: 0, limit: 20 },
    });
    expect(planPage({ page: 0, pageSize: 20, total: 50, totalIsExact: true }).page).toBe(1);
  });
});

describe('containsPattern', () => {
  it('wraps the term and matches LIKE wildcards literally', () => {
    expect(containsPattern('gmail')).toBe('%gmail%');
    expect(containsPattern('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});

describe('slicePage', () => {
  const ids = Array.from({ length: 45 }, (_, i) => `id${i}`);
  const plan = (page: number, anchor?: { id: string; direction: 'after' | 'before' }) =>
    planPage({ page, pageSize: 20, total: ids.length, totalIsExact: true, anchor });

  it('slices by position, including the short last page', () => {
    expect(slicePage(ids, plan(1), 20)).toEqual(ids.slice(0, 20));
    expect(slicePage(ids, plan(3), 20)).toEqual(ids.slice(40));
  });

  it('slices next to an anchor in its direction, or by position when the anchor is not in the list', () => {
    expect(slicePage(ids, plan(2, { id: 'id19', direction: 'after' }), 20)).toEqual(ids.slice(20, 40));
    expect(slicePage(ids, plan(2, { id: 'id40', direction: 'before' }), 20)).toEqual(ids.slice(20, 40));
    expect(slicePage(ids, plan(2, { id: 'gone', direction: 'after' }), 20)).toEqual(ids.slice(20, 40));
  });
});
