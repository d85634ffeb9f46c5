import path from 'node:path';
import { type EmbeddedPostgresHandle, startEmbeddedPostgres } from './embedded.ts';
import { SERVER_SETTINGS } from './server-settings.ts';

export interface ResolvedDatabaseUrl {
  url: string;
  /** Present when this process started (or attached to) the embedded cluster. */
  embedded: EmbeddedPostgresHandle | null;
}

export const EMBEDDED_DATABASE_NAME = 'watch_platform';

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under DATA_DIR (started if needed),
 * with the application database created on first use.
 */
export async function resolveDatabaseUrl(
  databaseUrl: string | undefined,
  dataDir: string,
  log: (message: string) => void = () => undefined,
  /** Where the cluster goes when running as root and DATA_DIR is out of `postgres`'s reach (tests). */
  placement: { home?: string } = {},
): Promise<ResolvedDatabaseUrl> {
  if (databaseUrl) return { url: databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres({
    databaseDir: path.join(dataDir, 'postgres'),
    persistent: true,
    settings: SERVER_SETTINGS,
    log,
    ...placement,
  });
  const { default: pg } = await import('pg');
  const admin = new pg.Client({ connectionString: embedded.url('postgres') });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [
      EMBEDDED_DATABASE_NAME,
    ]);
    if (exists.rowCount === 0) {
      await admin.query(`CREATE DATABASE ${EMBEDDED_DATABASE_NAME}`).catch((error: unknown) => {
        // Another process (server and worker started together) may have created it a moment ago.
        if ((error as { code?: string }).code !== '42P04') throw error;
      });
    }
  } finally {
    await admin.end();
  }
  return { url: embedded.url(EMBEDDED_DATABASE_NAME), embedded };
}
