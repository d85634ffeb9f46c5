import { type IsolationLevel, Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;
export type DbTransaction = Transaction<DB>;
/** Data-access functions take either; a function that needs a lock demands a Transaction. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;

function isTransaction(db: DbExecutor): db is DbTransaction {
  return db.isTransaction;
}

/**
 * Runs `work` in the caller's transaction when `db` is one, and in a transaction of its own
 * otherwise. A function whose writes must be all-or-nothing opens its transaction this way, so an
 * admin action that calls it (decision 030) keeps one transaction: Kysely does not nest them. The
 * isolation level applies only to a transaction opened here; a caller's keeps its own.
 */
export function inTransaction<T>(
  db: DbExecutor,
  work: (trx: DbTransaction) => Promise<T>,
  isolation?: IsolationLevel,
): Promise<T> {
  if (isTransaction(db)) return work(db);
  const builder = db.transaction();
  return (isolation ? builder.setIsolationLevel(isolation) : builder).execute(work);
}

// int8 (COUNT(*), SUM) arrives as a string by default; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface CreateDatabaseOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
  /**
   * An idle client losing its connection (a database restart); the default prints one line. A
   * process passes its connection watch here so an outage is one line (decision 075).
   */
  onIdleError?: (error: Error) => void;
}

// The pg pool behind each database, for the few callers that need a raw client (COPY streams).
const pools = new WeakMap<Database, pg.Pool>();

/** The pg pool a database made by createDatabase() draws its connections from. */
export function poolOf(db: Database): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('This database was not made by createDatabase()');
  return pool;
}

/** The connection string a database made by createDatabase() connects with (pg-boss needs its own). */
export function connectionStringOf(db: Database): string {
  const url = poolOf(db).options.connectionString;
  if (!url) throw new Error('This database has no connection string');
  return url;
}

export function createDatabase({
  connectionString,
  max = 10,
  applicationName = 'watch-platform',
  onIdleError = (error) => console.error('PostgreSQL pool error:', error.message),
}: CreateDatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', onIdleError);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  pools.set(db, pool);
  return db;
}
