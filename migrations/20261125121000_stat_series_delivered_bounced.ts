import { type Kysely, type RawBuilder, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// The dashboard's 30-day series gains delivered and bounced e-mails per day (opens,
// clicks and unsubscribes are already kept). The email_sends trigger functions of
// 20261121050000_admin_stats are replaced with ones that also count delivered_at and bounced_at,
// and the existing sends are counted once for the two new metrics.

const before = sql`
  ('email_sends.sent', stat_bucket(r.sent_at), r.sent_at IS NOT NULL),
  ('email_sends.opened', stat_bucket(r.opened_at), r.opened_at IS NOT NULL),
  ('email_sends.clicked', stat_bucket(r.clicked_at), r.clicked_at IS NOT NULL)`;

const added = sql`
  ('email_sends.delivered', stat_bucket(r.delivered_at), r.delivered_at IS NOT NULL),
  ('email_sends.bounced', stat_bucket(r.bounced_at), r.bounced_at IS NOT NULL)`;

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

async function replaceFunctions(db: Kysely<any>, metrics: RawBuilder<unknown>): Promise<void> {
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
  ];
  for (const [event, body] of bodies) {
    await sql`
      CREATE OR REPLACE FUNCTION ${sql.id(`email_sends_stat_deltas_${event}`)}() RETURNS trigger
      LANGUAGE plpgsql AS $fn$
      BEGIN
        ${body};
        RETURN NULL;
      END $fn$`.execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  // The table lock keeps a send from changing between the backfill and the new functions.
  await sql`LOCK TABLE email_sends IN SHARE ROW EXCLUSIVE MODE`.execute(db);
  await replaceFunctions(db, sql`${before}, ${added}`);
  await sql`${deltasFrom(sql`SELECT 1 AS delta_sign, * FROM email_sends`, added)}`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await replaceFunctions(db, before);
  await sql`DELETE FROM stat_deltas WHERE metric IN ('email_sends.delivered', 'email_sends.bounced')`.execute(
    db,
  );
}
