import { type RawBuilder, sql } from 'kysely';
import {
  type FunnelDimension,
  type FunnelFigures,
  type FunnelReport,
  type FunnelRow,
  previousPeriod,
} from '#shared/insight/schemas.ts';
import type { DbExecutor } from '../db/database.ts';

// The funnel (decision 096): enquiries submitted in a period of local days (the settings' time
// zone) and how far each got. A step counts when the enquiry ever reached it or a later one, by
// its status history, its current status, or the fact itself (a reply sent, an offer made): an
// enquiry that was offered and then lost still counts as offered. One statement per period.
// By source: the last touch's campaign or flow, else the UTM tags, else the referring site's host
// (decision 100), else "Direct or unknown".

const STEPS_AFTER = {
  contacted: ['contacted', 'offer_made', 'accepted', 'purchased'],
  offered: ['offer_made', 'accepted', 'purchased'],
  accepted: ['accepted', 'purchased'],
} as const;

function reached(step: keyof typeof STEPS_AFTER) {
  const statuses = STEPS_AFTER[step] as readonly string[];
  return sql`(e.status = ANY(${statuses}::text[]) OR e.reached && ${statuses}::text[])`;
}

/** A breakdown's key and label; nobody is named but members of the team. */
function dimensionSql(by: FunnelDimension): { key: RawBuilder<string>; label: RawBuilder<string> } {
  switch (by) {
    case 'source':
      return {
        key: sql<string>`CASE WHEN a.last_campaign_id IS NOT NULL THEN 'campaign:' || a.last_campaign_id
          WHEN a.last_flow_id IS NOT NULL THEN 'flow:' || a.last_flow_id
          WHEN nullif(e.utm_source, '') IS NOT NULL
            THEN 'utm:' || lower(e.utm_source) || '/' || lower(coalesce(e.utm_medium, ''))
          WHEN e.referrer_host IS NOT NULL THEN 'referrer:' || e.referrer_host
          ELSE 'direct' END`,
        label: sql<string>`CASE WHEN a.last_campaign_id IS NOT NULL THEN 'Campaign: ' || c.name
          WHEN a.last_flow_id IS NOT NULL THEN 'Flow: ' || f.name
          WHEN nullif(e.utm_source, '') IS NOT NULL
            THEN lower(e.utm_source) || coalesce(' / ' || lower(nullif(e.utm_medium, '')), '')
          WHEN e.referrer_host IS NOT NULL THEN 'Referred by ' || e.referrer_host
          ELSE 'Direct or unknown' END`,
      };
    case 'brand':
      return { key: sql<string>`lower(e.watch_brand)`, label: sql<string>`min(e.watch_brand)` };
    case 'assignee':
      return {
        key: sql<string>`coalesce(e.assignee_id::text, 'none')`,
        label: sql<string>`coalesce(min(coalesce(nullif(u.name, ''), u.email)), 'Unassigned')`,
      };
    case 'location':
      return {
        key: sql<string>`coalesce(e.location, 'none')`,
        label: sql<string>`coalesce(e.location, 'No visit')`,
      };
  }
}

async function funnelRows(
  db: DbExecutor,
  period: { from: string; to: string },
  by: FunnelDimension | null,
): Promise<FunnelRow[]> {
  const dim = by ? dimensionSql(by) : { key: sql<string>`'all'`, label: sql<string>`'All'` };
  // Grouped labels for brand and assignee are aggregates; the others are grouped by themselves.
  const groupLabel = by === 'brand' || by === 'assignee' ? sql`` : sql`, 2`;
  const { rows } = await sql<{
    key: string;
    label: string;
    enquiries: number;
    contacted: number;
    offered: number;
    accepted: number;
    purchased: number;
    value: string;
    avg_offer: string | null;
    avg_price: string | null;
    reply_hours: number | null;
    offer_hours: number | null;
    purchase_hours: number | null;
  }>`
    WITH tz AS (SELECT coalesce((SELECT timezone FROM settings), 'Australia/Sydney') AS name),
    bounds AS (
      SELECT (${period.from}::date)::timestamp AT TIME ZONE tz.name AS from_at,
             (${period.to}::date + 1)::timestamp AT TIME ZONE tz.name AS to_at
      FROM tz
    ),
    e AS (
      SELECT q.id, q.created_at, q.status, q.watch_brand, q.assignee_id, q.utm_source, q.utm_medium,
             q.first_replied_at, q.purchase_price_cents,
             -- The referring site's host without "www." (decision 100): a source when nothing else is.
             nullif(regexp_replace(lower(substring(q.referrer FROM '^https?://([^/:?#]+)')), '^www\\.', ''), '')
               AS referrer_host,
             o.first_offer_at, o.first_offer_cents,
             (SELECT array_agg(DISTINCT ev.to_status::text) FROM enquiry_events ev
               WHERE ev.enquiry_id = q.id AND ev.to_status IS NOT NULL) AS reached,
             CASE WHEN q.status = 'purchased' THEN coalesce(
               (SELECT min(ev.created_at) FROM enquiry_events ev
                 WHERE ev.enquiry_id = q.id AND ev.to_status = 'purchased'), q.status_changed_at) END AS purchased_at,
             (SELECT ap.location FROM appointments ap WHERE ap.enquiry_id = q.id
               ORDER BY ap.starts_at DESC LIMIT 1) AS location
      FROM bounds b
      JOIN enquiries q ON q.created_at >= b.from_at AND q.created_at < b.to_at
      LEFT JOIN LATERAL (
        SELECT eo.created_at AS first_offer_at, eo.amount_cents AS first_offer_cents
        FROM enquiry_offers eo WHERE eo.enquiry_id = q.id ORDER BY eo.created_at, eo.id LIMIT 1
      ) o ON true
    )
    SELECT ${dim.key} AS key, ${dim.label} AS label,
      count(*)::int AS enquiries,
      count(*) FILTER (WHERE e.first_replied_at IS NOT NULL OR e.first_offer_at IS NOT NULL
        OR ${reached('contacted')})::int AS contacted,
      count(*) FILTER (WHERE e.first_offer_at IS NOT NULL OR ${reached('offered')})::int AS offered,
      count(*) FILTER (WHERE ${reached('accepted')})::int AS accepted,
      count(*) FILTER (WHERE e.status = 'purchased')::int AS purchased,
      coalesce(sum(e.purchase_price_cents) FILTER (WHERE e.status = 'purchased'), 0)::text AS value,
      round(avg(e.first_offer_cents) FILTER (WHERE e.status = 'purchased'
        AND e.first_offer_cents IS NOT NULL AND e.purchase_price_cents IS NOT NULL))::text AS avg_offer,
      round(avg(e.purchase_price_cents) FILTER (WHERE e.status = 'purchased'
        AND e.first_offer_cents IS NOT NULL AND e.purchase_price_cents IS NOT NULL))::text AS avg_price,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.first_replied_at - e.created_at) / 3600)
        AS reply_hours,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.first_offer_at - e.created_at) / 3600)
        AS offer_hours,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.purchased_at - e.created_at) / 3600)
        AS purchase_hours
    FROM e
    LEFT JOIN enquiry_attributions a ON a.enquiry_id = e.id
    LEFT JOIN email_campaigns c ON c.id = a.last_campaign_id
    LEFT JOIN automation_flows f ON f.id = a.last_flow_id
    LEFT JOIN users u ON u.id = e.assignee_id
    GROUP BY 1${groupLabel}
    ORDER BY enquiries DESC, key`.execute(db);
  return rows.map((r) => ({
    key: r.key,
    label: r.label,
    enquiries: r.enquiries,
    contacted: r.contacted,
    offered: r.offered,
    accepted: r.accepted,
    purchased: r.purchased,
    purchaseValueCents: Number(r.value),
    averageFirstOfferCents: r.avg_offer === null ? null : Number(r.avg_offer),
    averagePriceCents: r.avg_price === null ? null : Number(r.avg_price),
    medianHoursToFirstReply: hours(r.reply_hours),
    medianHoursToOffer: hours(r.offer_hours),
    medianHoursToPurchase: hours(r.purchase_hours),
  }));
}

/** Hours to one decimal, as the report shows them. */
function hours(value: number | null): number | null {
  return value === null ? null : Math.round(Number(value) * 10) / 10;
}

const EMPTY: FunnelFigures = {
  enquiries: 0,
  contacted: 0,
  offered: 0,
  accepted: 0,
  purchased: 0,
  purchaseValueCents: 0,
  averageFirstOfferCents: null,
  averagePriceCents: null,
  medianHoursToFirstReply: null,
  medianHoursToOffer: null,
  medianHoursToPurchase: null,
};

function figuresOf(rows: FunnelRow[]): FunnelFigures {
  const row = rows[0];
  if (!row) return EMPTY;
  const { key: _key, label: _label, ...figures } = row;
  return figures;
}

/** The period's funnel against the previous period of the same length, and its breakdown. */
export async function funnelReport(
  db: DbExecutor,
  input: { from: string; to: string; by: FunnelDimension },
): Promise<FunnelReport> {
  const period = { from: input.from, to: input.to };
  const previous = previousPeriod(input.from, input.to);
  const [current, prior, rows] = await Promise.all([
    funnelRows(db, period, null),
    funnelRows(db, previous, null),
    funnelRows(db, period, input.by),
  ]);
  return { period, previous, current: figuresOf(current), prior: figuresOf(prior), by: input.by, rows };
}
