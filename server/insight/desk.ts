import { sql } from 'kysely';
import type { DeskReport } from '#shared/insight/schemas.ts';
import type { DbExecutor } from '../db/database.ts';

// The desk's own numbers (decision 096): per member, the enquiries assigned to them that came in
// during the period (local days in the settings' time zone), their first replies against the
// site's promise, the offers on them and how many were accepted, and the purchases. A Buyer asks
// for their own row only (`memberId`); the Owner and the Viewer read everyone's.

export async function deskReport(
  db: DbExecutor,
  input: { from: string; to: string; slaHours: number; memberId?: string },
): Promise<DeskReport> {
  const only = input.memberId === undefined ? sql`true` : sql`q.assignee_id = ${input.memberId}`;
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
    WITH tz AS (SELECT coalesce((SELECT timezone FROM settings), 'Australia/Sydney') AS name),
    bounds AS (
      SELECT (${input.from}::date)::timestamp AT TIME ZONE tz.name AS from_at,
             (${input.to}::date + 1)::timestamp AT TIME ZONE tz.name AS to_at
      FROM tz
    ),
    e AS (
      SELECT q.id, q.assignee_id, q.created_at, q.first_replied_at, q.status
      FROM bounds b JOIN enquiries q ON q.created_at >= b.from_at AND q.created_at < b.to_at
      WHERE q.assignee_id IS NOT NULL AND ${only}
    ),
    o AS (
      SELECT e.assignee_id, count(*)::int AS offers,
             count(*) FILTER (WHERE EXISTS (SELECT 1 FROM offer_responses r
               WHERE r.offer_id = eo.id AND r.response = 'accepted'))::int AS accepted
      FROM e JOIN enquiry_offers eo ON eo.enquiry_id = e.id
      GROUP BY e.assignee_id
    )
    SELECT e.assignee_id AS member_id, coalesce(nullif(min(u.name), ''), min(u.email)) AS name,
      count(*)::int AS handled,
      count(*) FILTER (WHERE e.first_replied_at IS NOT NULL)::int AS replied,
      count(*) FILTER (WHERE e.first_replied_at - e.created_at <= make_interval(hours => ${input.slaHours}))::int
        AS within,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM e.first_replied_at - e.created_at) / 3600)
        AS reply_hours,
      coalesce(min(o.offers), 0)::int AS offers,
      coalesce(min(o.accepted), 0)::int AS accepted,
      count(*) FILTER (WHERE e.status = 'purchased')::int AS purchases
    FROM e
    JOIN users u ON u.id = e.assignee_id
    LEFT JOIN o ON o.assignee_id = e.assignee_id
    GROUP BY e.assignee_id
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
