import { type Expression, type RawBuilder, sql } from 'kysely';
import type { CampaignFigure } from '#shared/campaigns/figures.ts';

/**
 * Where each campaign figure lives on a send (decision 052): a send counts once, from the time in
 * this column. The webhook's counters on email_campaigns and the stat_deltas series move when
 * these columns are first set, so a sum over sends, a counter and a series agree.
 */
const SEND_FIGURE_COLUMNS = {
  delivered: 'delivered_at',
  opened: 'opened_at',
  clicked: 'clicked_at',
  bounced: 'bounced_at',
} as const satisfies Record<CampaignFigure, string>;

/** True when the email_sends row named `s` counts for the figure. */
export function countsForSql(s: string, figure: CampaignFigure): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${s}.${SEND_FIGURE_COLUMNS[figure]}`)} IS NOT NULL)`;
}

/**
 * One row per figure a send counts for, with the time it counts from: `(figure, at)` over the
 * email_sends row named `s`, for a `CROSS JOIN LATERAL`. A send that reached no state has no row.
 */
export function sendFiguresSql(s: string): RawBuilder<{ figure: CampaignFigure; at: Date }> {
  const rows = Object.entries(SEND_FIGURE_COLUMNS).map(
    ([figure, column]) => sql`(${figure}, ${sql.ref(`${s}.${column}`)})`,
  );
  return sql`(SELECT f.figure, f.at FROM (VALUES ${sql.join(rows)}) AS f(figure, at) WHERE f.at IS NOT NULL)`;
}

/** `rateOf` (shared/campaigns/figures.ts) in SQL: percent, or NULL when the base is 0. */
export function rateSql(count: Expression<unknown>, base: Expression<unknown>): RawBuilder<number | null> {
  return sql<number | null>`CASE WHEN ${base} > 0 THEN 100.0 * ${count} / ${base} END`;
}
