import { finished, type Readable } from 'node:stream';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  type PostgresPool,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { type Database, type DbExecutor, poolOf } from '../db/database.ts';
import { kyselyClient } from '../db/prepared.ts';
import type { DB } from '../db/schema.ts';
import { type CsvCellSql, csvCellSql } from './csv.ts';

// A CSV export of any size in constant memory (decision 022). PostgreSQL writes the whole file,
// header row included, with `COPY (SELECT …) TO STDOUT (FORMAT csv, HEADER)`, newest first, and
// the COPY stream is the response body as it is: Node passes socket-sized Buffers from the
// database connection to the response and holds no row, string or batch of its own.
// The next bytes are read from PostgreSQL only when the client has taken the previous ones (stream
// backpressure down to the TCP connection). Count and COPY share one REPEATABLE READ snapshot: the
// row count announced before the body is exactly what the body holds.

/** ISO 8601 with the offset of the session's TimeZone (the export sets the settings timezone). */
export const localTimestamp = (column: string) =>
  sql<string | null>`to_char(${sql.ref(column)}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;

export interface CsvExportSpec {
  /** The header row's labels, one per cell. */
  header: readonly string[];
  table:
    | 'leads'
    | 'unsubscribe_logs'
    | 'email_sends'
    | 'audit_log'
    | 'email_suppressions'
    | 'contact_import_rejections';
  conditions: RawBuilder<unknown>[];
  /** Row order; newest first unless given. */
  orderBy?: RawBuilder<unknown>;
  /** The columns of a row of `table`, in the header's order. */
  cells: readonly CsvCellSql[];
  /** Exact number of rows the conditions select (run in the export's snapshot). */
  count(db: DbExecutor): Promise<number>;
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

/** Compiles with parameter values written into the SQL text as literals: COPY takes no parameters. */
class InliningCompiler extends PostgresQueryCompiler {
  protected override appendValue(value: unknown): void {
    // escapeLiteral quotes the string and doubles quotes (and backslashes, in an E'' literal), so
    // the literal means the same whatever standard_conforming_strings says. An untyped literal
    // takes its type from its context as an untyped parameter does.
    if (typeof value === 'string') this.append(pg.escapeLiteral(value));
    else if (typeof value === 'number' && Number.isFinite(value)) this.append(`(${value})`);
    else throw new Error(`Cannot inline a ${typeof value} parameter into COPY`);
  }
}

const inliner = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new InliningCompiler(),
  },
});

/** SQL text of a query, its parameter values inlined as literals. */
export function inlineSql(query: RawBuilder<unknown>): string {
  const compiled = query.compile(inliner);
  if (compiled.parameters.length > 0) throw new Error('Parameters left in inlined SQL');
  return compiled.sql;
}

/** The COPY statement that writes the export's CSV file, each column named by its header label. */
export function exportCopySql(spec: CsvExportSpec): string {
  if (spec.cells.length !== spec.header.length) throw new Error('One header label per CSV column');
  const columns = spec.cells.map((cell, i) => sql`${csvCellSql(cell)} AS ${sql.id(spec.header[i] ?? '')}`);
  const where = spec.conditions.length > 0 ? sql.join(spec.conditions, sql` AND `) : sql`true`;
  return inlineSql(sql`
    COPY (
      SELECT ${sql.join(columns)} FROM ${sql.table(spec.table)}
      WHERE ${where}
      ORDER BY ${spec.orderBy ?? sql`created_at DESC, id DESC`}
    ) TO STDOUT (FORMAT csv, HEADER)`);
}

/** A database whose every query runs on this one checked-out client (it is not released). */
function onClient(client: pg.PoolClient): Database {
  const pool: PostgresPool = {
    connect: () => Promise.resolve(kyselyClient(client, () => undefined)),
    end: () => Promise.resolve(),
    options: {},
  };
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

export async function openCsvExport(db: Database, spec: CsvExportSpec): Promise<CsvExport> {
  const copyText = exportCopySql(spec);
  const client = await poolOf(db).connect();
  // A checked-out client has no 'error' listener of the pool's: the connection dying during an
  // export (database restart, backend terminated) must fail the export, not the process.
  const onConnectionError = (error: Error) => release(error);
  client.on('error', onConnectionError);
  let released = false;
  /**
   * Back to the pool, or closed with `error`: a connection stopped in the middle of COPY cannot
   * serve another query, and closing it is what ends the export's transaction then (PostgreSQL
   * rolls back a transaction whose client has gone).
   */
  function release(error?: Error) {
    if (released) return;
    released = true;
    client.removeListener('error', onConnectionError);
    client.release(error);
  }
  const rollback = async () => {
    try {
      await client.query('ROLLBACK');
      release();
    } catch (error) {
      release(error instanceof Error ? error : new Error(String(error)));
    }
  };

  let rowCount: number;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query("SELECT set_config('TimeZone', $1, true)", [spec.timezone]);
    rowCount = await spec.count(onClient(client));
  } catch (error) {
    await rollback();
    throw error;
  }

  return {
    rowCount,
    start() {
      const copy = client.query(copyTo(copyText));
      // pg reports a closed connection to its active query: never an unhandled 'error' event.
      copy.on('error', () => undefined);
      // An error here is the query failing or the client going away (the response destroys the
      // body, the COPY stream itself).
      finished(copy, (error) => {
        if (error) release(error);
        else
          client.query('COMMIT').then(
            () => release(),
            (commitError: unknown) =>
              release(commitError instanceof Error ? commitError : new Error(String(commitError))),
          );
      });
      return copy;
    },
    cancel: rollback,
  };
}
