import { type RawBuilder, sql } from 'kysely';
import { localDate } from '#shared/time/zones.ts';
import type { Database } from '../db/database.ts';
import {
  findSegment,
  inactiveContactSql,
  MAY_RECEIVE_MARKETING,
  segmentAudience,
} from '../segments/entry.ts';
import { getSettingsTimezone, getSunsetMonths } from '../settings/entry.ts';
import { liveFlowsTriggeredBy, type TriggeredFlow } from './triggers.ts';

// The trigger scans (decision 064): the triggers no single transaction records (a contact starting
// to match a segment, a date coming round, a quiet spell growing long). A worker job runs them every
// ten minutes; each entry is one set-based INSERT … SELECT per flow, so 100,000 contacts entering
// at once is a few statements, and the runs' unique key (flow, contact, occurrence) makes a scan
// that runs twice, or catches up after missed days, enter nobody twice.

/** A job that missed days still enters date triggers that came due this many days ago. */
export const CATCH_UP_DAYS = 7;

export interface ScanCounts {
  segment: number;
  afterPurchase: number;
  noEngagement: number;
  becameInactive: number;
}

/**
 * The runs to insert for one flow from a set of entries `(contact_id, enquiry_id, occurrence)`: the
 * flow's rule turns the occurrence into the key as enterFlow does (empty for "once ever"), and the
 * insert happens only while the flow is still live on the version read (decision 061).
 */
function insertRuns<T extends Parameters<typeof liveFlowsTriggeredBy>[1]>(
  flow: TriggeredFlow<T>,
  entries: RawBuilder<unknown>,
  now: Date,
  withClause: RawBuilder<unknown> = sql``,
) {
  const once = flow.definition.reentry === 'once';
  const firstStep = flow.definition.steps[0]?.id ?? null;
  return sql`${withClause}
    INSERT INTO automation_runs (flow_id, version, contact_id, enquiry_id, occurrence_key, next_step, due_at, entered_at)
    SELECT ${flow.id}::uuid, ${flow.version}::int, e.contact_id, e.enquiry_id,
           CASE WHEN ${once}::boolean THEN '' ELSE e.occurrence END, ${firstStep}::text, ${now}::timestamptz, ${now}::timestamptz
      FROM (${entries}) AS e
     WHERE EXISTS (SELECT 1 FROM automation_flows f
                    WHERE f.id = ${flow.id}::uuid AND f.state = 'live' AND f.current_version = ${flow.version}::int)
    ON CONFLICT ON CONSTRAINT automation_runs_once DO NOTHING`;
}

/**
 * Segment entered. Each flow keeps who matched its segment (and may receive marketing) at the last
 * scan; a contact in the segment now and not then enters, keyed by the local day. The first scan of
 * a flow, or of a flow edited to another segment, takes the baseline: those already in do not
 * enter, since they did not start matching.
 */
export async function scanSegmentEntries(db: Database, now: Date, timeZone: string): Promise<number> {
  let entered = 0;
  for (const flow of await liveFlowsTriggeredBy(db, 'segment_entered')) {
    const segment = await findSegment(db, flow.trigger.segmentId);
    if (!segment) continue;
    const audience = segmentAudience(segment.definition, timeZone);
    const day = localDate(now, timeZone);
    entered += await db.transaction().execute(async (trx) => {
      // One scan of a flow at a time: a second worker waits, then sees the first one's members.
      await sql`SELECT pg_advisory_xact_lock(hashtext('automation-segment:' || ${flow.id}))`.execute(trx);
      const baseline = await trx
        .selectFrom('automation_segment_baselines')
        .select('segment_id')
        .where('flow_id', '=', flow.id)
        .executeTakeFirst();
      if (baseline?.segment_id !== segment.id) {
        await trx.deleteFrom('automation_segment_members').where('flow_id', '=', flow.id).execute();
        await sql`
          INSERT INTO automation_segment_members (flow_id, contact_id, since)
          SELECT ${flow.id}::uuid, l.id, ${now}::timestamptz FROM leads l WHERE ${audience}`.execute(trx);
        await trx
          .insertInto('automation_segment_baselines')
          .values({ flow_id: flow.id, segment_id: segment.id, taken_at: now })
          .onConflict((oc) => oc.column('flow_id').doUpdateSet({ segment_id: segment.id, taken_at: now }))
          .execute();
        return 0;
      }
      // Those who left the segment are forgotten, so coming back later is a new entry.
      await sql`
        DELETE FROM automation_segment_members m
         WHERE m.flow_id = ${flow.id}::uuid
           AND NOT EXISTS (SELECT 1 FROM leads l WHERE l.id = m.contact_id AND ${audience})`.execute(trx);
      // New members and their runs in one statement: the members' RETURNING feeds the runs' insert.
      const result = await insertRuns(
        flow,
        sql`SELECT contact_id, NULL::uuid AS enquiry_id, ${`segment:${day}`}::text AS occurrence FROM joined`,
        now,
        sql`WITH joined AS (
          INSERT INTO automation_segment_members (flow_id, contact_id, since)
          SELECT ${flow.id}::uuid, l.id, ${now}::timestamptz FROM leads l WHERE ${audience}
          ON CONFLICT (flow_id, contact_id) DO NOTHING
          RETURNING contact_id)`,
      ).execute(trx);
      return Number(result.numAffectedRows ?? 0n);
    });
  }
  return entered;
}

/**
 * N days after a purchase, and with `yearly` on each anniversary of that day (the first a year on;
 * 29 February falls on the 28th in other years). The day is the register entry's local day. A
 * date up to CATCH_UP_DAYS old still enters, so a job that missed days catches up; the occurrence
 * (`purchase:<id>`, or `purchase:<id>:<year>`) keeps it to once.
 */
export async function scanPurchaseDates(db: Database, now: Date, timeZone: string): Promise<number> {
  let entered = 0;
  for (const flow of await liveFlowsTriggeredBy(db, 'after_purchase')) {
    const { days, yearly } = flow.trigger;
    const entries = sql`
      SELECT e.lead_id AS contact_id, e.id AS enquiry_id, o.occurrence
        FROM purchase_records p
        JOIN enquiries e ON e.id = p.enquiry_id
        CROSS JOIN LATERAL (SELECT (p.created_at AT TIME ZONE ${timeZone})::date + ${days}::int AS first_day) d
        CROSS JOIN LATERAL (SELECT (${now}::timestamptz AT TIME ZONE ${timeZone})::date AS today) t
        CROSS JOIN LATERAL (
          SELECT d.first_day AS due, 'purchase:' || p.id AS occurrence WHERE NOT ${yearly}::boolean
          UNION ALL
          SELECT a.due, 'purchase:' || p.id || ':' || extract(year FROM a.due)::int
            FROM generate_series(extract(year FROM t.today)::int - extract(year FROM d.first_day)::int - 1,
                                 extract(year FROM t.today)::int - extract(year FROM d.first_day)::int) AS k(years)
            CROSS JOIN LATERAL (SELECT (d.first_day + make_interval(years => k.years))::date AS due) a
           WHERE ${yearly}::boolean AND k.years >= 1
        ) o
       WHERE o.due <= t.today AND o.due > t.today - ${CATCH_UP_DAYS}::int`;
    const result = await insertRuns(flow, entries, now).execute(db);
    entered += Number(result.numAffectedRows ?? 0n);
  }
  return entered;
}

/**
 * No open and no click for N days. A contact's quiet spell began at their last open or click, or,
 * if they never engaged, at the first marketing e-mail they were sent (a campaign's or a flow's);
 * they enter once it is N days long, if they may still receive marketing and were sent something
 * during it. The occurrence is the local day the spell began, so engaging and falling quiet again
 * is a new occurrence.
 */
export async function scanNoEngagement(db: Database, now: Date, timeZone: string): Promise<number> {
  let entered = 0;
  for (const flow of await liveFlowsTriggeredBy(db, 'no_engagement')) {
    const since = new Date(now.getTime() - flow.trigger.days * 86_400_000);
    const entries = sql`
      WITH sent AS (
        SELECT s.lead_id AS contact_id, coalesce(s.sent_at, s.created_at) AS at, s.opened_at, s.clicked_at
          FROM email_sends s
         WHERE s.lead_id IS NOT NULL
           AND s.status IN ('sending', 'sent', 'delivered', 'delivery_delayed', 'complained')
        UNION ALL
        SELECT r.contact_id, rs.done_at, rs.opened_at, rs.clicked_at
          FROM automation_run_steps rs JOIN automation_runs r ON r.id = rs.run_id
         WHERE rs.outcome = 'sent_marketing'
      ), spells AS (
        SELECT contact_id, max(greatest(opened_at, clicked_at)) AS engaged, min(at) AS first_sent, max(at) AS last_sent
          FROM sent GROUP BY contact_id
      )
      SELECT sp.contact_id, NULL::uuid AS enquiry_id,
             'quiet:' || to_char(coalesce(sp.engaged, sp.first_sent) AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS occurrence
        FROM spells sp JOIN leads l ON l.id = sp.contact_id
       WHERE ${MAY_RECEIVE_MARKETING}
         AND coalesce(sp.engaged, sp.first_sent) <= ${since}::timestamptz
         AND (sp.engaged IS NULL OR sp.last_sent > sp.engaged)`;
    const result = await insertRuns(flow, entries, now).execute(db);
    entered += Number(result.numAffectedRows ?? 0n);
  }
  return entered;
}

/**
 * Became inactive (decision 089): a contact who may receive marketing and whom the sunset policy
 * now leaves out of campaigns, by the same SQL the campaign audience uses. The occurrence is the
 * local day; the re-permission starter flow enters each contact once ever (its rule is "once"),
 * so its question is asked once and, unanswered, never again. With the policy off, nobody enters.
 */
export async function scanBecameInactive(db: Database, now: Date, timeZone: string): Promise<number> {
  const flows = await liveFlowsTriggeredBy(db, 'became_inactive');
  if (flows.length === 0) return 0;
  const months = await getSunsetMonths(db);
  if (months <= 0) return 0;
  let entered = 0;
  for (const flow of flows) {
    const entries = sql`
      SELECT l.id AS contact_id, NULL::uuid AS enquiry_id, ${`inactive:${localDate(now, timeZone)}`}::text AS occurrence
        FROM leads l
       WHERE ${MAY_RECEIVE_MARKETING} AND ${inactiveContactSql(months, now)}`;
    const result = await insertRuns(flow, entries, now).execute(db);
    entered += Number(result.numAffectedRows ?? 0n);
  }
  return entered;
}

/** The `automations.triggers` job: every scan, in the business timezone. */
export async function runTriggerScans(db: Database, now = new Date()): Promise<ScanCounts> {
  const timeZone = await getSettingsTimezone(db);
  return {
    segment: await scanSegmentEntries(db, now, timeZone),
    afterPurchase: await scanPurchaseDates(db, now, timeZone),
    noEngagement: await scanNoEngagement(db, now, timeZone),
    becameInactive: await scanBecameInactive(db, now, timeZone),
  };
}
