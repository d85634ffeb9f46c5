import { sql } from 'kysely';
import { type DbExecutor, inTransaction } from '../db/database.ts';

// Exact counts kept by triggers as delta rows (see migrations/20261121050000_admin_stats.ts).
// Reading a metric is a sum over a handful of rows; `compactStatDeltas` keeps it a handful.

export const LEAD_METRICS = {
  total: 'leads.total',
  /** Admin spec: consent given and not unsubscribed. */
  emailSubscribed: 'leads.email_subscribed',
  emailUnsubscribed: 'leads.email_unsubscribed',
  /** The campaign audience: subscribed and not suppressed (bounce or complaint). */
  emailActive: 'leads.email_active',
} as const;

export function unsubscribeLogMetric(action: string, method: string): string {
  return `unsubscribe_logs.${action}.${method}`;
}

/** Time series in 15-minute buckets. */
export const SERIES_METRICS = {
  sent: 'email_sends.sent',
  delivered: 'email_sends.delivered',
  opened: 'email_sends.opened',
  clicked: 'email_sends.clicked',
  bounced: 'email_sends.bounced',
  unsubscribed: 'unsubscribe_logs.unsubscribed',
} as const;

/** Running totals of the given metrics; a metric never changed reads 0. */
export async function readTotals<M extends string>(
  db: DbExecutor,
  metrics: readonly M[],
): Promise<Record<M, number>> {
  const totals = Object.fromEntries(metrics.map((m) => [m, 0])) as Record<M, number>;
  if (metrics.length === 0) return totals;
  const rows = await db
    .selectFrom('stat_deltas')
    .select(['metric', (eb) => eb.fn.sum<number>('delta').as('total')])
    .where('bucket', 'is', null)
    .where('metric', 'in', metrics)
    .groupBy('metric')
    .execute();
  for (const row of rows) totals[row.metric as M] = Number(row.total);
  return totals;
}

export interface SeriesPoint {
  metric: string;
  bucket: Date;
  count: number;
}

/** Bucketed counts of the given metrics with from <= bucket < to. */
export async function readSeries(
  db: DbExecutor,
  metrics: readonly string[],
  from: Date,
  to: Date,
): Promise<SeriesPoint[]> {
  if (metrics.length === 0) return [];
  const rows = await db
    .selectFrom('stat_deltas')
    .select(['metric', 'bucket', (eb) => eb.fn.sum<number>('delta').as('count')])
    .where('metric', 'in', metrics)
    .where('bucket', '>=', from)
    .where('bucket', '<', to)
    .groupBy(['metric', 'bucket'])
    .having((eb) => eb.fn.sum('delta'), '<>', 0)
    .execute();
  return rows.flatMap((row) =>
    row.bucket ? [{ metric: row.metric, bucket: row.bucket, count: Number(row.count) }] : [],
  );
}

/**
 * Folds each (metric, bucket) with several delta rows into one row. Only one compaction runs at a
 * time (the others return at once); writers never wait, since they only insert new rows, which a
 * running compaction does not see and so leaves alone.
 */
export async function compactStatDeltas(db: DbExecutor): Promise<{ folded: number } | null> {
  const run = async (trx: DbExecutor) => {
    const lock = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_xact_lock(hashtext('watch-platform:stat-deltas')) AS locked`.execute(trx);
    if (!lock.rows[0]?.locked) return null;
    // coalesce: NULL buckets (running totals) must match each other in the join.
    const result = await sql<{ folded: number }>`
      WITH crowded AS (
        SELECT metric, coalesce(bucket, '-infinity') AS slot
        FROM stat_deltas
        GROUP BY metric, coalesce(bucket, '-infinity')
        HAVING count(*) > 1
      ), gone AS (
        DELETE FROM stat_deltas d
        USING crowded c
        WHERE d.metric = c.metric AND coalesce(d.bucket, '-infinity') = c.slot
        RETURNING d.metric, d.bucket, d.delta
      ), kept AS (
        INSERT INTO stat_deltas (metric, bucket, delta)
        SELECT metric, bucket, sum(delta) FROM gone GROUP BY metric, bucket HAVING sum(delta) <> 0
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM gone) AS folded`.execute(trx);
    return { folded: Number(result.rows[0]?.folded ?? 0) };
  };
  return inTransaction(db, run);
}
