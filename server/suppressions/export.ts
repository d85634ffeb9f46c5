import { sql } from 'kysely';
import { effectiveSearch } from '#shared/admin/lists.ts';
import { SUPPRESSION_REASON_LABELS, type SuppressionFilter } from '#shared/suppressions/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { type CsvExportSpec, localTimestamp } from '../exports/csv-export.ts';
import { countSuppressions, suppressionConditions } from './suppressions.ts';

// The suppression list as CSV, through the COPY export (decision 022): the list's filter and search.

export const SUPPRESSIONS_CSV_HEADER = [
  'Email',
  'Reason',
  'Suppressed At',
  'Source Campaign',
  'Note',
  'Added By',
];

const reasonLabel = sql<string>`CASE reason ${sql.join(
  Object.entries(SUPPRESSION_REASON_LABELS).map(([reason, label]) => sql`WHEN ${reason} THEN ${label}`),
  sql` `,
)} END`;

export function suppressionsCsvExport(
  { reason, search }: { reason: SuppressionFilter; search?: string | undefined },
  timezone: string,
): CsvExportSpec {
  const conditions = suppressionConditions(reason, effectiveSearch(search));
  return {
    header: SUPPRESSIONS_CSV_HEADER,
    table: 'email_suppressions',
    conditions,
    cells: [
      { text: sql<string>`coalesce(email, '(erased contact)')` },
      { text: reasonLabel },
      { plain: localTimestamp('created_at') },
      { text: sql<string | null>`(SELECT c.name FROM email_campaigns c WHERE c.id = campaign_id)` },
      { text: sql.ref('note') },
      { text: sql.ref('created_by') },
    ],
    timezone,
    count: (trx: DbExecutor) => countSuppressions(trx, conditions),
  };
}
