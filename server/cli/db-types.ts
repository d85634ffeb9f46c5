import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateSchemaSource, schemaFile } from '../db/codegen.ts';
import { createDatabase } from '../db/database.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { migrateToLatest } from '../db/migrator.ts';

// `npm run db:types`: writes server/db/schema.ts from a database freshly migrated for the purpose
// (decision 048): a throw-away database is created, migrated and dropped on the TEST_DATABASE_URL or
// DATABASE_URL server (whose own databases are never read or migrated), or else on a throw-away
// embedded PostgreSQL.

async function generateOn(url: string): Promise<string> {
  const db = createDatabase({ connectionString: url, max: 2, applicationName: 'watch-platform-db-types' });
  try {
    await migrateToLatest(db);
    return await generateSchemaSource(db);
  } finally {
    await db.destroy();
  }
}

async function generateOnServer(adminUrl: string): Promise<string> {
  const name = `wp_types_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return await generateOn(url.toString());
    } finally {
      // pg's pool.end() resolves before its connections have closed; forcing the drop sooner would
      // log their termination as a pool error.
      for (let wait = 0; wait < 50; wait += 1) {
        const { rows } = await admin.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (!rows[0]?.n) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function generateOnEmbedded(): Promise<string> {
  // The cluster deletes its data folder on stop; the run's folder also holds its password file.
  const runFolder = path.join(os.tmpdir(), 'watch-platform-db-types', randomBytes(4).toString('hex'));
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(runFolder, 'data'),
    persistent: false,
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
  });
  try {
    return await generateOnServer(embedded.url('postgres'));
  } finally {
    await embedded.stop();
    await rm(runFolder, { recursive: true, force: true });
  }
}

try {
  const serverUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  const source = serverUrl ? await generateOnServer(serverUrl) : await generateOnEmbedded();
  await writeFile(schemaFile, source);
  console.log(`Wrote ${path.relative(process.cwd(), schemaFile)}.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
