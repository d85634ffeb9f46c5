import { z } from 'zod';

export type PaginationItem = number | 'ellipsis-left' | 'ellipsis-right';

export interface PaginationModelInput {
  page: number;
  totalPages: number;
  /** How many neighbours to show on each side of the current page. */
  siblings?: number;
}

/**
 * The page buttons to render: first page, current page with its neighbours, last page, and an ellipsis
 * for each gap. A gap of exactly one page shows that page instead, since an ellipsis would take the same
 * space while hiding the number. The two ellipses have distinct values so they can serve as React keys.
 */
export function paginationModel({ page, totalPages, siblings = 1 }: PaginationModelInput): PaginationItem[] {
  const last = Number.isFinite(totalPages) ? Math.floor(totalPages) : 0;
  if (last <= 1) return [];
  const around = Number.isFinite(siblings) ? Math.max(0, Math.floor(siblings)) : 1;
  const current = Number.isFinite(page) ? Math.min(last, Math.max(1, Math.floor(page))) : 1;

  const start = Math.max(2, current - around);
  const end = Math.min(last - 1, current + around);
  const items: PaginationItem[] = [1];

  if (start - 2 > 1) items.push('ellipsis-left');
  else for (let p = 2; p < start; p++) items.push(p);

  for (let p = start; p <= end; p++) items.push(p);

  if (last - 1 - end > 1) items.push('ellipsis-right');
  else for (let p = end + 1; p < last; p++) items.push(p);

  items.push(last);
  return items;
}

function assertPageSize(pageSize: number): void {
  if (!Number.isInteger(pageSize) || pageSize <= 0) {
    throw new RangeError(`pageSize must be a positive integer, got ${pageSize}`);
  }
}

/** Number of pages for `total` rows; 0 when there are no rows. */
export function pageCount(total: number, pageSize: number): number {
  assertPageSize(pageSize);
  if (!(total > 0)) return 0;
  return Math.ceil(total / pageSize);
}

/** Row offset of a 1-based page; pages below 1 are treated as page 1. */
export function pageOffset(page: number, pageSize: number): number {
  assertPageSize(pageSize);
  const p = Number.isFinite(page) ? Math.max(1, Math.floor(page)) : 1;
  return (p - 1) * pageSize;
}

/**
 * `?page=` from a URL. A hand-edited or stale value must never break the list, so anything that is not
 * a positive integer quietly becomes page 1.
 */
export const pageParamSchema = z.coerce.number().int().positive().default(1).catch(1);
