import { sql } from 'kysely';
import type { CampaignEngagementPoint } from '#shared/campaigns/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import type { EmailCampaign } from '../db/types.ts';
import { sendFiguresSql } from '../stats/entry.ts';

/** Hourly buckets for this long after sending started; daily buckets after it. */
export const HOURLY_FOR_HOURS = 48;

/**
 * A campaign's engagement over time: per hour for the first 48 hours after sending started, then
 * per day (days in the business timezone). Each figure counts sends, at the time each first
 * reached it (decision 052): a reader who opens twice counts once, when they first opened, so the
 * chart's totals are the campaign's delivered, opens, clicks and bounces. Unsubscribes come from
 * our unsubscribe log.
 *
 * Buckets without events are there with zeros, so the time axis is even: every hour from the
 * start until now (at most the 48 hours), then every day up to the last event's day. A campaign
 * with no event at all has no point (the chart says nothing was reported yet).
 */
export async function campaignEngagement(
  db: DbExecutor,
  campaign: Pick<EmailCampaign, 'id' | 'started_at' | 'created_at'>,
  timezone: string,
): Promise<CampaignEngagementPoint[]> {
  const start = campaign.started_at ?? campaign.created_at;
  const hourlyEnd = sql<Date>`(${start}::timestamptz + make_interval(hours => ${HOURLY_FOR_HOURS}))`;
  const hourly = (column: string) => sql<boolean>`${sql.ref(column)} < ${hourlyEnd}`;
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
      SELECT ${bucket('f.at')}, f.figure AS type
      FROM email_sends s CROSS JOIN LATERAL ${sendFiguresSql('s')} AS f
      WHERE s.campaign_id = ${campaign.id}
      UNION ALL
      SELECT ${bucket('u.created_at')}, 'unsubscribe' AS type
      FROM unsubscribe_logs u
      WHERE u.campaign_id = ${campaign.id} AND u.action = 'email_unsubscribe'
    ),
    counts AS (
      SELECT at, hourly,
        count(*) FILTER (WHERE type = 'delivered') AS delivered,
        count(*) FILTER (WHERE type = 'opened') AS opened,
        count(*) FILTER (WHERE type = 'clicked') AS clicked,
        count(*) FILTER (WHERE type = 'bounced') AS bounced,
        count(*) FILTER (WHERE type = 'unsubscribe') AS unsubscribed
      FROM events GROUP BY at, hourly
    ),
    bounds AS (
      SELECT max(at) FILTER (WHERE hourly) AS last_hour, max(at) FILTER (WHERE NOT hourly) AS last_day
      FROM counts HAVING count(*) > 0
    ),
    buckets AS (
      -- Every hour from the start to now, within the hourly window (or to a later event's hour).
      SELECT h AS at, true AS hourly FROM bounds, generate_series(
        date_trunc('hour', ${start}::timestamptz),
        least(${hourlyEnd} - interval '1 microsecond', greatest(now(), last_hour)),
        interval '1 hour') AS h
      UNION
      -- Every day after the window up to the last event's day, stepped in local time (DST-safe).
      SELECT d AT TIME ZONE ${timezone}, false FROM bounds, generate_series(
        date_trunc('day', ${hourlyEnd}, ${timezone}) AT TIME ZONE ${timezone},
        last_day AT TIME ZONE ${timezone},
        interval '1 day') AS d
      UNION
      -- An event's own bucket is always there, whatever the clock says.
      SELECT at, hourly FROM counts
    )
    SELECT b.at, b.hourly,
      coalesce(c.delivered, 0) AS delivered, coalesce(c.opened, 0) AS opened,
      coalesce(c.clicked, 0) AS clicked, coalesce(c.bounced, 0) AS bounced,
      coalesce(c.unsubscribed, 0) AS unsubscribed
    FROM buckets b LEFT JOIN counts c ON c.at = b.at AND c.hourly = b.hourly
    -- The hours first: the first day begins at local midnight, before the hourly window ends.
    ORDER BY b.hourly DESC, b.at`.execute(db);
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
