import { text } from 'node:stream/consumers';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { CSV_CELL_SAMPLES as samples, parseCsv } from '#test/support/csv.ts';
import { useTestDatabase } from '#test/support/db.ts';
import type { DbExecutor } from '../db/database.ts';
import { type CsvCellSql } from './csv.ts';
import { type CsvExportSpec, openCsvExport } from './csv-export.ts';

describe('csvCellSql through COPY (FORMAT csv)', () => {
  const t = useTestDatabase();

  const exportOf = async (cells: CsvCellSql[], value: string | null) => {
    const conditions = [sql`email = 'cell@example.com'`];
    await sql`DELETE FROM leads`.execute(t.db);
    await sql`INSERT INTO leads (email, full_name, email_marketing_consent)
      VALUES ('cell@example.com', ${value}, false)`.execute(t.db);
    const spec: CsvExportSpec = {
      header: cells.map((_, i) => `Column ${i + 1}`),
      table: 'leads',
      conditions,
      cells,
      timezone: 'UTC',
      count: async (db: DbExecutor) => {
        const result = await sql<{ n: number }>`SELECT count(*) AS n FROM leads`.execute(db);
        return Number(result.rows[0]?.n ?? 0);
      },
    };
    return text((await openCsvExport(t.db, spec)).start());
  };

  it.each(samples)('writes %j as %j', async (value, written) => {
    const body = await exportOf(
      [{ text: sql.ref('full_name') }, { yesNo: sql.ref('email_marketing_consent') }],
      value,
    );
    expect(body).toBe(`Column 1,Column 2\n${written},No\n`);
    const [, record] = parseCsv(body);
    const neutralised = value && /^[-=+@\t\r]/.test(value) ? `'${value}` : (value ?? '');
    expect(record).toEqual([neutralised, 'No']);
  });

  it('writes plain values (timestamps, labels) as they are, NULL as an empty field, Yes for true', async () => {
    const body = await exportOf(
      [
        { plain: sql<string | null>`'2026-11-03T11:00:00+11:00'::text` },
        { plain: sql<string | null>`full_name` },
        { yesNo: sql<boolean>`true` },
      ],
      null,
    );
    expect(body).toBe('Column 1,Column 2,Column 3\n2026-11-03T11:00:00+11:00,,Yes\n');
  });
});
