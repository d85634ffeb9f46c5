import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrator.ts';
import {
  createLocalStorage,
  createPostgresStorage,
  createS3Storage,
  newStorageKey,
  type StorageDriver,
} from '#server/uploads/storage.ts';
import { startFakeS3 } from '#test/support/fake-s3.ts';
import { openBenchDatabase } from './support/database.ts';

/**
 * `npm run bench -- file-store`: write and read latency of a 3 MB photo through each store of
 * decision 083 (local disk, PostgreSQL, S3 through the AWS SDK against a local s3rver), beside bare
 * baselines (fs.writeFile/readFile; one pg INSERT/SELECT of a bytea), and the database's growth per
 * photo in the postgres store. The photo is random bytes: a re-encoded JPEG does not compress either.
 */

const PHOTO_BYTES = 3 * 1024 * 1024;
const ROUNDS = 20;

interface Figures {
  write: number[];
  read: number[];
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

async function time(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

async function measure(
  put: (key: string, data: Buffer) => Promise<void>,
  get: (key: string) => Promise<Buffer | null>,
): Promise<Figures> {
  const figures: Figures = { write: [], read: [] };
  for (let round = 0; round < ROUNDS + 2; round += 1) {
    const key = newStorageKey('jpg');
    const data = randomBytes(PHOTO_BYTES);
    const write = await time(() => put(key, data));
    let back: Buffer | null = null;
    const read = await time(async () => (back = await get(key)));
    if (!back || !(back as Buffer).equals(data)) throw new Error('read back other bytes');
    // The first two warm up connections and code paths.
    if (round >= 2) {
      figures.write.push(write);
      figures.read.push(read);
    }
  }
  return figures;
}

const driverFigures = (driver: StorageDriver) =>
  measure(
    (key, data) => driver.put(key, data, 'image/jpeg'),
    (key) => driver.get(key),
  );

const bench = await openBenchDatabase('file_store');
const db = createDatabase({ connectionString: bench.url, max: 4, applicationName: 'bench-file-store' });
const pool = new pg.Pool({ connectionString: bench.url, max: 2 });
const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-file-store-'));
const s3 = await startFakeS3();
try {
  await migrateToLatest(db);
  await pool.query('CREATE TABLE bare_files (key text PRIMARY KEY, data bytea NOT NULL)');
  const sizeOf = async () =>
    Number(
      (await pool.query<{ n: string }>("SELECT pg_total_relation_size('stored_files') AS n")).rows[0]?.n ?? 0,
    );
  const before = await sizeOf();
  const rows: Array<[string, Figures]> = [
    [
      'bare fs.writeFile/readFile',
      await measure(
        (key, data) => writeFile(path.join(dir, key), data),
        (key) => readFile(path.join(dir, key)),
      ),
    ],
    ['local store', await driverFigures(createLocalStorage(path.join(dir, 'uploads')))],
    [
      'bare pg INSERT/SELECT bytea',
      await measure(
        async (key, data) => void (await pool.query('INSERT INTO bare_files VALUES ($1, $2)', [key, data])),
        async (key) =>
          (await pool.query<{ data: Buffer }>('SELECT data FROM bare_files WHERE key = $1', [key])).rows[0]
            ?.data ?? null,
      ),
    ],
    ['postgres store', await driverFigures(createPostgresStorage(db))],
    ['s3 store (local s3rver)', await driverFigures(createS3Storage(s3.settings))],
  ];
  const growth = (await sizeOf()) - before;
  console.log(`3 MB photo, ${ROUNDS} rounds each (ms):`);
  console.log('store                          write p50  write p95  read p50  read p95');
  for (const [name, f] of rows)
    console.log(
      `${name.padEnd(30)} ${percentile(f.write, 50).toFixed(1).padStart(9)}  ${percentile(f.write, 95).toFixed(1).padStart(9)}  ${percentile(f.read, 50).toFixed(1).padStart(8)}  ${percentile(f.read, 95).toFixed(1).padStart(8)}`,
    );
  const photos = ROUNDS + 2;
  console.log(
    `stored_files growth: ${(growth / photos / 1024 / 1024).toFixed(3)} MB per ${(PHOTO_BYTES / 1024 / 1024).toFixed(0)} MB photo (${photos} photos, ${(growth / 1024 / 1024).toFixed(1)} MB)`,
  );
} finally {
  await s3.close();
  await pool.end();
  await db.destroy();
  await bench.close();
  await rm(dir, { recursive: true, force: true });
}
