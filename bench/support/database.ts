import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '#server/db/embedded.ts';
import { databaseUrlFor } from '#test/support/database-url.ts';

export interface BenchDatabase {
  /** The benchmark's own database, created empty. */
  url: string;
  /** Folder of the embedded cluster, null on TEST_DATABASE_URL. */
  clusterDir: string | null;
  /** Drops the database, stops the embedded cluster and removes its folder. */
  close(): Promise<void>;
}

/**
 * A throw-away database for one benchmark: on TEST_DATABASE_URL's server when set, otherwise on an
 * embedded cluster started here with `settings` (default settings flush every commit, as in
 * production).
 */
export async function openBenchDatabase(
  prefix: string,
  settings: Record<string, string> = {},
): Promise<BenchDatabase> {
  const workDir = await mkdtemp(path.join(os.tmpdir(), `bench-${prefix}-`));
  let adminUrl = process.env.TEST_DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | null = null;
  let clusterDir: string | null = null;
  if (!adminUrl) {
    const embedded = await startEmbeddedPostgres({
      databaseDir: path.join(workDir, 'postgres'),
      persistent: false,
      settings,
    });
    // As root, a folder closed to the postgres user moves (decision 017): read where it went.
    clusterDir = embedded.databaseDir;
    adminUrl = embedded.url('postgres');
    stopEmbedded = () => embedded.stop();
  }
  const database = `bench_${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  return {
    url: databaseUrlFor(adminUrl ?? '', database),
    clusterDir,
    async close() {
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
      await stopEmbedded?.();
      await rm(workDir, { recursive: true, force: true });
    },
  };
}
