import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { preparingPool } from './prepared.ts';
import type { DB } from './schema.ts';

export type Database = Kysely<DB>;
export type DbTransaction = Transaction<DB>;
/** Data-access functions take either; a function that needs a lock demands a Transaction. */
export type DbExecutor = Kysely<DB> | Transaction<DB>;

// int8 (COUNT(*), SUM) arrives as a string by default; every count here fits in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export interface CreateDatabaseOptions {
  connectionString: string;
  max?: number;
  applicationName?: string;
}

// The pg pool behind each database, for the few callers that need a raw client (COPY streams).
const pools = new WeakMap<Database, pg.Pool>();

/** The pg pool a database made by createDatabase() draws its connections from. */
export function poolOf(db: Database): pg.Pool {
  const pool = pools.get(db);
  if (!pool) throw new Error('This database was not made by createDatabase()');
  return pool;
}

export function createDatabase({
  connectionString,
  max = 10,
  applicationName = 'watch-platform',
}: CreateDatabaseOptions): Database {
  const pool = new pg.Pool({ connectionString, max, application_name: applicationName });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (error) => {
    console.error('PostgreSQL pool error:', error.message);
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: preparingPool(pool) }) });
  pools.set(db, pool);
  return db;
}
