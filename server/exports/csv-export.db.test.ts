import type { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { type RawBuilder, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { busyBackends, settledBusyBackends } from '#test/support/backends.ts';
import { useTestDatabase } from '#test/support/db.ts';
import { createDatabase, type Database, type DbExecutor, poolOf } from '../db/database.ts';
import { unsubscribeLogsCsvExport } from '../unsubscribe/export.ts';
import { parseCsv } from '#test/support/csv.ts';
import { type CsvExportSpec, exportCopySql, inlineSql, openCsvExport } from './csv-export.ts';

// Enough rows for the COPY to outrun any socket buffer: the server is still sending when the reader stops.
const ROWS = 40_000;

describe('openCsvExport', () => {
  const t = useTestDatabase();
  // One connection: a transaction left open by an export would block the next query for good.
  let single: Database;

  beforeAll(async () => {
    single = createDatabase({ connectionString: t.url, max: 1 });
    await sql`
      INSERT INTO leads (email, created_at)
      SELECT 'row' || g || '@example.com', timestamptz '2025-01-01' + g * interval '1 second'
      FROM generate_series(1, ${ROWS}) g`.execute(t.db);
  });
  afterAll(async () => {
    await single.destroy();
  });

  const spec = (conditions: RawBuilder<unknown>[] = []): CsvExportSpec => ({
    header: ['Email'],
    table: 'leads',
    conditions,
    cells: [{ text: sql.ref('email') }],
    timezone: 'UTC',
    count: async (db: DbExecutor) => {
      const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
      const result = await sql<{ n: number }>`SELECT count(*) AS n FROM leads WHERE ${where}`.execute(db);
      return Number(result.rows[0]?.n ?? 0);
    },
  });

  const collect = (body: Readable) => text(body);

  it('releases its connection when the reader goes away mid-stream', async () => {
    const csv = await openCsvExport(single, spec());
    expect(csv.rowCount).toBe(ROWS);
    const body = csv.start();
    const first = await new Promise<Buffer>((resolve) => body.once('data', resolve));
    expect(first.toString()).toMatch(/^Email\n/);
    body.destroy();
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
    // The connection stopped mid-COPY was closed: its backend has gone and rolled back.
    expect(await settledBusyBackends(t.db)).toBe(0);
    expect(poolOf(single).totalCount).toBe(1);
  });

  it('commits and returns its connection to the pool after a complete export', async () => {
    const csv = await openCsvExport(single, spec());
    const body = await collect(csv.start());
    expect(body.split('\n')).toHaveLength(ROWS + 2);
    const { pid: before } =
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(single)).rows[0] ?? {};
    const again = await collect((await openCsvExport(single, spec())).start());
    expect(again).toBe(body);
    const { pid: after } =
      (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(single)).rows[0] ?? {};
    expect(after).toBe(before);
    expect(await busyBackends(t.db)).toBe(0);
  });

  it('streams the rows of the snapshot its count was taken in', async () => {
    const mine = [sql`email LIKE 'snapshot%'`];
    await sql`INSERT INTO leads (email, created_at)
      SELECT 'snapshot' || g || '@example.com', timestamptz '2026-01-01' + g * interval '1 minute'
      FROM generate_series(1, 3) g`.execute(t.db);
    const csv = await openCsvExport(t.db, spec(mine));
    expect(csv.rowCount).toBe(3);
    await sql`INSERT INTO leads (email) VALUES ('snapshot-late@example.com')`.execute(t.db);
    await sql`DELETE FROM leads WHERE email = 'snapshot1@example.com'`.execute(t.db);
    const lines = (await collect(csv.start())).split('\n');
    expect(lines).toEqual([
      'Email',
      'snapshot3@example.com',
      'snapshot2@example.com',
      'snapshot1@example.com',
      '',
    ]);
  });

  it('fails the body, not the process, when its database connection dies mid-stream', async () => {
    // About 28 MB of lines: more than socket buffers hold, so the backend is still sending.
    const csv = await openCsvExport(single, {
      ...spec(),
      cells: [{ text: sql`repeat(email, 40)` }],
    });
    const body = csv.start();
    let received = 0;
    const outcome = new Promise((resolve, reject) => {
      body.on('error', reject);
      body.on('end', resolve);
    });
    // A reader that took the first chunk and stopped: the backend is held mid-COPY by backpressure.
    const firstChunk = new Promise<void>((resolve) =>
      body.on('data', (chunk: Buffer) => {
        if (received === 0) body.pause();
        received += chunk.length;
        resolve();
      }),
    );
    await firstChunk;
    // The export's connection (`single` keeps pg's default application name) once it runs the COPY.
    const exporting = sql<{ pid: number }>`
      SELECT pid FROM pg_stat_activity
      WHERE datname = current_database() AND application_name = 'watch-platform'
        AND state = 'active' AND query LIKE '%COPY (%'`;
    let pid: number | undefined;
    for (let attempt = 0; attempt < 200 && pid === undefined; attempt += 1) {
      pid = (await exporting.execute(t.db)).rows[0]?.pid;
      if (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(pid).toBeDefined();
    // Attached before the termination, so the stream's error is never an unhandled rejection.
    const terminated = expect(outcome).rejects.toThrow(/terminat/i);
    await sql`SELECT pg_terminate_backend(${pid}::int)`.execute(t.db);
    body.resume();
    await terminated;
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThan(20_000_000);
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
  });

  it('releases its connection when cancelled before streaming', async () => {
    const csv = await openCsvExport(single, spec());
    await csv.cancel();
    const probe = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(single);
    expect(probe.rows).toEqual([{ ok: 1 }]);
    expect(await busyBackends(t.db)).toBe(0);
  });

  it('fails the body when the query fails', async () => {
    const csv = await openCsvExport(single, {
      ...spec(),
      cells: [{ plain: sql<string>`(1 / 0)::text` }],
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

  it('writes what PostgreSQL CSV-quotes, neutralised formulas, and every row of its snapshot', async () => {
    // Values CSV must quote or a spreadsheet would run, and one longer than a socket read.
    const agents = [
      'plain',
      'comma, inside',
      'quote " inside',
      'line\nbreak and cr\r',
      'tab\there',
      'back\\slash \\N',
      '=HYPERLINK("http://evil.example")',
      '+61 400',
      '-1',
      '@SUM(A1)',
      'ünïcödé ✓ 🙂',
      '',
      `long ${'x'.repeat(200_000)} end`,
    ];
    await sql`
      INSERT INTO unsubscribe_logs (email, action, method, ip_address, user_agent, created_at)
      SELECT 'log' || g || '@example.com', 'email_unsubscribe', 'manual',
             CASE WHEN g % 3 = 0 THEN NULL ELSE '203.0.113.' || g % 250 END,
             CASE WHEN g % 7 = 0 THEN NULL ELSE (${sql.val(agents)}::text[])[1 + g % ${agents.length}] END,
             timestamptz '2026-11-01' + (g / 2) * interval '1 second'
      FROM generate_series(1, 3000) g`.execute(t.db);
    const logs = unsubscribeLogsCsvExport(
      { search: '', action: 'all', method: 'all', includeResubscribes: false },
      'Australia/Sydney',
    );
    const csv = await openCsvExport(t.db, logs);
    expect(csv.rowCount).toBe(3000);
    const streamed = await collect(csv.start());

    const rows = await sql<{ email: string; user_agent: string | null }>`
      SELECT email, user_agent FROM unsubscribe_logs ORDER BY created_at DESC, id DESC`.execute(t.db);
    const [header, ...records] = parseCsv(streamed);
    expect(header).toEqual([...logs.header]);
    const agentColumn = logs.header.indexOf('User Agent');
    const neutralised = (v: string | null) => (v && /^[-=+@\t\r]/.test(v) ? `'${v}` : (v ?? ''));
    expect(records.map((r) => [r[0], r[agentColumn]])).toEqual(
      rows.rows.map((r) => [r.email, neutralised(r.user_agent)]),
    );
    expect(streamed).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(streamed).toContain('"line\nbreak and cr\r"');
    expect(streamed).toMatch(/,'\+61 400,/);
    // NULL and the empty string are both an empty, unquoted field.
    expect(streamed).not.toMatch(/(^|,)""(,|\n)/m);
  });
});

describe('inlineSql', () => {
  const t = useTestDatabase();
  const values = [
    "it's",
    'back\\slash',
    "\\'; DROP TABLE leads; --",
    '$1 and $$',
    'ünïcödé',
    '',
    'line\nbreak',
  ];

  it.each(values.map((v) => [v]))('writes %j as a literal that reads back as itself', async (value) => {
    const text = inlineSql(sql`SELECT ${value}::text AS v`);
    expect(text).not.toContain('$1::text');
    const result = await sql.raw<{ v: string }>(text).execute(t.db);
    expect(result.rows[0]?.v).toBe(value);
  });

  it('keeps backslashes literal whatever standard_conforming_strings says', async () => {
    const text = inlineSql(sql`SELECT ${'a\\b'}::text AS v`);
    const result = await t.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL standard_conforming_strings = off`.execute(trx);
      return sql.raw<{ v: string }>(text).execute(trx);
    });
    expect(result.rows[0]?.v).toBe('a\\b');
  });

  it('refuses values it cannot write as a literal', () => {
    expect(() => inlineSql(sql`SELECT ${new Date()}`)).toThrow(/Cannot inline/);
  });

  it('inlines the filters of an export into its COPY statement', () => {
    const copy = exportCopySql(
      unsubscribeLogsCsvExport(
        { search: "o'brien", action: 'email_unsubscribe', method: 'one_click', includeResubscribes: false },
        'UTC',
      ),
    );
    expect(copy).toMatch(/^\s*COPY \(/);
    expect(copy).toContain("action IN ('email_unsubscribe')");
    expect(copy).toContain("email ILIKE '%o''brien%'");
    expect(copy).toMatch(/TO STDOUT \(FORMAT csv, HEADER\)$/);
  });
});
