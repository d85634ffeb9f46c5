import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { FileMigrationProvider, type MigrationResultSet, Migrator } from 'kysely/migration';

export const migrationsFolder = fileURLToPath(new URL('../../migrations', import.meta.url));

export function createMigrator<T>(db: Kysely<T>): Migrator {
  return new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: migrationsFolder }),
  });
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** Applies every pending migration; throws a MigrationError naming the migration that failed. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<MigrationResultSet> {
  const resultSet = await createMigrator(db).migrateToLatest();
  if (resultSet.error) {
    const failed = resultSet.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    const cause =
      resultSet.error instanceof Error ? resultSet.error.message : JSON.stringify(resultSet.error);
    throw new MigrationError(`Migration ${failed} failed: ${cause}`, { cause: resultSet.error });
  }
  return resultSet;
}

/** True when every migration file has been applied (used by /readyz). */
export async function migrationsAreCurrent<T>(db: Kysely<T>): Promise<boolean> {
  const migrations = await createMigrator(db).getMigrations();
  return migrations.every((m) => m.executedAt !== undefined);
}
