import { sql } from 'kysely';
import {
  ACTIVITY_CHART_DAYS,
  complaintLevel,
  type ComplaintRateView,
  type DailyActivity,
  type DailyActivityPoint,
  type DashboardStats,
  mergeRecentActivity,
  RECENT_CAMPAIGNS,
  RECENT_UNSUBSCRIBES,
  type RecentActivityItem,
  roundRate,
} from '#shared/dashboard/schemas.ts';
import { calendarDays, localDate } from '#shared/time/zones.ts';
import type { DbExecutor } from '../db/database.ts';
import { COMPLAINT_WINDOW_DAYS, rollingComplaintRate } from '../stats/entry.ts';
import { LEAD_METRICS, rateSql, readTotals, SERIES_METRICS } from '../stats/entry.ts';

// Email Campaign Dashboard (docs/spec/admin.md §2, §9). Campaign figures come from the counters the sending
// engine keeps on email_campaigns, so no query here visits email_sends.

export async function dashboardStats(db: DbExecutor): Promise<DashboardStats> {
  const [campaigns, totals] = await Promise.all([
    // Each campaign's rates by the one definition, from its counters (decision 052), as the list
    // and its details page show them; averaged over campaigns with deliveries (admin spec).
    sql<{
      total: number;
      avg_open: number | null;
      avg_click: number | null;
      bounces: number;
      sent: number;
    }>`
      SELECT count(*) AS total,
             avg(${rateSql(sql.ref('open_count'), sql.ref('delivered_count'))}) FILTER (WHERE delivered_count > 0)
               AS avg_open,
             avg(${rateSql(sql.ref('click_count'), sql.ref('delivered_count'))}) FILTER (WHERE delivered_count > 0)
               AS avg_click,
             coalesce(sum(bounce_count), 0) AS bounces,
             coalesce(sum(sent_count), 0) AS sent
      FROM email_campaigns`.execute(db),
    readTotals(db, [LEAD_METRICS.emailActive]),
  ]);
  const row = campaigns.rows[0];
  const rate = (value: number | string | null | undefined) =>
    value === null || value === undefined ? null : roundRate(Number(value));
  const bounces = Number(row?.bounces ?? 0);
  const sent = Number(row?.sent ?? 0);
  return {
    totalCampaigns: Number(row?.total ?? 0),
    activeSubscribers: totals[LEAD_METRICS.emailActive],
    avgOpenRate: rate(row?.avg_open),
    avgClickRate: rate(row?.avg_click),
    bounceRate: sent > 0 ? roundRate((bounces / sent) * 100) : null,
  };
}

/** The 5 latest completed campaigns and the 5 latest unsubscribes, newest first (docs/spec/admin.md §9). */
/**
 * The latest completed campaigns and unsubscribes. An unsubscribe names its address only to a role
 * that reads the unsubscribe log (`withAddresses`): a Buyer sees the dashboard but not who left
 * the list (decision 027).
 */
export async function recentActivity(
  db: DbExecutor,
  { withAddresses }: { withAddresses: boolean },
): Promise<RecentActivityItem[]> {
  const [campaigns, logs] = await Promise.all([
    db
      .selectFrom('email_campaigns')
      .select(['id', 'name', 'total_recipients', 'completed_at'])
      .where('status', '=', 'completed')
      .where('completed_at', 'is not', null)
      .orderBy('completed_at', 'desc')
      .limit(RECENT_CAMPAIGNS)
      .execute(),
    db
      .selectFrom('unsubscribe_logs')
      .select(['id', 'email', 'action', 'created_at'])
      .where('action', 'in', ['email_unsubscribe', 'sms_unsubscribe'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(RECENT_UNSUBSCRIBES)
      .execute(),
  ]);
  return mergeRecentActivity(
    campaigns.flatMap((c) =>
      c.completed_at
        ? [
            {
              kind: 'campaign_completed' as const,
              id: c.id,
              name: c.name,
              recipients: c.total_recipients,
              at: c.completed_at.toISOString(),
            },
          ]
        : [],
    ),
    logs.map((l) => ({
      kind: 'unsubscribe' as const,
      id: l.id,
      email: withAddresses ? l.email : null,
      action: l.action,
      at: l.created_at.toISOString(),
    })),
  );
}

const emptyDay = (date: string): DailyActivityPoint => ({
  date,
  sent: 0,
  delivered: 0,
  opened: 0,
  clicked: 0,
  bounced: 0,
  unsubscribed: 0,
});

/**
 * Sends, deliveries, opens, clicks, bounces and unsubscribes per local day (settings timezone) over the last 30 days,
 * today included. Reads the trigger-kept 15-minute series: at most 30 x 96 rows per metric.
 */
export async function dailyActivity(
  db: DbExecutor,
  { now = new Date(), timezone, days = ACTIVITY_CHART_DAYS }: { now?: Date; timezone: string; days?: number },
): Promise<DailyActivity> {
  const dates = calendarDays(localDate(now, timezone), days);
  const metricKeys = Object.keys(SERIES_METRICS) as Array<keyof typeof SERIES_METRICS>;
  const byMetric = new Map<string, keyof typeof SERIES_METRICS>(
    metricKeys.map((k) => [SERIES_METRICS[k], k]),
  );
  // A day is at most 26 hours long (DST), so days + 2 days of buckets cover the first local day.
  const rows = await sql<{ day: string; metric: string; count: number }>`
    SELECT to_char(bucket AT TIME ZONE ${timezone}, 'YYYY-MM-DD') AS day, metric, sum(delta) AS count
    FROM stat_deltas
    WHERE metric IN (${sql.join(Object.values(SERIES_METRICS))})
      AND bucket >= ${now}::timestamptz - make_interval(days => ${days + 2})
      AND bucket <= ${now}::timestamptz
    GROUP BY 1, 2`.execute(db);
  const points = new Map<string, DailyActivityPoint>(dates.map((date) => [date, emptyDay(date)]));
  for (const row of rows.rows) {
    const point = points.get(row.day);
    const key = byMetric.get(row.metric);
    if (point && key) point[key] += Number(row.count);
  }
  return {
    timezone,
    days: dates.map((d) => points.get(d) ?? emptyDay(d)),
  };
}

/** The rolling 7-day complaint rate against Gmail's lines (decision 074). */
export async function complaintRateView(db: DbExecutor, now = new Date()): Promise<ComplaintRateView> {
  const measured = await rollingComplaintRate(db, now);
  const rate = measured.rate === null ? null : Math.round(measured.rate * 100) / 100;
  return {
    windowDays: COMPLAINT_WINDOW_DAYS,
    delivered: measured.delivered,
    complained: measured.complained,
    rate,
    level: complaintLevel(measured.rate),
  };
}
