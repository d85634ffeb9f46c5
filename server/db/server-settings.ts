/**
 * PostgreSQL settings the application's own server runs with: the embedded cluster of
 * `npm start` and the `postgres` service of docker-compose.yml (a test keeps the two in step).
 *
 * max_wal_size: a Send Now snapshot of 500,000 recipients writes, in one statement, about as much
 * WAL as the default 1 GB lets pass between checkpoints ("checkpoints are occurring too
 * frequently"), and a snapshot running beside a checkpoint is the slowest (decision 044; the
 * figures are in bench/README.md, "segments"). WAL above min_wal_size is recycled after a
 * checkpoint, so the disk holds this much only after such a burst.
 */
export const SERVER_SETTINGS: Readonly<Record<string, string>> = {
  max_wal_size: '4GB',
};
