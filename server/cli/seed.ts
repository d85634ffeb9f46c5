import { baseEnvSchema, loadEnvOrExit, resolveAppUrl } from '../config/env.ts';
import { seedDemoData } from '../seed/demo.ts';
import { withDatabase } from './with-database.ts';

// `npm run db:seed`: demo data for an empty database; leaves a database with data untouched.
try {
  await withDatabase(
    async (db) => {
      const { seeded } = await seedDemoData(db, { appUrl: resolveAppUrl(loadEnvOrExit(baseEnvSchema)) });
      console.log(seeded ? 'Demo data added.' : 'The database already has data; nothing was added.');
    },
    { migrate: true },
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
