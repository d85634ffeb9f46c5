import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { createDatabase, type Database } from './database.ts';
import { PREPARE_MARKER, preparedName } from './prepared.ts';

describe('prepared statements (opt-in)', () => {
  const t = useTestDatabase();
  // One connection, so every statement below runs in the same session.
  let db: Database;
  beforeAll(() => {
    db = createDatabase({ connectionString: t.url, max: 1 });
  });
  afterAll(() => db.destroy());

  const preparedOnSession = async () =>
    (
      await sql<{
        name: string;
        statement: string;
      }>`SELECT name, statement FROM pg_prepared_statements`.execute(db)
    ).rows;

  it('runs a marked statement as one named statement per connection, and others unnamed', async () => {
    const marked = (n: number) => sql<{ n: number }>`${sql.raw(PREPARE_MARKER)}SELECT ${n}::int + 1 AS n`;
    for (const n of [1, 2, 3]) expect((await marked(n).execute(db)).rows).toEqual([{ n: n + 1 }]);
    await sql`SELECT 42 AS unmarked`.execute(db);

    const statements = await preparedOnSession();
    const text = marked(0).compile(db).sql;
    expect(statements).toEqual([{ name: preparedName(text), statement: text }]);
  });

  it('names a text by its digest: one name per text, none for unmarked texts', () => {
    const a = `${PREPARE_MARKER}SELECT 1`;
    expect(preparedName(a)).toMatch(/^p_[\w-]{24}$/);
    expect(preparedName(a)).toBe(preparedName(`${PREPARE_MARKER}SELECT 1`));
    expect(preparedName(`${PREPARE_MARKER}SELECT 2`)).not.toBe(preparedName(a));
    expect(preparedName('SELECT 1')).toBeNull();
  });

  it('works inside transactions and keeps errors as errors', async () => {
    await expect(
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ n: number }>`${sql.raw(PREPARE_MARKER)}SELECT ${5}::int AS n`.execute(
          trx,
        );
        expect(rows).toEqual([{ n: 5 }]);
        await sql`${sql.raw(PREPARE_MARKER)}SELECT 1 / ${0}::int`.execute(trx);
      }),
    ).rejects.toThrow(/division by zero/);
    // The connection is still usable after the failed transaction.
    expect((await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db)).rows).toEqual([{ ok: 1 }]);
  });

  it('survives a transaction whose backend dies while it waits between queries', async () => {
    const errors: unknown[] = [];
    const logged = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const outcome = db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(trx);
        // Killed from another session while this transaction sits idle (no query running).
        await sql`SELECT pg_terminate_backend(${rows[0]?.pid ?? 0}::int)`.execute(t.db);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await sql`SELECT 1`.execute(trx);
      });
      // Without the listener this was an unhandled 'error' event: the test process would end.
      await expect(outcome).rejects.toThrow();
      expect(errors.some((args) => String(args).includes('PostgreSQL connection lost'))).toBe(true);
    } finally {
      console.error = logged;
    }
    // The pool replaced the dead connection.
    const { rows } = await sql<{ ok: number }>`SELECT 1 AS ok`.execute(db);
    expect(rows).toEqual([{ ok: 1 }]);
  });
});
