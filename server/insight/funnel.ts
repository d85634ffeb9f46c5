import { type RawBuilder, sql } from 'kysely';
import {
  type FunnelDimension,
  type FunnelFigures,
  type FunnelReport,
  type FunnelRow,
  previousPeriod,
} from '#shared/insight/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { inPeriod } from './period.ts';

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

/**
 * A breakdown: what the period's rows are grouped by (a uuid or a "C"-collated text, cheap to
 * sort), the group's key as text, a label kept with the rows (its least value is the group's)
 * and the group's label, looked up from `g.k` or `g.label` once per group.
 */
function dimensionSql(by: FunnelDimension | null): {
  group: RawBuilder<unknown>;
  key: RawBuilder<string>;
  label: RawBuilder<string | null>;
  groupLabel: RawBuilder<string>;
} {
  switch (by) {
    case null:
      return {
        group: sql`NULL`,
        key: sql<string>`'all'`,
        label: sql`NULL::text`,
        groupLabel: sql<string>`'All'`,
      };
    case 'source':
      // A campaign's or flow's label is its current name; the others are kept with the row.
      return {
        group: sql`m.source_key COLLATE "C"`,
        key: sql<string>`g.k`,
        label: sql<string | null>`m.source_label`,
        groupLabel: sql<string>`coalesce(g.label, CASE
          WHEN g.k LIKE 'campaign:%' THEN 'Campaign: ' || coalesce(
            (SELECT c.name FROM email_campaigns c WHERE c.id = substr(g.k, 10)::uuid), 'a deleted campaign')
          ELSE 'Flow: ' || coalesce(
            (SELECT f.name FROM automation_flows f WHERE f.id = substr(g.k, 6)::uuid), 'a deleted flow') END)`,
      };
    case 'brand':
      // Brands group without case; the label is the group's first spelling.
      return {
        group: sql`m.brand_key COLLATE "C"`,
        key: sql<string>`g.k`,
        label: sql<string>`m.brand`,
        groupLabel: sql<string>`g.label`,
      };
    case 'assignee':
      return {
        group: sql`m.assignee_id`,
        key: sql<string>`coalesce(g.k::text, 'none')`,
        label: sql`NULL::text`,
        groupLabel: sql<string>`coalesce((SELECT coalesce(nullif(u.name, ''), u.email) FROM users u
          WHERE u.id = g.k), 'Unassigned')`,
      };
    case 'location':
      // The latest visit's place.
      return {
        group: sql`m.location COLLATE "C"`,
        key: sql<string>`coalesce(g.k, 'none')`,
        label: sql`NULL::text`,
        groupLabel: sql<string>`coalesce(g.k, 'No visit')`,
      };
  }
}

/** Hours from the enquiry to a moment, as float8 (`extract` would compute numerics per row). */
const hoursTo = (column: string) => sql`date_part('epoch', ${sql.ref(column)} - m.created_at) / 3600`;

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
    WITH g AS (
      SELECT ${by ? sql`GROUPING(${dim.group}) = 1` : sql`true`} AS total, ${dim.group} AS k,
        min(${dim.label}) AS label,
        count(*)::int AS enquiries,
        count(*) FILTER (WHERE m.contacted)::int AS contacted,
        count(*) FILTER (WHERE m.offered)::int AS offered,
        count(*) FILTER (WHERE m.accepted)::int AS accepted,
        count(*) FILTER (WHERE m.purchased)::int AS purchased,
        coalesce(sum(m.purchase_price_cents), 0)::text AS value,
        -- The first offer against the price, over purchases that have both.
        round(avg(m.first_offer_cents) FILTER (WHERE m.purchase_price_cents IS NOT NULL))::text AS avg_offer,
        round(avg(m.purchase_price_cents) FILTER (WHERE m.first_offer_cents IS NOT NULL))::text AS avg_price,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hoursTo('m.first_replied_at')}) AS reply_hours,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hoursTo('m.first_offer_at')}) AS offer_hours,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ${hoursTo('m.purchased_at')}) AS purchase_hours
      FROM enquiry_milestones m
      WHERE ${inPeriod(period)}
      GROUP BY ${by ? sql`GROUPING SETS ((), (${dim.group}))` : sql`GROUPING SETS (())`}
    )
    SELECT g.total, CASE WHEN g.total THEN 'all' ELSE ${dim.key} END AS key,
      CASE WHEN g.total THEN 'All' ELSE ${dim.groupLabel} END AS label, g.enquiries,
      g.contacted, g.offered, g.accepted, g.purchased, g.value, g.avg_offer, g.avg_price, g.reply_hours,
      g.offer_hours, g.purchase_hours
    FROM g
    ORDER BY g.total DESC, g.enquiries DESC, (CASE WHEN g.total THEN 'all' ELSE ${dim.key} END) COLLATE "default"`.execute(
    db,
  );
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
