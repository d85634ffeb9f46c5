import { createDatabase, type Database } from '../../server/db/database.ts';

let db: Database | null = null;

/** The e2e run's database, to check what the app stored (outbox, leads, logs). */
export function e2eDatabase(): Database {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is set by e2e/support/global-setup.ts');
  db ??= createDatabase({ connectionString: url, max: 2 });
  return db;
}
