import { migrateToLatest } from '../db/migrator.ts';
import { withDatabase } from './with-database.ts';

// `npm run db:migrate`: applies pending migrations; exits non-zero when one fails.
try {
  await withDatabase(async (db) => {
    const { results } = await migrateToLatest(db);
    if (!results?.length) console.log('Database is up to date.');
    for (const r of results ?? [])
      console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`);
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
