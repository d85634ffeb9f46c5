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
// enquiry that was offered and then lost still counts as offered. One statement per period gives
// the period's figures and, with a breakdown, each group's (GROUPING SETS).
// By source: the last touch's campaign or flow, else the UTM tags, else the referring site's host
// (decision 100), else "Direct or unknown".
//
// Scale (decision 101): the period's enquiries are read once, and their offers, status history and
// visits are each read in one pass joined to them, not looked up enquiry by enquiry; a breakdown
// joins only the tables it names.

const STEPS_AFTER = {
  contacted: ['contacted', 'offer_made', 'accepted', 'purchased'],
  offered: ['offer_made', 'accepted', 'purchased'],
  accepted: ['accepted', 'purchased'],
} as const;

function statusIn(column: RawBuilder<unknown>, step: keyof typeof STEPS_AFTER) {
  return sql`${column} = ANY(${STEPS_AFTER[step]}::text[])`;
}

/** A breakdown's key, its label (the same for every row of a group) and the joins they need. */
function dimensionSql(by: FunnelDimension | null): {
  key: RawBuilder<string>;
  label: RawBuilder<string>;
  joins: RawBuilder<unknown>;
} {
  switch (by) {
    case null:
      return { key: sql<string>`'all'`, label: sql<string>`'All'`, joins: sql`` };
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
        joins: sql`LEFT JOIN enquiry_attributions a ON a.enquiry_id = e.id
          LEFT JOIN email_campaigns c ON c.id = a.last_campaign_id
          LEFT JOIN automation_flows f ON f.id = a.last_flow_id`,
      };
    case 'brand':
      // Brands group without case; the label is the group's first spelling.
      return { key: sql<string>`lower(e.watch_brand)`, label: sql<string>`e.watch_brand`, joins: sql`` };
    case 'assignee':
      return {
        key: sql<string>`coalesce(e.assignee_id::text, 'none')`,
        label: sql<string>`coalesce(nullif(u.name, ''), u.email, 'Unassigned')`,
        joins: sql`LEFT JOIN users u ON u.id = e.assignee_id`,
      };
    case 'location':
      // The latest visit's place: one pass over the period's visits.
      return {
        key: sql<string>`coalesce(v.location, 'none')`,
        label: sql<string>`coalesce(v.location, 'No visit')`,
        joins: sql`LEFT JOIN (
          SELECT DISTINCT ON (ap.enquiry_id) ap.enquiry_id, ap.location
          FROM q JOIN appointments ap ON ap.enquiry_id = q.id
          ORDER BY ap.enquiry_id, ap.starts_at DESC
        ) v ON v.enquiry_id = e.id`,
      };
  }
}

interface FunnelRows {
  total: FunnelRow | undefined;
  rows: FunnelRow[];
}

async function funnelRows(
  db: DbExecutor,
  period: { from: string; to: string },
  by: FunnelDimension | null,
): Promise<FunnelRows> {
  const dim = dimensionSql(by);
  const { rows } = await sql<{
    total: boolean;
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
    q AS MATERIALIZED (
      SELECT q.id, q.created_at, q.status, q.status_changed_at, q.watch_brand, q.assignee_id, q.utm_source,
             q.utm_medium, q.first_replied_at, q.purchase_price_cents,
             -- The referring site's host without "www." (decision 100): a source when nothing else is.
             nullif(regexp_replace(lower(substring(q.referrer FROM '^https?://([^/:?#]+)')), '^www\\.', ''), '')
               AS referrer_host
      FROM bounds b
      JOIN enquiries q ON q.created_at >= b.from_at AND q.created_at < b.to_at
    ),
    o AS (
      SELECT DISTINCT ON (eo.enquiry_id) eo.enquiry_id, eo.created_at AS first_offer_at,
             eo.amount_cents AS first_offer_cents
      FROM q JOIN enquiry_offers eo ON eo.enquiry_id = q.id
      ORDER BY eo.enquiry_id, eo.created_at, eo.id
    ),
    h AS (
      SELECT ev.enquiry_id,
             bool_or(${statusIn(sql`ev.to_status`, 'contacted')}) AS contacted,
             bool_or(${statusIn(sql`ev.to_status`, 'offered')}) AS offered,
             bool_or(${statusIn(sql`ev.to_status`, 'accepted')}) AS accepted,
             min(ev.created_at) FILTER (WHERE ev.to_status = 'purchased') AS purchased_at
      FROM q JOIN enquiry_events ev ON ev.enquiry_id = q.id
      WHERE ev.to_status IS NOT NULL
      GROUP BY ev.enquiry_id
    ),
    e AS (
      SELECT q.*, o.first_offer_at, o.first_offer_cents,
             coalesce(h.contacted, false) AS h_contacted, coalesce(h.offered, false) AS h_offered,
             coalesce(h.accepted, false) AS h_accepted,
             CASE WHEN q.status = 'purchased' THEN coalesce(h.purchased_at, q.status_changed_at) END AS purchased_at
      FROM q
      LEFT JOIN o ON o.enquiry_id = q.id
      LEFT JOIN h ON h.enquiry_id = q.id
    ),
    -- Each enquiry reduced to what the figures need before grouping sorts the rows: a year's
    -- rows stay in memory (decision 101).
    r AS (
      SELECT ${dim.key} AS key, ${dim.label} AS label,
        e.first_replied_at IS NOT NULL OR e.first_offer_at IS NOT NULL OR e.h_contacted
          OR ${statusIn(sql`e.status`, 'contacted')} AS contacted,
        e.first_offer_at IS NOT NULL OR e.h_offered OR ${statusIn(sql`e.status`, 'offered')} AS offered,
        e.h_accepted OR ${statusIn(sql`e.status`, 'accepted')} AS accepted,
        e.status = 'purchased' AS purchased,
        CASE WHEN e.status = 'purchased' THEN e.purchase_price_cents END AS price,
        CASE WHEN e.status = 'purchased' AND e.purchase_price_cents IS NOT NULL THEN e.first_offer_cents END
          AS paired_offer,
        CASE WHEN e.status = 'purchased' AND e.first_offer_cents IS NOT NULL THEN e.purchase_price_cents END
          AS paired_price,
        extract(epoch FROM e.first_replied_at - e.created_at) / 3600 AS reply_hours,
        extract(epoch FROM e.first_offer_at - e.created_at) / 3600 AS offer_hours,
        extract(epoch FROM e.purchased_at - e.created_at) / 3600 AS purchase_hours
      FROM e ${dim.joins}
    )
    SELECT ${by ? sql`GROUPING(r.key) = 1` : sql`true`} AS total,
      ${by ? sql`coalesce(r.key, 'all')` : sql`'all'`} AS key, coalesce(min(r.label), 'All') AS label,
      count(*)::int AS enquiries,
      count(*) FILTER (WHERE r.contacted)::int AS contacted,
      count(*) FILTER (WHERE r.offered)::int AS offered,
      count(*) FILTER (WHERE r.accepted)::int AS accepted,
      count(*) FILTER (WHERE r.purchased)::int AS purchased,
      coalesce(sum(r.price), 0)::text AS value,
      round(avg(r.paired_offer))::text AS avg_offer,
      round(avg(r.paired_price))::text AS avg_price,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.reply_hours) AS reply_hours,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.offer_hours) AS offer_hours,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY r.purchase_hours) AS purchase_hours
    FROM r
    GROUP BY ${by ? sql`GROUPING SETS ((), (r.key))` : sql`GROUPING SETS (())`}
    ORDER BY total DESC, enquiries DESC, key`.execute(db);
  const toRow = (r: (typeof rows)[number]): FunnelRow => ({
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
  });
  const total = rows.find((r) => r.total);
  return { total: total && toRow(total), rows: rows.filter((r) => !r.total).map(toRow) };
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

function figuresOf(row: FunnelRow | undefined): FunnelFigures {
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
  const [current, prior] = await Promise.all([
    funnelRows(db, period, input.by),
    funnelRows(db, previous, null),
  ]);
  return {
    period,
    previous,
    current: figuresOf(current.total),
    prior: figuresOf(prior.total),
    by: input.by,
    rows: current.rows,
  };
}
