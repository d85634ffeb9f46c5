import { type RawBuilder, sql } from 'kysely';
import { MACHINE_OPEN_WINDOW_SECONDS } from '#shared/campaigns/figures.ts';

/**
 * The sunset policy (decision 089): true, over `leads l`, for a contact who has shown no sign of
 * reading our e-mail for `months` months before `now`. Their quiet spell starts at the latest of:
 *
 * - when they joined: the contact's creation or their consent, whichever is later, so a contact
 *   who joined within the period is never inactive (no engagement yet is not inactivity);
 * - their "yes, keep me subscribed" answer to the re-permission e-mail (`still_subscribed_at`);
 * - a reader's open or a click of a campaign e-mail: a click, or an open not flagged as a machine's
 *   that came more than the machine window after delivery (decision 025);
 * - a click of a flow's e-mail, or its first open when that came after the window (flow steps keep
 *   only their first open, so a machine's first open hides a reader's later one: the rule errs
 *   towards inactive, and the re-permission e-mail asks them).
 *
 * `months` 0 turns the policy off: nobody is inactive. Each test is an index probe per contact
 * (email_sends by lead, email_events by send, automation_runs by contact).
 */
export function inactiveContactSql(months: number, now: Date): RawBuilder<boolean> {
  if (months <= 0) return sql<boolean>`false`;
  const cutoff = sql`(${now}::timestamptz - make_interval(months => ${months}::int))`;
  const window = sql`make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})`;
  return sql<boolean>`(greatest(l.created_at, l.consent_at, l.still_subscribed_at) < ${cutoff}
    AND NOT EXISTS (SELECT 1 FROM email_sends s
                     WHERE s.lead_id = l.id AND s.clicked_at >= ${cutoff})
    AND NOT EXISTS (SELECT 1 FROM email_sends s JOIN email_events e ON e.send_id = s.id
                     WHERE s.lead_id = l.id AND s.opened_at IS NOT NULL
                       AND e.type = 'email.opened' AND NOT e.machine_open AND e.occurred_at >= ${cutoff}
                       AND e.occurred_at > coalesce(s.delivered_at, s.sent_at) + ${window})
    AND NOT EXISTS (SELECT 1 FROM automation_runs r JOIN automation_run_steps rs ON rs.run_id = r.id
                     WHERE r.contact_id = l.id
                       AND (rs.clicked_at >= ${cutoff}
                            OR (rs.opened_at >= ${cutoff} AND rs.opened_at > rs.sent_at + ${window}))))`;
}
