import { sql } from 'kysely';
import type { Database } from '../../server/db/database.ts';

/** Backends of this database, other than the asking one, in a COPY or in an open transaction. */
export async function busyBackends(db: Database): Promise<number> {
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND (state LIKE 'idle in transaction%' OR (state = 'active' AND query LIKE '%COPY (%'))`.execute(db);
  return result.rows[0]?.n ?? 0;
}

/** Waits (bounded) until no backend is left exporting; the count left then. */
export async function settledBusyBackends(db: Database): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await busyBackends(db)) === 0) return 0;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return busyBackends(db);
}
