import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll } from 'vitest';
import { createBoss } from '../../server/jobs/queue.ts';

/**
 * A started pg-boss on a test file's database, as a server runs it (sends and fetches, supervises
 * nothing), stopped after the file. Call at the top of a describe block; use the getter in tests.
 */
export function useBoss(database: { url: string }): () => PgBoss {
  let boss: PgBoss | null = null;
  beforeAll(async () => {
    boss = createBoss({ connectionString: database.url, max: 2, role: 'server' });
    await boss.start();
  }, 60_000);
  afterAll(async () => {
    await boss?.stop({ graceful: false });
  });
  return () => {
    if (!boss) throw new Error('pg-boss has not started yet');
    return boss;
  };
}
