import { type RawBuilder, sql } from 'kysely';
import { effectiveSearch, type ListAnchor, type PagedResult, SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import {
  actionsForFilter,
  methodsForFilter,
  type UnsubscribeLogAction,
  type UnsubscribeLogEntry,
  type UnsubscribeLogFilters,
  type UnsubscribeLogMethod,
  unsubscribeActions,
  unsubscribeMethods,
  type UnsubscribeStats,
} from '#shared/unsubscribe/schemas.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { containsPattern, pagedIds } from '../db/paging.ts';
import { readTotals, unsubscribeLogMetric } from '../stats/entry.ts';

// Unsubscribe Activity (docs/spec/admin.md §2, §7). Every count except "today" and "this week" comes from
// the trigger-kept totals; those two read the last week of the covering (created_at) index.

const UNSUBSCRIBES: UnsubscribeLogAction[] = ['email_unsubscribe', 'sms_unsubscribe'];

export interface LogSelection {
  actions: UnsubscribeLogAction[];
  methods: UnsubscribeLogMethod[];
  search: string | null;
}

export function logSelection(filters: UnsubscribeLogFilters): LogSelection {
  return {
    actions: actionsForFilter(filters.action, filters.includeResubscribes),
    methods: methodsForFilter(filters.method),
    search: effectiveSearch(filters.search),
  };
}

export function logConditions(selection: LogSelection): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [sql`action IN (${sql.join(selection.actions)})`];
  if (selection.methods.length < unsubscribeMethods.length)
    conditions.push(sql`method IN (${sql.join(selection.methods)})`);
  if (selection.search) conditions.push(sql`email ILIKE ${containsPattern(selection.search)}`);
  return conditions;
}

/** Exact number of logs with these actions and methods, from the kept totals. */
export async function countLogs(
  db: DbExecutor,
  actions: readonly UnsubscribeLogAction[],
  methods: readonly UnsubscribeLogMethod[],
): Promise<number> {
  const metrics = actions.flatMap((a) => methods.map((m) => unsubscribeLogMetric(a, m)));
  const totals = await readTotals(db, metrics);
  return metrics.reduce((sum, metric) => sum + (totals[metric] ?? 0), 0);
}

export interface ListLogsInput extends UnsubscribeLogFilters {
  page: number;
  pageSize: number;
  anchor?: ListAnchor | undefined;
}

export async function listUnsubscribeLogs(
  db: Database,
  input: ListLogsInput,
): Promise<PagedResult<UnsubscribeLogEntry>> {
  const selection = logSelection(input);
  const conditions = logConditions(selection);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const paged = await pagedIds(trx, {
        table: 'unsubscribe_logs',
        conditions,
        search: selection.search !== null,
        searchCap: SEARCH_COUNT_CAP,
        countExact: () => countLogs(trx, selection.actions, selection.methods),
        page: input.page,
        pageSize: input.pageSize,
        anchor: input.anchor,
      });
      const rows =
        paged.ids.length === 0
          ? []
          : await trx
              .selectFrom('unsubscribe_logs')
              .select(['id', 'email', 'action', 'method', 'ip_address', 'user_agent', 'created_at'])
              .where('id', 'in', paged.ids)
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .execute();
      return {
        rows: rows.map((r) => ({
          id: r.id,
          email: r.email,
          action: r.action,
          method: r.method,
          ipAddress: r.ip_address,
          userAgent: r.user_agent,
          createdAt: r.created_at.toISOString(),
        })),
        totalCount: paged.totalCount,
        totalIsCapped: paged.totalIsCapped,
        totalPages: paged.totalPages,
        page: paged.page,
      };
    });
}

/**
 * The four cards and the spec's stats (email, sms, one-click, manual). "Today" starts at local
 * midnight in the settings timezone; "this week" is the last 7 x 24 hours.
 */
export async function unsubscribeStats(
  db: DbExecutor,
  { now = new Date(), timezone }: { now?: Date; timezone: string },
): Promise<UnsubscribeStats> {
  const metrics = unsubscribeActions.flatMap((a) =>
    unsubscribeMethods.map((m) => unsubscribeLogMetric(a, m)),
  );
  const [totals, recent] = await Promise.all([
    readTotals(db, metrics),
    sql<{ today: number; week: number }>`
      SELECT count(*) FILTER (WHERE created_at >= date_trunc('day', ${now}::timestamptz, ${timezone})) AS today,
             count(*) AS week
      FROM unsubscribe_logs
      WHERE created_at > ${now}::timestamptz - interval '7 days' AND created_at <= ${now}::timestamptz
        AND action IN (${sql.join(UNSUBSCRIBES)})`.execute(db),
  ]);
  const sum = (actions: UnsubscribeLogAction[], methods: UnsubscribeLogMethod[]) =>
    actions.reduce(
      (acc, a) => acc + methods.reduce((s, m) => s + (totals[unsubscribeLogMetric(a, m)] ?? 0), 0),
      0,
    );
  const all = [...unsubscribeMethods];
  return {
    total: sum(UNSUBSCRIBES, all),
    email: sum(['email_unsubscribe'], all),
    sms: sum(['sms_unsubscribe'], all),
    oneClick: sum(UNSUBSCRIBES, ['one_click']),
    manual: sum(UNSUBSCRIBES, ['manual']),
    today: Number(recent.rows[0]?.today ?? 0),
    thisWeek: Number(recent.rows[0]?.week ?? 0),
    resubscribes: sum(['email_resubscribe', 'sms_resubscribe'], all),
    timezone,
  };
}
