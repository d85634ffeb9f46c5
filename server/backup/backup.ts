import { createReadStream } from 'node:fs';
import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { to as copyTo } from 'pg-copy-streams';
import type { Manifest } from '#shared/backup/schemas.ts';
import { type Database, poolOf } from '../db/database.ts';
import { type ArchiveWriter, framesFrom, writeArchive } from './archive.ts';
import { listSequences, listTables, qualified, quoteIdent } from './catalog.ts';
import { BACKUP_FORMAT, type BackupSecrets, fingerprintsOf } from './manifest.ts';

// `npm run admin -- backup FILE` (decision 085): the database and DATA_DIR's files in one file,
// read by node alone, since the embedded PostgreSQL ships no pg_dump. Every table is copied out
// with COPY inside one read-only REPEATABLE READ transaction, so the tables agree with each other
// (a queued send and its email_sends row, a photo row and the enquiry it belongs to).

/** What DATA_DIR holds that is not data to restore: the embedded cluster and the generated secret. */
export const NOT_BACKED_UP = ['postgres', 'app-secret'];

export interface BackupCounts {
  tables: number;
  rows: number;
  files: number;
  fileBytes: number;
}

/** Every regular file under dir, as paths relative to it, skipping NOT_BACKED_UP at the top. */
async function filesUnder(dir: string, exclude: ReadonlySet<string>): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string) => {
    let entries;
    try {
      entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const child = relative ? path.join(relative, entry.name) : entry.name;
      if (!relative && (NOT_BACKED_UP.includes(entry.name) || entry.name.startsWith('app-secret.'))) continue;
      if (exclude.has(path.join(dir, child))) continue;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) found.push(child);
    }
  };
  await walk('');
  return found.sort();
}

async function writeFiles(writer: ArchiveWriter, dataDir: string, file: string) {
  let files = 0;
  let fileBytes = 0;
  for (const relative of await filesUnder(dataDir, new Set([path.resolve(file)]))) {
    const absolute = path.join(dataDir, relative);
    const { mode } = await lstat(absolute);
    await writer.frame({ kind: 'file', path: relative.split(path.sep).join('/'), mode: mode & 0o777 });
    fileBytes += await framesFrom(writer, createReadStream(absolute, { highWaterMark: 1 << 20 }), {
      kind: 'chunk',
    });
    await writer.frame({ kind: 'file-end' });
    files += 1;
  }
  return { files, fileBytes };
}

export async function createBackup(
  db: Database,
  options: { file: string; dataDir: string; secrets: BackupSecrets },
): Promise<BackupCounts> {
  const writer = await writeArchive(options.file);
  const client = await poolOf(db)
    .connect()
    .catch(async (error: unknown) => {
      await writer.close().catch(() => undefined);
      await rm(options.file, { force: true });
      throw error;
    });
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const migration = await client.query<{ name: string }>(
      'SELECT name FROM kysely_migration ORDER BY name DESC LIMIT 1',
    );
    const latest = migration.rows[0]?.name;
    if (!latest) throw new Error('The database has no migrations applied: there is nothing to back up.');
    const installed = await client.query<{ present: boolean }>(
      "SELECT to_regclass('pgboss.version') IS NOT NULL AS present",
    );
    const pgbossVersion = installed.rows[0]?.present
      ? ((await client.query<{ version: number }>('SELECT max(version) AS version FROM pgboss.version'))
          .rows[0]?.version ?? null)
      : null;
    const tables = await listTables(client);
    const sequences = await listSequences(client);
    const manifest: Manifest = {
      kind: 'manifest',
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migration: latest,
      pgbossVersion,
      fingerprints: fingerprintsOf(options.secrets),
      registerKeyConfigured: Boolean(options.secrets.registerKey),
      tables,
      sequences,
    };
    await writer.frame(manifest);
    let rows = 0;
    for (const table of tables) {
      await writer.frame({ kind: 'table', schema: table.schema, name: table.name });
      const columns = table.columns.map(quoteIdent).join(', ');
      // COPY (SELECT ...) rather than COPY table: it also reads a partitioned parent with its partitions.
      const stream = client.query(copyTo(`COPY (SELECT ${columns} FROM ${qualified(table)}) TO STDOUT`));
      await framesFrom(writer, stream, { kind: 'chunk' });
      rows += stream.rowCount ?? 0;
      await writer.frame({ kind: 'table-end', rows: stream.rowCount ?? 0 });
    }
    await client.query('COMMIT');
    const { files, fileBytes } = await writeFiles(writer, options.dataDir, options.file);
    await writer.frame({ kind: 'end' });
    await writer.close();
    return { tables: tables.length, rows, files, fileBytes };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    // A half-written backup must not be mistaken for a good one later.
    await writer.close().catch(() => undefined);
    await rm(options.file, { force: true });
    throw error;
  } finally {
    client.release();
  }
}
