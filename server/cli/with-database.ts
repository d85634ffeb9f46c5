import { baseEnvSchema, loadEnvOrExit, resolveDataDir } from '../config/env.ts';
import { resolveDatabaseUrl } from '../db/connection.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrator.ts';

/** Runs a CLI command against DATABASE_URL or the embedded database, then closes everything. */
export async function withDatabase<T>(
  fn: (db: Database) => Promise<T>,
  { migrate = false }: { migrate?: boolean } = {},
): Promise<T> {
  const env = loadEnvOrExit(baseEnvSchema);
  const resolved = await resolveDatabaseUrl(env.DATABASE_URL, resolveDataDir(env));
  const db = createDatabase({
    connectionString: resolved.url,
    max: 2,
    applicationName: 'watch-platform-cli',
  });
  try {
    // Commands that write data bring the schema up to date first, so they work on a fresh install.
    if (migrate) await migrateToLatest(db);
    return await fn(db);
  } finally {
    await db.destroy();
    await resolved.embedded?.stop();
  }
}
