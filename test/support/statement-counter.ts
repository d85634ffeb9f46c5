import type { KyselyPlugin } from 'kysely';

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
