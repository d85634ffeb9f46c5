import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../test/support/db.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { csvLineSql } from './csv.ts';
import { type CsvExportSpec, EXPORT_BATCH_ROWS, openCsvExport } from './csv-export.ts';

describe('openCsvExport', () => {
  const t = useTestDatabase();
  // One connection: a transaction left open by an export would block the next query for good.
  let single: Database;

  beforeAll(async () => {
    single = createDatabase({ connectionString: t.url, max: 1 });
    await sql`
      INSERT INTO leads (email, created_at)
      SELECT 'row' || g || '@example.com', timestamptz '2025-01-01' + g * interval '1 second'
      FROM generate_series(1, ${EXPORT_BATCH_ROWS * 20}) g`.execute(t.db);
  });
  afterAll(async () => {
    await single.destroy();
  });

  const spec = (): CsvExportSpec => ({
    header: ['Email'],
    table: 'leads',
    conditions: [],
    line: csvLineSql([{ text: sql.ref('email') }]),
    timezone: 'UTC',
    count: async (trx) =>
      Number((await sql<{ n: number }>`SELECT count(*) AS n FROM leads`.execute(trx)).rows[0]?.n ?? 0),
  });

  it('releases its connection when the reader goes away mid-stream', async () => {
    const csv = await openCsvExport(single, spec());
    expect(csv.rowCount).toBe(EXPORT_BATCH_ROWS * 20);
    const body = csv.start();
    const first = await new Promise<Buffer>((resolve) => body.once('data', resolve));
    expect(first.toString()).toMatch(/^Email\r\n/);
    body.destroy();
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
  });

  it('releases its connection when cancelled before streaming', async () => {
    const csv = await openCsvExport(single, spec());
    await csv.cancel();
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
  });

  it('fails the body when the query fails', async () => {
    const csv = await openCsvExport(single, {
      ...spec(),
      line: sql<string>`(1 / 0)::text`,
    });
    const body = csv.start();
    await expect(
      new Promise((resolve, reject) => {
        body.on('error', reject);
        body.on('end', resolve);
        body.resume();
      }),
    ).rejects.toThrow(/division by zero/);
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
  });
});
