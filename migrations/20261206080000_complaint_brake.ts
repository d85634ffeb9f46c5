import { type Kysely, sql } from 'kysely';

// Frozen in time: never imports application code.
//
// Decision 074: the complaint brake. A campaign pauses itself when its complaint rate (complaints
// per delivered e-mail) passes `complaint_pause_threshold` percent after at least
// `complaint_pause_min_delivered` deliveries since its last resume (the baselines, as the bounce
// pause keeps them); live flows pause when the sending domain's rolling 7-day complaint rate passes
// 0.3 %, and say why in `pause_reason`. The partial index serves the rolling rate: it reads only
// the deliveries and complaints of the last seven days.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE settings
      ADD COLUMN complaint_pause_threshold double precision NOT NULL DEFAULT 0.1
        CONSTRAINT settings_complaint_pause_threshold_range
          CHECK (complaint_pause_threshold > 0 AND complaint_pause_threshold <= 100),
      ADD COLUMN complaint_pause_min_delivered integer NOT NULL DEFAULT 1000
        CONSTRAINT settings_complaint_pause_min_delivered_range
          CHECK (complaint_pause_min_delivered BETWEEN 1 AND 1000000)`.execute(db);
  await sql`
    ALTER TABLE email_campaigns
      ADD COLUMN complaint_baseline_delivered integer NOT NULL DEFAULT 0,
      ADD COLUMN complaint_baseline_complaints integer NOT NULL DEFAULT 0`.execute(db);
  await sql`ALTER TABLE automation_flows ADD COLUMN pause_reason text`.execute(db);
  await sql`
    CREATE INDEX email_events_complaint_rate ON email_events (type, (coalesce(occurred_at, received_at)))
      WHERE type IN ('email.delivered', 'email.complained')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX email_events_complaint_rate`.execute(db);
  await sql`ALTER TABLE automation_flows DROP COLUMN pause_reason`.execute(db);
  await sql`
    ALTER TABLE email_campaigns
      DROP COLUMN complaint_baseline_delivered,
      DROP COLUMN complaint_baseline_complaints`.execute(db);
  await sql`
    ALTER TABLE settings
      DROP COLUMN complaint_pause_threshold,
      DROP COLUMN complaint_pause_min_delivered`.execute(db);
}
