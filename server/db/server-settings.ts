/**
 * PostgreSQL settings the application's own server runs with: the embedded cluster of
 * `npm start` and the `postgres` service of docker-compose.yml (a test keeps the two in step).
 *
 * max_wal_size: a Send Now snapshot of 500,000 recipients writes about 500 MB of WAL in one
 * statement. At the default 1 GB, PostgreSQL starts a checkpoint every ~540 MB ("checkpoints are
 * occurring too frequently"), and a snapshot running beside one took 10.5 s instead of 7.8
 * (decision 044). WAL above min_wal_size is recycled after a checkpoint, so the disk holds this
 * much only after such a burst.
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = {
  max_wal_size: '4GB',
};
