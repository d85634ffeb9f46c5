import { sql } from 'kysely';
import { ACTION_LABELS, METHOD_LABELS, type UnsubscribeLogFilters } from '#shared/unsubscribe/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { type CsvExportSpec, localTimestamp } from '../exports/csv-export.ts';
import { countLogs, logConditions, logSelection } from './logs.ts';

// Unsubscribe logs export (docs/spec/admin.md §7 Exports, §9 CSV files): the list's filters, newest first.

export const UNSUBSCRIBE_LOGS_CSV_HEADER = [
  'Email',
  'Action',
  'Method',
  'IP Address',
  'User Agent',
  'Date & Time',
] as const;

/** The labels the screen shows, as SQL (the column's CHECK constraint allows no other value). */
function labelSql(column: 'action' | 'method', labels: Record<string, string>) {
  const cases = Object.entries(labels).map(
    ([value, label]) => sql`WHEN ${sql.lit(value)} THEN ${sql.lit(label)}`,
  );
  return sql<string>`CASE ${sql.ref(column)} ${sql.join(cases, sql` `)} ELSE ${sql.ref(column)} END`;
}

export function unsubscribeLogsCsvExport(filters: UnsubscribeLogFilters, timezone: string): CsvExportSpec {
  const selection = logSelection(filters);
  const conditions = logConditions(selection);
  return {
    header: UNSUBSCRIBE_LOGS_CSV_HEADER,
    table: 'unsubscribe_logs',
    conditions,
    cells: [
      { text: sql.ref('email') },
      { plain: labelSql('action', ACTION_LABELS) },
      { plain: labelSql('method', METHOD_LABELS) },
      { text: sql.ref('ip_address') },
      { text: sql.ref('user_agent') },
      { plain: localTimestamp('created_at') },
    ],
    timezone,
    async count(trx: DbExecutor) {
      if (!selection.search) return countLogs(trx, selection.actions, selection.methods);
      const where = sql.join(conditions, sql` AND `);
      const result = await sql<{ count: number }>`
        SELECT count(*) AS count FROM unsubscribe_logs WHERE ${where}`.execute(trx);
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}
