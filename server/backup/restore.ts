import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { type Manifest, manifestSchema } from '#shared/backup/schemas.ts';
import { type Database, poolOf } from '../db/database.ts';
import { createMigrator, MigrationError, migrateToLatest } from '../db/migrator.ts';
import { createBoss } from '../jobs/queue.ts';
import { BackupFormatError, type Frame, readArchive, writeChunk } from './archive.ts';
import { BACKED_UP_SCHEMAS, databaseIsEmpty, qualified, quoteIdent } from './catalog.ts';
import { NOT_BACKED_UP } from './backup.ts';
import { type BackupSecrets, fingerprintsOf } from './manifest.ts';

// `npm run admin -- restore FILE` (decision 085). The schema is rebuilt by this release's own
// installers (the migrations up to the backup's last one, then pg-boss's), the rows go back with
// COPY in one transaction with the tables' own triggers off (they would count stats twice or stamp
// new dates), and the migrations after the backup's run last, as on any upgrade.

export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

export interface RestoreCounts {
  tables: number;
  rows: number;
  files: number;
}

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** The secrets this installation runs with; null when neither is configured nor kept in DATA_DIR. */
  secrets: BackupSecrets | null;
  /** pg-boss installs its schema over its own connection. */
  connectionString: string;
  /** Drop what the database holds first; without it a database with tables is refused. */
  replace?: boolean;
}

/** Refuses a restore whose data this installation's secrets could not read (decision 085). */
export function secretProblems(manifest: Manifest, secrets: BackupSecrets | null): string[] {
  if (!secrets)
    return [
      'APP_SECRET is not set and DATA_DIR holds no app-secret: set APP_SECRET to the value the backed-up installation used (its APP_SECRET, or the contents of its DATA_DIR/app-secret) and run restore again.',
    ];
  const current = fingerprintsOf(secrets);
  const problems: string[] = [];
  if (current.appSecret !== manifest.fingerprints.appSecret)
    problems.push(
      `This backup was made under another APP_SECRET (fingerprint ${manifest.fingerprints.appSecret.slice(0, 12)}, this environment's ${current.appSecret.slice(0, 12)}): every unsubscribe, consent and seller link already sent would stop working. Set APP_SECRET to the value the backed-up installation used.`,
    );
  if (current.registerKey !== manifest.fingerprints.registerKey)
    problems.push(
      `This backup's register was sealed under another key (key id ${manifest.fingerprints.registerKey}, this environment's ${current.registerKey}): every identity number and identity copy in the dealer's register would be unreadable. ${manifest.registerKeyConfigured ? 'Set REGISTER_KEY to the value the backed-up installation used.' : 'The backed-up installation derived it from its APP_SECRET: set that APP_SECRET and leave REGISTER_KEY unset.'}`,
    );
  return problems;
}

/** A file's path inside DATA_DIR, refusing anything that would land outside it or on the cluster. */
function targetPath(dataDir: string, relative: unknown): string {
  if (typeof relative !== 'string' || relative.length === 0)
    throw new BackupFormatError('A file has no name.');
  const parts = relative.split('/');
  if (
    path.isAbsolute(relative) ||
    parts.some((part) => part === '' || part === '.' || part === '..') ||
    NOT_BACKED_UP.includes(parts[0] ?? '')
  )
    throw new BackupFormatError(`The backup names a file outside DATA_DIR: ${relative}`);
  return path.join(dataDir, ...parts);
}

async function installSchema(db: Database, manifest: Manifest, options: RestoreOptions): Promise<void> {
  const migrator = createMigrator(db);
  const known = (await migrator.getMigrations()).map((m) => m.name);
  if (!known.includes(manifest.migration))
    throw new RestoreRefusedError(
      `This backup was made by a newer release (its last migration, ${manifest.migration}, is unknown here): restore it with that release or a later one.`,
    );
  const result = await migrator.migrateTo(manifest.migration);
  if (result.error)
    throw new MigrationError(`Migrating to ${manifest.migration} failed`, { cause: result.error });
  const boss = createBoss({ connectionString: options.connectionString, max: 1, role: 'server' });
  await boss.start();
  await boss.stop({ graceful: false });
  const client = await poolOf(db).connect();
  try {
    const version = await client.query<{ version: number }>(
      'SELECT max(version) AS version FROM pgboss.version',
    );
    const installed = version.rows[0]?.version ?? null;
    if (manifest.pgbossVersion !== null && installed !== manifest.pgbossVersion)
      throw new RestoreRefusedError(
        `This backup's job queue is pg-boss schema ${manifest.pgbossVersion}, this release installs ${String(installed)}: restore it with the release that made it, then upgrade. The database now holds an empty schema: run restore again with --replace.`,
      );
  } finally {
    client.release();
  }
}

async function copyRows(
  client: pg.PoolClient,
  manifest: Manifest,
  frames: AsyncGenerator<Frame>,
  dataDir: string,
): Promise<RestoreCounts> {
  const tables = manifest.tables;
  for (const table of tables) await client.query(`ALTER TABLE ${qualified(table)} DISABLE TRIGGER USER`);
  // Rows the installers wrote (default settings, pg-boss's queues) give way to the backup's.
  if (tables.length > 0) await client.query(`TRUNCATE ${tables.map(qualified).join(', ')}`);
  let rows = 0;
  let files = 0;
  let tableIndex = 0;
  let ended = false;
  for (let next = await frames.next(); !next.done; next = await frames.next()) {
    const { header, payload } = next.value;
    if (header.kind === 'table') {
      const table = tables[tableIndex];
      if (!table || table.schema !== header['schema'] || table.name !== header['name'])
        throw new BackupFormatError('The backup file is damaged (tables out of order).');
      tableIndex += 1;
      const stream = client.query(
        copyFrom(`COPY ${qualified(table)} (${table.columns.map(quoteIdent).join(', ')}) FROM STDIN`),
      );
      let end: Frame['header'] | null = null;
      try {
        for (let chunk = await frames.next(); !chunk.done; chunk = await frames.next()) {
          if (chunk.value.header.kind === 'chunk') await writeChunk(stream, chunk.value.payload);
          else {
            end = chunk.value.header;
            break;
          }
        }
      } catch (error) {
        // The caller closes the connection; the stream's own "connection terminated" is expected.
        stream.on('error', () => undefined);
        stream.destroy();
        throw error;
      }
      stream.end();
      await finished(stream);
      if (end?.kind !== 'table-end' || end['rows'] !== stream.rowCount)
        throw new BackupFormatError(`The backup file is damaged (table ${table.name}).`);
      rows += stream.rowCount;
    } else if (header.kind === 'file') {
      const target = targetPath(dataDir, header['path']);
      await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      const temp = `${target}.${randomBytes(4).toString('hex')}.restoring`;
      const mode = typeof header['mode'] === 'number' ? header['mode'] & 0o777 : 0o600;
      const handle = await open(temp, 'wx', mode);
      let complete = false;
      try {
        for (let chunk = await frames.next(); !chunk.done; chunk = await frames.next()) {
          if (chunk.value.header.kind === 'chunk') await handle.write(chunk.value.payload);
          else {
            complete = chunk.value.header.kind === 'file-end';
            break;
          }
        }
      } finally {
        await handle.close();
      }
      if (!complete) {
        await rm(temp, { force: true });
        throw new BackupFormatError(`The backup file is damaged (file ${String(header['path'])}).`);
      }
      await rename(temp, target);
      files += 1;
    } else if (header.kind === 'end') {
      ended = true;
      break;
    } else if (payload.length > 0 || header.kind !== 'chunk') {
      throw new BackupFormatError(`The backup file is damaged (unexpected ${header.kind}).`);
    }
  }
  if (!ended || tableIndex !== tables.length) throw new BackupFormatError('The backup file is truncated.');
  for (const sequence of manifest.sequences)
    await client.query('SELECT setval($1::regclass, $2::bigint, $3)', [
      qualified(sequence),
      sequence.lastValue,
      sequence.isCalled,
    ]);
  for (const table of tables) await client.query(`ALTER TABLE ${qualified(table)} ENABLE TRIGGER USER`);
  return { tables: tables.length, rows, files };
}

export async function restoreBackup(db: Database, options: RestoreOptions): Promise<RestoreCounts> {
  const frames = readArchive(options.file);
  try {
    const first = await frames.next();
    const parsed = manifestSchema.safeParse(first.done ? null : first.value.header);
    if (!parsed.success)
      throw new BackupFormatError(
        `${options.file} has no readable manifest: it is not a backup this release can read.`,
      );
    const manifest = parsed.data;
    const problems = secretProblems(manifest, options.secrets);
    if (problems.length > 0) throw new RestoreRefusedError(`Nothing was restored.\n${problems.join('\n')}`);

    const client = await poolOf(db).connect();
    try {
      if (!(await databaseIsEmpty(client))) {
        if (!options.replace)
          throw new RestoreRefusedError(
            'The database already holds tables: restore into an empty database, or add --replace to drop everything it holds first.',
          );
        for (const schema of [...BACKED_UP_SCHEMAS].reverse())
          await client.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
        await client.query('CREATE SCHEMA public');
      }
    } finally {
      client.release();
    }
    await installSchema(db, manifest, options);

    const writer = await poolOf(db).connect();
    let counts: RestoreCounts;
    try {
      await writer.query('BEGIN');
      counts = await copyRows(writer, manifest, frames, options.dataDir);
      await writer.query('COMMIT');
      writer.release();
    } catch (error) {
      // The connection may be mid-COPY, where no ROLLBACK can be sent: closing it rolls back.
      writer.release(true);
      if (error instanceof BackupFormatError)
        throw new BackupFormatError(
          `${error.message} No rows were restored; the database holds the empty schema, so run restore again with --replace and a good file.`,
          { cause: error },
        );
      throw error;
    }
    await migrateToLatest(db);
    return counts;
  } finally {
    await frames.return(undefined);
  }
}
