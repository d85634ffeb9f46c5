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
// Scale (decision 104): each enquiry's steps, times, money, source, brand, assignee and latest
// visit are kept at write time in `enquiry_milestones` (its migration holds the rules above as
// SQL), so a period is one range read of that narrow table; names of campaigns, flows and members
// are looked up once per group, not per enquiry.

/** A breakdown's key and label per enquiry, and the group's label from its key and least label. */
function dimensionSql(by: FunnelDimension | null): {
  key: RawBuilder<string>;
  label: RawBuilder<string | null>;
  groupLabel: RawBuilder<string>;
} {
  switch (by) {
    case null:
      return { key: sql<string>`'all'`, label: sql<string>`'All'`, groupLabel: sql<string>`'All'` };
    case 'source':
      // A campaign's or flow's label is its current name; the others are kept with the row.
      return {
        key: sql<string>`m.source_key`,
        label: sql<string | null>`m.source_label`,
        groupLabel: sql<string>`coalesce(g.label, CASE
          WHEN g.key LIKE 'campaign:%' THEN 'Campaign: ' || coalesce(
            (SELECT c.name FROM email_campaigns c WHERE c.id = substr(g.key, 10)::uuid), 'a deleted campaign')
          ELSE 'Flow: ' || coalesce(
            (SELECT f.name FROM automation_flows f WHERE f.id = substr(g.key, 6)::uuid), 'a deleted flow') END)`,
      };
    case 'brand':
      // Brands group without case; the label is the group's first spelling.
      return { key: sql<string>`m.brand_key`, label: sql<string>`m.brand`, groupLabel: sql<string>`g.label` };
    case 'assignee':
      return {
        key: sql<string>`coalesce(m.assignee_id::text, 'none')`,
        label: sql<string | null>`NULL::text`,
        groupLabel: sql<string>`coalesce((SELECT coalesce(nullif(u.name, ''), u.email) FROM users u
          WHERE g.key <> 'none' AND u.id = g.key::uuid), 'Unassigned')`,
      };
    case 'location':
      // The latest visit's place.
      return {
        key: sql<string>`coalesce(m.location, 'none')`,
        label: sql<string>`coalesce(m.location, 'No visit')`,
        groupLabel: sql<string>`g.label`,
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
    g AS (
      SELECT ${by ? sql`GROUPING(${dim.key}) = 1` : sql`true`} AS total,
        ${by ? sql`coalesce(${dim.key}, 'all')` : sql`'all'`} AS key, min(${dim.label}) AS label,
        count(*)::int AS enquiries,
        count(*) FILTER (WHERE m.contacted)::int AS contacted,
        count(*) FILTER (WHERE m.offered)::int AS offered,
        count(*) FILTER (WHERE m.accepted)::int AS accepted,
        count(*) FILTER (WHERE m.purchased)::int AS purchased,
        coalesce(sum(m.purchase_price_cents), 0)::text AS value,
        -- The first offer against the price, over purchases that have both.
        round(avg(m.first_offer_cents) FILTER (WHERE m.purchase_price_cents IS NOT NULL))::text AS avg_offer,
        round(avg(m.purchase_price_cents) FILTER (WHERE m.first_offer_cents IS NOT NULL))::text AS avg_price,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.first_replied_at - m.created_at) / 3600)
          AS reply_hours,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.first_offer_at - m.created_at) / 3600)
          AS offer_hours,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM m.purchased_at - m.created_at) / 3600)
          AS purchase_hours
      FROM bounds b
      JOIN enquiry_milestones m ON m.created_at >= b.from_at AND m.created_at < b.to_at
      GROUP BY ${by ? sql`GROUPING SETS ((), (${dim.key}))` : sql`GROUPING SETS (())`}
    )
    SELECT g.total, g.key, CASE WHEN g.total THEN 'All' ELSE ${dim.groupLabel} END AS label, g.enquiries,
      g.contacted, g.offered, g.accepted, g.purchased, g.value, g.avg_offer, g.avg_price, g.reply_hours,
      g.offer_hours, g.purchase_hours
    FROM g
    ORDER BY g.total DESC, g.enquiries DESC, g.key`.execute(db);
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
