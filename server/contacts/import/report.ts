import { sql } from 'kysely';
import { SKIP_REASON_LABELS } from '#shared/contacts/import.ts';
import type { DbExecutor } from '../../db/database.ts';
import type { CsvExportSpec } from '../../exports/csv-export.ts';

// The rejected rows of an import, in file order, with the reason each was not imported (decision 035).

export const IMPORT_REPORT_CSV_HEADER = ['Row', 'Email', 'Full Name', 'Phone', 'Reason'];

const reasonLabel = sql<string>`CASE reason ${sql.join(
  Object.entries(SKIP_REASON_LABELS).map(([reason, label]) => sql`WHEN ${reason} THEN ${label}`),
  sql` `,
)} ELSE reason END`;

export function importReportCsvExport(importId: string, timezone: string): CsvExportSpec {
  const conditions = [sql`import_id = ${importId}`];
  return {
    header: IMPORT_REPORT_CSV_HEADER,
    table: 'contact_import_rejections',
    conditions,
    orderBy: sql`row_number`,
    cells: [
      { plain: sql<string>`row_number::text` },
      { text: sql.ref('email') },
      { text: sql.ref('full_name') },
      { text: sql.ref('phone') },
      { text: reasonLabel },
    ],
    timezone,
    async count(trx: DbExecutor) {
      const result = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM contact_import_rejections WHERE import_id = ${importId}`.execute(trx);
      return result.rows[0]?.n ?? 0;
    },
  };
}
