import { sql } from 'kysely';
import type { DeskReport } from '#shared/insight/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { inPeriod } from './period.ts';

// The desk's own numbers (decision 096): per member, the enquiries assigned to them that came in
// during the period (local days in the settings' time zone), their first replies against the
// site's promise, the offers on them and how many were accepted, and the purchases. A Buyer asks
// for their own row only (`memberId`); the Owner and the Viewer read everyone's. Each enquiry's
// counts are kept at write time in `enquiry_milestones` (decision 104): one range read, grouped
// before the members' names are joined.

export async function deskReport(
  db: DbExecutor,
  input: { from: string; to: string; slaHours: number; memberId?: string },
): Promise<DeskReport> {
  const only = input.memberId === undefined ? sql`true` : sql`m.assignee_id = ${input.memberId}`;
  const { rows } = await sql<{
    member_id: string;
    name: string;
    handled: number;
    replied: number;
    within: number;
    reply_hours: number | null;
    offers: number;
    accepted: number;
    purchases: number;
  }>`
    WITH g AS (
      SELECT m.assignee_id,
        count(*)::int AS handled,
        count(*) FILTER (WHERE m.first_replied_at IS NOT NULL)::int AS replied,
        count(*) FILTER (WHERE m.first_replied_at - m.created_at <= make_interval(hours => ${input.slaHours}))::int
          AS within,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', m.first_replied_at - m.created_at) / 3600)
          AS reply_hours,
        sum(m.offers_made)::int AS offers,
        sum(m.offers_accepted)::int AS accepted,
        count(*) FILTER (WHERE m.purchased)::int AS purchases
      FROM enquiry_milestones m
      WHERE ${inPeriod(input)} AND m.assignee_id IS NOT NULL AND ${only}
      GROUP BY m.assignee_id
    )
    SELECT g.assignee_id AS member_id, coalesce(nullif(u.name, ''), u.email) AS name, g.handled, g.replied,
      g.within, g.reply_hours, g.offers, g.accepted, g.purchases
    FROM g JOIN users u ON u.id = g.assignee_id
    ORDER BY name, member_id`.execute(db);
  return {
    period: { from: input.from, to: input.to },
    slaHours: input.slaHours,
    rows: rows.map((r) => ({
      memberId: r.member_id,
      name: r.name,
      handled: r.handled,
      replied: r.replied,
      repliedWithinSla: r.within,
      medianHoursToFirstReply: r.reply_hours === null ? null : Math.round(Number(r.reply_hours) * 10) / 10,
      offersMade: r.offers,
      offersAccepted: r.accepted,
      purchases: r.purchases,
    })),
  };
}
