import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../../server/db/database.ts';
import { startEmbeddedPostgres } from '../../server/db/embedded.ts';
import { migrateToLatest } from '../../server/db/migrator.ts';
import { createBoss, ensureQueues } from '../../server/jobs/queue.ts';
import { databaseUrlFor } from './database-url.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    testDbAdminUrl: string;
    testDbTemplate: string;
  }
}

/**
 * Runs once per test run: an admin connection (TEST_DATABASE_URL, or a throw-away embedded
 * PostgreSQL) and one migrated template database that every test file clones.
 */
export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({
      databaseDir: path.join(os.tmpdir(), 'watch-platform-test-pg', runId),
      persistent: false,
      // Durability is pointless for a cluster deleted at the end of the run.
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: '300' },
    });
    adminUrl = embedded.url('postgres');
    stopEmbedded = () => embedded.stop();
  }
  const template = `wp_test_template_${runId}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = databaseUrlFor(adminUrl, template);
  const db = createDatabase({ connectionString: templateUrl, max: 2 });
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  // The job queue's schema and queues, as every server creates them at start-up: the sell form
  // sends its job into them inside its transaction (server/enquiries/submit.ts).
  const boss = createBoss({ connectionString: templateUrl, max: 1, role: 'server' });
  await boss.start();
  try {
    await ensureQueues(boss);
  } finally {
    await boss.stop({ graceful: false });
  }
  // Cloning needs the template to have no sessions left.
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
    [template],
  );
  project.provide('testDbAdminUrl', adminUrl);
  project.provide('testDbTemplate', template);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await admin.end();
    await stopEmbedded?.();
  };
}
