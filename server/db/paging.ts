import { type RawBuilder, sql } from 'kysely';
import type { ListAnchor } from '#shared/admin/lists.ts';
import type { DbExecutor } from './database.ts';

// Newest-first pages of a large table ordered by (created_at, id), served in time independent of
// the page number wherever the UI can reach it: an anchor (the row next to the page) turns the page
// into an index range; without one, a page in the second half of the list is read from the other
// end of the index. Only a typed URL deep in the middle of a huge list pays for a long offset.

export type PagePlan =
  | { kind: 'offset'; order: 'desc' | 'asc'; offset: number; limit: number }
  | { kind: 'anchor'; order: 'desc' | 'asc'; anchor: ListAnchor; limit: number };

export interface PlannedPage {
  /** The page served: the requested one, or the last page when it was past the end. */
  page: number;
  totalPages: number;
  plan: PagePlan;
}

export interface PlanPageInput {
  page: number;
  pageSize: number;
  total: number;
  /** False when `total` is only a lower bound (a capped search count): no reading from the end. */
  totalIsExact: boolean;
  anchor?: ListAnchor | undefined;
}

export function planPage({ page, pageSize, total, totalIsExact, anchor }: PlanPageInput): PlannedPage {
  const totalPages = total > 0 ? Math.ceil(total / pageSize) : 0;
  const served = Math.min(Math.max(1, Math.floor(page)), Math.max(1, totalPages));
  if (served === 1)
    return { page: 1, totalPages, plan: { kind: 'offset', order: 'desc', offset: 0, limit: pageSize } };
  // An anchor only describes the page asked for; a clamped page is read by position instead.
  if (anchor && served === page) {
    return {
      page: served,
      totalPages,
      plan: { kind: 'anchor', order: anchor.direction === 'after' ? 'desc' : 'asc', anchor, limit: pageSize },
    };
  }
  const start = (served - 1) * pageSize;
  if (totalIsExact && start > total / 2) {
    const end = Math.min(served * pageSize, total);
    return {
      page: served,
      totalPages,
      plan: { kind: 'offset', order: 'asc', offset: total - end, limit: end - start },
    };
  }
  return {
    page: served,
    totalPages,
    plan: { kind: 'offset', order: 'desc', offset: start, limit: pageSize },
  };
}

export type PagedTable = 'leads' | 'unsubscribe_logs' | 'enquiries' | 'audit_log' | 'email_suppressions';

/** True when the anchor row still exists (a deleted anchor falls back to counting by position). */
export async function anchorExists(db: DbExecutor, table: PagedTable, anchor: ListAnchor): Promise<boolean> {
  const row = await sql<{
    found: number;
  }>`SELECT 1 AS found FROM ${sql.table(table)} WHERE id = ${anchor.id}`.execute(db);
  return row.rows.length > 0;
}

/**
 * `SELECT id FROM <table> WHERE <conditions>` for one page, in the plan's order. Selecting only ids
 * lets PostgreSQL walk the (created_at, id) index alone; the caller joins the page's 20 rows.
 */
export function pageIdsQuery(
  table: PagedTable,
  conditions: RawBuilder<unknown>[],
  plan: PagePlan,
): RawBuilder<{ id: string }> {
  const where = [...conditions];
  if (plan.kind === 'anchor') {
    // The anchor's own key is read in SQL: microseconds would not survive a trip through a JS Date.
    const cmp = plan.order === 'desc' ? sql.raw('<') : sql.raw('>');
    where.push(
      sql`(created_at, id) ${cmp} (SELECT a.created_at, a.id FROM ${sql.table(table)} a WHERE a.id = ${plan.anchor.id})`,
    );
  }
  const order =
    plan.order === 'desc' ? sql.raw('created_at DESC, id DESC') : sql.raw('created_at ASC, id ASC');
  const offset = plan.kind === 'offset' ? plan.offset : 0;
  return sql<{ id: string }>`
    SELECT id FROM ${sql.table(table)}
    WHERE ${where.length > 0 ? sql.join(where, sql` AND `) : sql`true`}
    ORDER BY ${order}
    LIMIT ${plan.limit} OFFSET ${offset}`;
}

/**
 * Every match of a search, newest first, when there are at most `cap` of them; null when there are
 * more. Reading the (few) matches and sorting them is bounded by the cap, however old they are;
 * walking the date index until twenty matches turn up is not, when the matches are all old.
 */
export async function matchesUpTo(
  db: DbExecutor,
  table: PagedTable,
  conditions: RawBuilder<unknown>[],
  cap: number,
): Promise<string[] | null> {
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  const result = await sql<{ id: string }>`
    SELECT id FROM (SELECT id, created_at FROM ${sql.table(table)} WHERE ${where} LIMIT ${cap + 1}) matches
    ORDER BY created_at DESC, id DESC`.execute(db);
  return result.rows.length > cap ? null : result.rows.map((row) => row.id);
}

/** The planned page's slice of a complete, ordered list of ids. */
export function slicePage(ids: readonly string[], planned: PlannedPage, pageSize: number): string[] {
  const { plan } = planned;
  if (plan.kind === 'anchor') {
    const at = ids.indexOf(plan.anchor.id);
    if (at >= 0)
      return plan.order === 'desc'
        ? ids.slice(at + 1, at + 1 + pageSize)
        : ids.slice(Math.max(0, at - pageSize), at);
  }
  return ids.slice((planned.page - 1) * pageSize, planned.page * pageSize);
}

export interface PagedIds {
  ids: string[];
  totalCount: number;
  totalIsCapped: boolean;
  totalPages: number;
  page: number;
}

export interface PagedIdsInput {
  table: PagedTable;
  conditions: RawBuilder<unknown>[];
  /** Searches are counted up to `searchCap`; other selections have an exact, cheap count. */
  search: boolean;
  searchCap: number;
  /** The caller already knows a search matches more than `searchCap`: skip collecting matches. */
  knownOverCap?: boolean;
  /** The exact size of a selection without a search (trigger-kept totals). */
  countExact: () => Promise<number>;
  page: number;
  pageSize: number;
  anchor?: ListAnchor | undefined;
}

/**
 * The ids of one page, newest first, with the counts the list shows. Run it in one REPEATABLE READ
 * snapshot with the row fetch, so a page read from the oldest end lines up exactly with the count.
 */
export async function pagedIds(db: DbExecutor, input: PagedIdsInput): Promise<PagedIds> {
  const { table, conditions, page, pageSize } = input;
  if (input.search && !input.knownOverCap) {
    const matches = await matchesUpTo(db, table, conditions, input.searchCap);
    if (matches) {
      const planned = planPage({
        page,
        pageSize,
        total: matches.length,
        totalIsExact: true,
        anchor: input.anchor,
      });
      return {
        ids: slicePage(matches, planned, pageSize),
        totalCount: matches.length,
        totalIsCapped: false,
        totalPages: planned.totalPages,
        page: planned.page,
      };
    }
  }
  const total = input.search ? input.searchCap : await input.countExact();
  const anchor = input.anchor && (await anchorExists(db, table, input.anchor)) ? input.anchor : undefined;
  const planned = planPage({ page, pageSize, total, totalIsExact: !input.search, anchor });
  const ids = total === 0 ? [] : (await pageIdsQuery(table, conditions, planned.plan).execute(db)).rows;
  return {
    ids: ids.map((row) => row.id),
    totalCount: total,
    totalIsCapped: input.search,
    totalPages: planned.totalPages,
    page: planned.page,
  };
}

/** ILIKE pattern for a "contains" search: the user's %, _ and \ are matched literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
