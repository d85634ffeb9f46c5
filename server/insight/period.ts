import { type RawBuilder, sql } from 'kysely';

/**
 * The enquiry milestones of a period of local days in the settings' time zone (decisions 096,
 * 104), as a condition on `m.created_at`. The bounds are scalar subqueries, computed once before
 * the scan: the planner then reads a week through the index, where bounds joined from a CTE
 * made it scan the whole table and compute the time zone's offset on every row.
 */
export function inPeriod(period: { from: string; to: string }): RawBuilder<boolean> {
  const zone = sql`coalesce((SELECT timezone FROM settings), 'Australia/Sydney')`;
  return sql<boolean>`m.created_at >= (SELECT (${period.from}::date)::timestamp AT TIME ZONE ${zone})
    AND m.created_at < (SELECT (${period.to}::date + 1)::timestamp AT TIME ZONE ${zone})`;
}
