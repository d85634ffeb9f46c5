import {
  type AbortableOperationOptions,
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  Kysely,
  PostgresDialect,
  type QueryExecutor,
  type QueryResult,
} from 'kysely';
import type { Database, DbTransaction } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

// An admin action and its audit row commit together (decision 030). The action's code was written
// against a Database and several of its functions open their own transaction; inside the action's
// transaction those become savepoints, so their all-or-nothing still holds and no function had to
// change its signature.

/** Turns BEGIN / COMMIT / ROLLBACK of nested transactions into savepoints on the held connection. */
class SavepointDriver implements Driver {
  #depth = 0;

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    // The executor below always hands out the held connection; nothing asks the driver for one.
    return Promise.reject(new Error('An action transaction holds its connection; none is acquired.'));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    this.#depth += 1;
    await connection.executeQuery(CompiledQuery.raw(`SAVEPOINT action_${this.#depth}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT action_${this.#depth}`));
    this.#depth -= 1;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`ROLLBACK TO SAVEPOINT action_${this.#depth}`));
    await connection.executeQuery(CompiledQuery.raw(`RELEASE SAVEPOINT action_${this.#depth}`));
    this.#depth -= 1;
  }

  async releaseConnection(): Promise<void> {}

  async destroy(): Promise<void> {}
}

/** The connection with its statements run one after another, as pg wants of one client. */
function queued(connection: DatabaseConnection): DatabaseConnection {
  let last: Promise<unknown> = Promise.resolve();
  return {
    executeQuery<R>(query: CompiledQuery, options?: AbortableOperationOptions): Promise<QueryResult<R>> {
      const execute = () => connection.executeQuery<R>(query, options);
      const run = last.then(execute, execute);
      last = run.catch(() => undefined);
      return run;
    },
    streamQuery: (query, chunkSize, options) => connection.streamQuery(query, chunkSize, options),
  };
}

// Only its query compiler, adapter and introspector are used: the driver above replaces its own.
const dialect = new PostgresDialect({
  pool: () => Promise.reject(new Error('An action transaction has no pool of its own.')),
});

/**
 * Runs `action` in one transaction and hands it a Database bound to that transaction: queries run
 * in it, and `db.transaction()` inside opens a savepoint. The transaction commits when `commitIf`
 * accepts the action's answer and rolls back otherwise, or when the action throws.
 */
export async function inActionTransaction<T>(
  db: Database,
  action: (scoped: Database, trx: DbTransaction) => Promise<T>,
  commitIf: (value: T) => boolean = () => true,
): Promise<T> {
  const trx = await db.startTransaction().execute();
  let value: T;
  try {
    const outer = trx.getExecutor();
    const connection = queued(await outer.provideConnection((held) => Promise.resolve(held)));
    // Kysely's single-connection provider locks the connection for a whole nested transaction, so
    // code querying the outer Database inside its own nested transaction would wait for itself.
    // Here only each statement waits for the one before it.
    const executor: QueryExecutor = outer.withConnectionProvider({
      provideConnection: (consumer) => consumer(connection),
    });
    const scoped = new Kysely<DB>({ config: { dialect }, dialect, driver: new SavepointDriver(), executor });
    value = await action(scoped, trx);
  } catch (error) {
    await trx.rollback().execute();
    throw error;
  }
  if (commitIf(value)) await trx.commit().execute();
  else await trx.rollback().execute();
  return value;
}
