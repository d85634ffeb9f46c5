import { type Kysely, type RawBuilder, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// The admin screens show counts over a million contacts and hundreds of thousands of logs and
// sends. Counting those rows per request costs 100-400 ms, so exact counts are kept as *delta
// rows*: statement-level triggers append one row per changed metric (never an UPDATE of a shared
// counter row, so concurrent writers neither wait on each other nor deadlock), readers sum them
// and a scheduled job folds them together. In any snapshot the sum for a metric (and bucket)
// equals the live count, because each delta is written in the transaction of its change.
//
// bucket NULL: a running total. bucket set: a time series in 15-minute slots (every UTC offset in
// use is a multiple of 15 minutes, so slots fold exactly into the local days of any timezone).

interface CountedTable {
  table: string;
  /** VALUES rows (metric, bucket, applies) computed from the row alias `r`. */
  metrics: RawBuilder<unknown>;
}

const counted: CountedTable[] = [
  {
    table: 'leads',
    metrics: sql`
      ('leads.total', NULL::timestamptz, true),
      ('leads.email_subscribed', NULL, r.email_marketing_consent AND r.email_unsubscribed_at IS NULL),
      ('leads.email_unsubscribed', NULL, r.email_unsubscribed_at IS NOT NULL),
      ('leads.email_active', NULL,
        r.email_marketing_consent AND r.email_unsubscribed_at IS NULL AND r.suppressed_at IS NULL)`,
  },
  {
    table: 'unsubscribe_logs',
    metrics: sql`
      ('unsubscribe_logs.' || r.action || '.' || r.method, NULL::timestamptz, true),
      ('unsubscribe_logs.unsubscribed', stat_bucket(r.created_at),
        r.action IN ('email_unsubscribe', 'sms_unsubscribe'))`,
  },
  {
    table: 'email_sends',
    metrics: sql`
      ('email_sends.sent', stat_bucket(r.sent_at), r.sent_at IS NOT NULL),
      ('email_sends.opened', stat_bucket(r.opened_at), r.opened_at IS NOT NULL),
      ('email_sends.clicked', stat_bucket(r.clicked_at), r.clicked_at IS NOT NULL)`,
  },
];

/** Signed rows (+1 per new row, -1 per old row) folded into (metric, bucket, delta). */
function deltasFrom(signedRows: RawBuilder<unknown>, metrics: RawBuilder<unknown>) {
  return sql`
    INSERT INTO stat_deltas (metric, bucket, delta)
    SELECT m.metric, m.bucket, sum(r.delta_sign)
    FROM (${signedRows}) r
    CROSS JOIN LATERAL (VALUES ${metrics}) AS m(metric, bucket, applies)
    WHERE m.applies
    GROUP BY m.metric, m.bucket
    HAVING sum(r.delta_sign) <> 0`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE stat_deltas (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      metric text NOT NULL,
      bucket timestamptz,
      delta bigint NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX stat_deltas_metric_bucket_idx ON stat_deltas (metric, bucket)`.execute(db);
  await sql`
    CREATE FUNCTION stat_bucket(at timestamptz) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00+00')`.execute(db);

  for (const { table, metrics } of counted) {
    const fn = (suffix: string) => sql.id(`${table}_stat_deltas_${suffix}`);
    // A trigger with transition tables serves one event, and a function may only name the
    // transition tables its trigger declares: one function per event.
    const bodies: Array<[string, RawBuilder<unknown>]> = [
      ['insert', deltasFrom(sql`SELECT 1 AS delta_sign, * FROM new_rows`, metrics)],
      ['delete', deltasFrom(sql`SELECT -1 AS delta_sign, * FROM old_rows`, metrics)],
      [
        'update',
        deltasFrom(
          sql`SELECT 1 AS delta_sign, * FROM new_rows UNION ALL SELECT -1 AS delta_sign, * FROM old_rows`,
          metrics,
        ),
      ],
      ['truncate', sql`DELETE FROM stat_deltas WHERE metric LIKE ${sql.lit(`${table}.%`)}`],
    ];
    for (const [event, body] of bodies) {
      await sql`
        CREATE FUNCTION ${fn(event)}() RETURNS trigger LANGUAGE plpgsql AS $fn$
        BEGIN
          ${body};
          RETURN NULL;
        END $fn$`.execute(db);
    }
    const tableId = sql.id(table);
    await sql`
      CREATE TRIGGER stat_deltas_insert AFTER INSERT ON ${tableId}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn('insert')}()`.execute(db);
    await sql`
      CREATE TRIGGER stat_deltas_update AFTER UPDATE ON ${tableId}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('update')}()`.execute(db);
    await sql`
      CREATE TRIGGER stat_deltas_delete AFTER DELETE ON ${tableId}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION ${fn('delete')}()`.execute(db);
    await sql`
      CREATE TRIGGER stat_deltas_truncate AFTER TRUNCATE ON ${tableId}
      FOR EACH STATEMENT EXECUTE FUNCTION ${fn('truncate')}()`.execute(db);
    // Rows that existed before this migration.
    await sql`
      ${deltasFrom(sql`SELECT 1 AS delta_sign, * FROM ${tableId}`, metrics)}`.execute(db);
  }

  // The unsubscribe list (newest first, filtered by action and method) and its "today" and "this
  // week" counts read this index alone (index-only scans), whatever the filters.
  await sql`
    CREATE INDEX unsubscribe_logs_created_covering_idx ON unsubscribe_logs (created_at DESC, id DESC)
    INCLUDE (action, method)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS unsubscribe_logs_created_covering_idx`.execute(db);
  for (const { table } of counted) {
    for (const event of ['insert', 'update', 'delete', 'truncate']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.id(`stat_deltas_${event}`)} ON ${sql.id(table)}`.execute(db);
      await sql`DROP FUNCTION IF EXISTS ${sql.id(`${table}_stat_deltas_${event}`)}()`.execute(db);
    }
  }
  await sql`DROP FUNCTION IF EXISTS stat_bucket(timestamptz)`.execute(db);
  await sql`DROP TABLE IF EXISTS stat_deltas`.execute(db);
}
