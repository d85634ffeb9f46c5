import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { type RawBuilder, sql } from 'kysely';
import type { Database, DbTransaction } from '../db/database.ts';
import type { PagedTable } from '../db/paging.ts';
import { csvRow } from './csv.ts';

// A CSV export of any size in constant memory. Rows are read newest first in keyset batches
// ((created_at, id) below the previous batch's last row, along the same index as the lists), and
// PostgreSQL renders each batch as one finished piece of CSV (csvLineSql + string_agg), so Node
// handles one string per batch rather than an object per row. The next batch is read only when
// the client has taken the previous one (stream backpressure). Count and batches share one
// REPEATABLE READ snapshot: the row count announced before the body is exactly what the body holds.

export const EXPORT_BATCH_ROWS = 2000;

export interface CsvExportSpec {
  header: readonly string[];
  table: PagedTable;
  conditions: RawBuilder<unknown>[];
  /** One CSV line (csvLineSql) of a row of `table`. */
  line: RawBuilder<string>;
  /** Exact number of rows the conditions select (run in the export's snapshot). */
  count(trx: DbTransaction): Promise<number>;
  /** The session TimeZone while exporting, for dates formatted in SQL. */
  timezone: string;
}

export interface CsvExport {
  rowCount: number;
  /** Starts streaming the rows; call once, then send the body. */
  start(): Readable;
  /** Ends the transaction without streaming (e.g. nothing to export). */
  cancel(): Promise<void>;
}

interface Batch {
  chunk: string | null;
  last_created_at: string | null;
  last_id: string | null;
}

/** Waits until the client has read what is buffered, or has gone away. */
async function drainedOrClosed(stream: PassThrough): Promise<void> {
  const stop = new AbortController();
  try {
    await Promise.race([
      once(stream, 'drain', { signal: stop.signal }),
      once(stream, 'close', { signal: stop.signal }),
    ]);
  } finally {
    stop.abort();
  }
}

function readBatch(trx: DbTransaction, spec: CsvExportSpec, after: { createdAt: string; id: string } | null) {
  const conditions = [...spec.conditions];
  // created_at travels as text (with the session's offset) so its microseconds survive.
  if (after) conditions.push(sql`(created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  return sql<Batch>`
    SELECT string_agg(line, '' ORDER BY created_at DESC, id DESC) AS chunk,
           -- one ordering for all three aggregates: PostgreSQL 16+ then reuses the index order unsorted
           (array_agg(created_at::text ORDER BY created_at DESC, id DESC))[count(*)] AS last_created_at,
           (array_agg(id ORDER BY created_at DESC, id DESC))[count(*)] AS last_id
    FROM (
      SELECT ${spec.line} AS line, created_at, id
      FROM ${sql.table(spec.table)}
      WHERE ${where}
      ORDER BY created_at DESC, id DESC
      LIMIT ${EXPORT_BATCH_ROWS}
    ) batch`.execute(trx);
}

export async function openCsvExport(db: Database, spec: CsvExportSpec): Promise<CsvExport> {
  const body = new PassThrough({ highWaterMark: 128 * 1024 });
  const counted = Promise.withResolvers<number>();
  const decision = Promise.withResolvers<boolean>();

  const finished = db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      await sql`SELECT set_config('TimeZone', ${spec.timezone}, true)`.execute(trx);
      counted.resolve(await spec.count(trx));
      if (!(await decision.promise)) return;

      body.write(csvRow(spec.header));
      let after: { createdAt: string; id: string } | null = null;
      for (;;) {
        const batch: Batch | undefined = (await readBatch(trx, spec, after)).rows[0];
        // The client went away (the response destroys the body): stop reading.
        if (!batch?.chunk || !batch.last_created_at || !batch.last_id || body.destroyed) break;
        after = { createdAt: batch.last_created_at, id: batch.last_id };
        if (!body.write(batch.chunk)) await drainedOrClosed(body);
      }
    });

  finished.then(
    () => body.end(),
    (error: unknown) => {
      counted.reject(error);
      body.destroy(error instanceof Error ? error : new Error(String(error)));
    },
  );

  const rowCount = await counted.promise;
  return {
    rowCount,
    start() {
      decision.resolve(true);
      return body;
    },
    async cancel() {
      decision.resolve(false);
      await finished.catch(() => undefined);
    },
  };
}
