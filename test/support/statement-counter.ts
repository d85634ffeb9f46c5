import type { KyselyPlugin } from 'kysely';
import { type Database, poolOf } from '#server/db/database.ts';
import { PREPARE_MARKER } from '#server/db/prepared.ts';

/** A Kysely plugin counting the statements sent through it (`db.withPlugin(counter)`). */
export function statementCounter(): KyselyPlugin & { count: number } {
  const counter = {
    count: 0,
    transformQuery<T>(args: { node: T }): T {
      counter.count += 1;
      return args.node;
    },
    transformResult<R>(args: { result: R }): Promise<R> {
      return Promise.resolve(args.result);
    },
  };
  return counter;
}

/** What a pool's connections were asked: each checkout, and each statement's first words. */
export interface WireRecord {
  checkouts: number;
  statements: string[];
}

/**
 * Records everything the pool behind `db` sends from now on (BEGIN, COMMIT and pg-boss's insert
 * included, which a Kysely plugin never sees): a statement as its first three words, the prepared
 * statements' marker and SQL's line comments left out.
 */
export function wireRecorder(db: Database): WireRecord {
  const record: WireRecord = { checkouts: 0, statements: [] };
  const wrapped = new WeakSet<object>();
  poolOf(db).on('acquire', (client) => {
    record.checkouts += 1;
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const target = client as unknown as { query: (...args: unknown[]) => unknown };
    const query = target.query.bind(client);
    target.query = (...args: unknown[]) => {
      const first = args[0];
      const text =
        typeof first === 'string'
          ? first
          : first !== null && typeof first === 'object' && 'text' in first && typeof first.text === 'string'
            ? first.text
            : '';
      record.statements.push(
        text
          .replace(PREPARE_MARKER, '')
          .replace(/--.*$/gm, '')
          .trim()
          .split(/\s+/)
          .slice(0, 3)
          .join(' ')
          .toUpperCase(),
      );
      return query(...args);
    };
  });
  return record;
}
