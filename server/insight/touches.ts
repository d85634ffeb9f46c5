import { type RawBuilder, sql } from 'kysely';
import { MACHINE_OPEN_WINDOW_SECONDS } from '#shared/campaigns/figures.ts';
import type { DbTransaction } from '../db/database.ts';
import { type Attribution, attributeTouches, type TouchCandidate } from './attribution.ts';

// Attribution at submit (decisions 096, 105). The sell form's own contact-and-enquiry statement
// also reads the contact's clicks and opens of the window (indexed reads that take no lock), so
// they cost no round trip and no connection of their own; the transaction then stores the chosen
// touches with one INSERT, only when there are any. The statement is prepared (decision 020):
// planning these four joined branches cost several times running them.

export const ATTRIBUTION_WINDOW_DEFAULT_DAYS = 30;

export interface TouchCandidates {
  windowDays: number;
  candidates: TouchCandidate[];
}

/** The columns touchCandidatesOf adds to its caller's rows: one row per candidate, all null for none. */
export interface TouchRow {
  touch_window_days: number | null;
  touch_source: 'campaign' | 'flow' | null;
  touch_source_id: string | null;
  touch_contact_id: string | null;
  touch_kind: 'click' | 'open' | null;
  touch_at: Date | null;
  touch_machine: boolean | null;
}

/**
 * Every click and open of the contact's campaign and flow e-mails within the window before `now`,
 * each open marked when a machine made it (decision 025: the provider's flag, or within the
 * machine window after delivery), as a subquery for the caller's statement to join `LEFT JOIN
 * LATERAL ... ON true` beside the row naming `contactId`. The rule itself is attributeTouches'.
 */
export function touchCandidatesOf(contactId: RawBuilder<string>, now: Date): RawBuilder<TouchRow> {
  return sql<TouchRow>`(
    WITH b AS MATERIALIZED (
      SELECT w.days, ${now}::timestamptz - make_interval(days => w.days) AS from_at,
             ${now}::timestamptz AS to_at
      FROM (SELECT coalesce((SELECT attribution_window_days FROM settings),
                            ${ATTRIBUTION_WINDOW_DEFAULT_DAYS}) AS days) AS w
    )
    SELECT b.days AS touch_window_days, t.source AS touch_source, t.source_id AS touch_source_id,
           t.contact_id AS touch_contact_id, t.kind AS touch_kind, t.at AS touch_at,
           t.machine AS touch_machine
    FROM b CROSS JOIN LATERAL (
      SELECT 'campaign' AS source, s.campaign_id AS source_id, s.lead_id AS contact_id, 'click' AS kind,
             s.clicked_at AS at, false AS machine
      FROM email_sends s
      WHERE s.lead_id = ${contactId} AND s.clicked_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      SELECT 'campaign', s.campaign_id, s.lead_id, 'open', e.occurred_at,
             e.machine_open OR e.occurred_at <= coalesce(s.delivered_at, s.sent_at)
               + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})
      FROM email_sends s
      JOIN email_events e ON e.send_id = s.id AND e.type = 'email.opened'
      WHERE s.lead_id = ${contactId} AND s.opened_at <= b.to_at
        AND e.occurred_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      SELECT 'flow', r.flow_id, r.contact_id, 'click', rs.clicked_at, false
      FROM automation_runs r JOIN automation_run_steps rs ON rs.run_id = r.id
      WHERE r.contact_id = ${contactId} AND rs.clicked_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      -- A flow step keeps its first open the provider did not flag (decision 065); timing decides the rest.
      SELECT 'flow', r.flow_id, r.contact_id, 'open', rs.opened_at,
             rs.opened_at <= rs.sent_at + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})
      FROM automation_runs r JOIN automation_run_steps rs ON rs.run_id = r.id
      WHERE r.contact_id = ${contactId} AND rs.opened_at BETWEEN b.from_at AND b.to_at
    ) t
  )`;
}

/** The candidates in the rows touchCandidatesOf added (a row of nulls: none). */
export function touchCandidatesFrom(rows: readonly TouchRow[]): TouchCandidates {
  const candidates: TouchCandidate[] = [];
  let windowDays = ATTRIBUTION_WINDOW_DEFAULT_DAYS;
  for (const r of rows) {
    if (r.touch_source === null || r.touch_source_id === null || r.touch_kind === null || r.touch_at === null)
      continue;
    windowDays = r.touch_window_days ?? windowDays;
    candidates.push({
      source: r.touch_source,
      sourceId: r.touch_source_id,
      contactId: r.touch_contact_id,
      kind: r.touch_kind,
      at: r.touch_at,
      machine: r.touch_machine ?? false,
    });
  }
  return { windowDays, candidates };
}

/** Stores the enquiry's first and last touch (one INSERT), or nothing when it has none. */
export async function recordAttribution(
  trx: DbTransaction,
  enquiryId: string,
  contactId: string,
  submittedAt: Date,
  read: TouchCandidates,
): Promise<Attribution | null> {
  const attribution = attributeTouches(read.candidates, submittedAt, read.windowDays, contactId);
  if (!attribution) return null;
  const { first, last } = attribution;
  await trx
    .insertInto('enquiry_attributions')
    .values({
      enquiry_id: enquiryId,
      submitted_at: submittedAt,
      first_campaign_id: first.source === 'campaign' ? first.sourceId : null,
      first_flow_id: first.source === 'flow' ? first.sourceId : null,
      first_kind: first.kind,
      first_at: first.at,
      last_campaign_id: last.source === 'campaign' ? last.sourceId : null,
      last_flow_id: last.source === 'flow' ? last.sourceId : null,
      last_kind: last.kind,
      last_at: last.at,
    })
    .execute();
  return attribution;
}
