import { createHash } from 'node:crypto';
import {
  CompiledQuery,
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
} from 'kysely';
import type pg from 'pg';

// Server-side prepared statements for the few hot statements that opt in. PostgreSQL otherwise
// parses and plans every statement on every call; for the sell form's contact-and-enquiry
// statement and pg-boss's job insert (its send() inside the form's transaction) that planning
// costs more than running them (decision 020; bench/lead-submit). A statement whose text starts with
// PREPARE_MARKER runs as a named statement: parsed once per connection, its plan cached by
// PostgreSQL (and re-planned by it when a table it uses changes).
// Opt-in only: a statement text must be fixed (no inlined values, no lists of varying length),
// or every variant would stay prepared on every connection.

export const PREPARE_MARKER = '/* prepared */ ';

const names = new Map<string, string>();

/** The statement name for an opted-in text (a digest, so one text always maps to one name). */
export function preparedName(text: string): string | null {
  if (!text.startsWith(PREPARE_MARKER)) return null;
  let name = names.get(text);
  if (!name) {
    name = `p_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * A pg client as Kysely's dialect wants it, running opted-in statements as named statements.
 * `release` is what Kysely's release does (back to the pool, or nothing for a client held elsewhere).
 */
export function kyselyClient(
  client: pg.ClientBase,
  release: (destroy?: boolean) => void,
): PostgresPoolClient {
  function query<R>(text: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
  function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  function query<R>(
    textOrCursor: string | PostgresCursor<R>,
    parameters: readonly unknown[] = [],
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    // Cursors are pg Submittables, passed through untouched.
    if (typeof textOrCursor !== 'string')
      return client.query(textOrCursor as unknown as pg.Submittable) as unknown as PostgresCursor<R>;
    const name = preparedName(textOrCursor);
    const values = [...parameters];
    const result = name
      ? client.query({ name, text: textOrCursor, values })
      : client.query(textOrCursor, values);
    // pg's result carries the command, rowCount and rows Kysely reads.
    return result as Promise<unknown> as Promise<PostgresQueryResult<R>>;
  }
  return { query, release };
}

/** A pool for Kysely's PostgresDialect whose clients run opted-in statements as named statements. */
export function preparingPool(pool: pg.Pool): PostgresPool {
  return {
    options: pool.options,
    async connect(): Promise<PostgresPoolClient> {
      const client = await pool.connect();
      // pg-pool takes its own 'error' listener off a client it hands out: a connection lost while
      // a transaction waits between queries (backend terminated, database restarted) would be an
      // unhandled 'error' that ends the process. It is logged instead; the client's next query
      // fails, and the pool discards the client on release.
      const onError = (error: Error) => console.error('PostgreSQL connection lost:', error.message);
      client.on('error', onError);
      return kyselyClient(client, (destroy?: boolean) => {
        client.removeListener('error', onError);
        client.release(destroy);
      });
    },
    end: () => pool.end(),
  };
}

/** pg-boss's adapter for sending a job inside a Kysely transaction, with its insert prepared. */
export function preparedBossDb(executor: {
  executeQuery: (query: CompiledQuery) => Promise<{ rows: unknown[] }>;
}) {
  return {
    async executeSql(text: string, values?: unknown[]) {
      const result = await executor.executeQuery(CompiledQuery.raw(PREPARE_MARKER + text, values ?? []));
      return { rows: [...result.rows] };
    },
  };
}
