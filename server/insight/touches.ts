import { sql } from 'kysely';
import { MACHINE_OPEN_WINDOW_SECONDS } from '#shared/campaigns/figures.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { PREPARE_MARKER } from '../db/prepared.ts';
import { type Attribution, attributeTouches, type TouchCandidate } from './attribution.ts';

// Attribution at submit (decision 096). The sell form reads the contact's clicks and opens of the
// window just before its transaction (one indexed read that holds no lock), and the transaction
// stores the chosen touches with one INSERT, only when there are any. The read is a prepared
// statement (decision 020): planning its four joined branches cost several times running them,
// about 6 ms of PostgreSQL's CPU per submission (bench/README.md, lead-submit).

export const ATTRIBUTION_WINDOW_DEFAULT_DAYS = 30;

export interface TouchCandidates {
  windowDays: number;
  candidates: TouchCandidate[];
}

/**
 * Every click and open of the address's campaign and flow e-mails within the window before `now`,
 * each open marked when a machine made it (decision 025: the provider's flag, or within the
 * machine window after delivery). The rule itself is attributeTouches'.
 */
export async function readTouchCandidates(
  db: DbExecutor,
  email: string,
  now: Date,
): Promise<TouchCandidates> {
  const { rows } = await sql<{
    window_days: number;
    source: 'campaign' | 'flow';
    source_id: string;
    contact_id: string | null;
    kind: 'click' | 'open';
    at: Date;
    machine: boolean;
  }>`${sql.raw(PREPARE_MARKER)}
    WITH w AS (
      SELECT coalesce((SELECT attribution_window_days FROM settings), ${ATTRIBUTION_WINDOW_DEFAULT_DAYS}) AS days
    ), b AS (
      SELECT w.days, ${now}::timestamptz - make_interval(days => w.days) AS from_at,
             ${now}::timestamptz AS to_at,
             (SELECT id FROM leads WHERE lower(email) = lower(${email})) AS contact_id
      FROM w
    )
    SELECT b.days AS window_days, t.*
    FROM b CROSS JOIN LATERAL (
      SELECT 'campaign' AS source, s.campaign_id AS source_id, s.lead_id AS contact_id, 'click' AS kind,
             s.clicked_at AS at, false AS machine
      FROM email_sends s
      WHERE s.lead_id = b.contact_id AND s.clicked_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      SELECT 'campaign', s.campaign_id, s.lead_id, 'open', e.occurred_at,
             e.machine_open OR e.occurred_at <= coalesce(s.delivered_at, s.sent_at)
               + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})
      FROM email_sends s
      JOIN email_events e ON e.send_id = s.id AND e.type = 'email.opened'
      WHERE s.lead_id = b.contact_id AND s.opened_at <= b.to_at
        AND e.occurred_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      SELECT 'flow', r.flow_id, r.contact_id, 'click', rs.clicked_at, false
      FROM automation_runs r JOIN automation_run_steps rs ON rs.run_id = r.id
      WHERE r.contact_id = b.contact_id AND rs.clicked_at BETWEEN b.from_at AND b.to_at
      UNION ALL
      -- A flow step keeps its first open the provider did not flag (decision 065); timing decides the rest.
      SELECT 'flow', r.flow_id, r.contact_id, 'open', rs.opened_at,
             rs.opened_at <= rs.sent_at + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})
      FROM automation_runs r JOIN automation_run_steps rs ON rs.run_id = r.id
      WHERE r.contact_id = b.contact_id AND rs.opened_at BETWEEN b.from_at AND b.to_at
    ) t`.execute(db);
  return {
    windowDays: rows[0]?.window_days ?? ATTRIBUTION_WINDOW_DEFAULT_DAYS,
    candidates: rows.map((r) => ({
      source: r.source,
      sourceId: r.source_id,
      contactId: r.contact_id,
      kind: r.kind,
      at: r.at,
      machine: r.machine,
    })),
  };
}

/** Stores the enquiry's first and last touch (one INSERT), or nothing when it has none. */
export async function recordAttribution(
  trx: DbTransaction,
  enquiryId: string,
  contactId: string,
  submittedAt: Date,
  read: TouchCandidates | null,
): Promise<Attribution | null> {
  if (!read) return null;
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
