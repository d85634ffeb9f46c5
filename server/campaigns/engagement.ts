import { sql } from 'kysely';
import type { CampaignEngagementPoint } from '#shared/campaigns/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import type { EmailCampaign } from '../db/schema.ts';

/** Hourly buckets for this long after sending started; daily buckets after it (issue 21). */
export const HOURLY_FOR_HOURS = 48;

/**
 * A campaign's engagement over time from the provider's events and our unsubscribe log: per hour
 * for the first 48 hours after sending started, then per day (days in the business timezone).
 * Counts are events, so a reader who opens twice counts twice, as the provider reports them.
 */
export async function campaignEngagement(
  db: DbExecutor,
  campaign: Pick<EmailCampaign, 'id' | 'started_at' | 'created_at'>,
  timezone: string,
): Promise<CampaignEngagementPoint[]> {
  const start = campaign.started_at ?? campaign.created_at;
  const hourly = (column: string) =>
    sql<boolean>`${sql.ref(column)} < ${start}::timestamptz + make_interval(hours => ${HOURLY_FOR_HOURS})`;
  const bucket = (column: string) => sql<Date>`CASE WHEN ${hourly(column)}
    THEN date_trunc('hour', ${sql.ref(column)})
    ELSE date_trunc('day', ${sql.ref(column)}, ${timezone}) END AS at, ${hourly(column)} AS hourly`;
  const result = await sql<{
    at: Date;
    hourly: boolean;
    delivered: string;
    opened: string;
    clicked: string;
    bounced: string;
    unsubscribed: string;
  }>`
    WITH events AS (
      SELECT ${bucket('e.occurred_at')}, e.type
      FROM email_sends s JOIN email_events e ON e.send_id = s.id
      WHERE s.campaign_id = ${campaign.id} AND e.occurred_at IS NOT NULL
        AND e.type IN ('email.delivered', 'email.opened', 'email.clicked', 'email.bounced')
      UNION ALL
      SELECT ${bucket('u.created_at')}, 'unsubscribe' AS type
      FROM unsubscribe_logs u
      WHERE u.campaign_id = ${campaign.id} AND u.action = 'email_unsubscribe'
    )
    SELECT at, hourly,
      count(*) FILTER (WHERE type = 'email.delivered') AS delivered,
      count(*) FILTER (WHERE type = 'email.opened') AS opened,
      count(*) FILTER (WHERE type = 'email.clicked') AS clicked,
      count(*) FILTER (WHERE type = 'email.bounced') AS bounced,
      count(*) FILTER (WHERE type = 'unsubscribe') AS unsubscribed
    FROM events GROUP BY at, hourly ORDER BY at`.execute(db);
  return result.rows.map((row) => ({
    at: row.at.toISOString(),
    unit: row.hourly ? 'hour' : 'day',
    delivered: Number(row.delivered),
    opened: Number(row.opened),
    clicked: Number(row.clicked),
    bounced: Number(row.bounced),
    unsubscribed: Number(row.unsubscribed),
  }));
}
