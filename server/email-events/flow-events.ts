import { sql } from 'kysely';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import type { DbTransaction } from '../db/database.ts';
import { applyContactEffects } from './claim-stored.ts';
import { prepareEvent } from './prepare.ts';
import { lockMessageIds } from './statements.ts';

/*
 * Provider events of automation flow e-mail (decision 065). A flow's message is no campaign send:
 * its id is on `automation_run_steps.provider_message_id`, so the webhook stores its events
 * unmatched (send_id NULL) and this applies them to the step, recomputed from the stored events
 * (order-independent and idempotent): the first human open (decision 025: machine opens are not
 * opens; a click counts as an open too) and the first click, which the flow's branches read; a
 * permanent bounce, a provider suppression or a complaint suppresses the contact as a campaign
 * e-mail's does, which ends their runs (the trigger on leads, decision 061).
 *
 * The webhook and the batch sender storing the ids race like a campaign's (statements.ts,
 * lockMessageIds): both call this after taking the message-id lock in their transaction, so
 * whichever goes second sees the other's rows.
 */

export async function applyFlowEvents(
  trx: DbTransaction,
  providerMessageIds: readonly string[],
): Promise<void> {
  if (providerMessageIds.length === 0) return;
  await lockMessageIds(trx, providerMessageIds);
  await sql`
    UPDATE automation_run_steps rs
    SET opened_at = LEAST(rs.opened_at, e.first_open, e.first_click),
        clicked_at = LEAST(rs.clicked_at, e.first_click)
    FROM (
      SELECT provider_message_id,
        min(coalesce(occurred_at, received_at)) FILTER (WHERE type = 'email.opened' AND NOT machine_open) AS first_open,
        min(coalesce(occurred_at, received_at)) FILTER (WHERE type = 'email.clicked') AS first_click
      FROM email_events
      WHERE provider_message_id = ANY(${providerMessageIds}::text[])
        AND type IN ('email.opened', 'email.clicked')
      GROUP BY provider_message_id
    ) e
    WHERE rs.provider_message_id = e.provider_message_id
      AND (rs.opened_at, rs.clicked_at) IS DISTINCT FROM
        (LEAST(rs.opened_at, e.first_open, e.first_click), LEAST(rs.clicked_at, e.first_click))`.execute(trx);

  const { rows } = await sql<{
    provider_event_id: string;
    payload: unknown;
    contact_id: string | null;
    email: string | null;
    flow_id: string;
  }>`
    SELECT ev.provider_event_id, ev.payload, r.contact_id, l.email, r.flow_id
    FROM email_events ev
    JOIN automation_run_steps rs ON rs.provider_message_id = ev.provider_message_id
    JOIN automation_runs r ON r.id = rs.run_id
    LEFT JOIN leads l ON l.id = r.contact_id
    WHERE ev.provider_message_id = ANY(${providerMessageIds}::text[])
      AND ev.type IN ('email.bounced', 'email.complained', 'email.suppressed')
    ORDER BY ev.occurred_at, ev.received_at`.execute(trx);
  for (const row of rows) {
    const parsed = parseResendEvent(row.payload);
    if (!parsed.ok || !row.email) continue;
    const event = prepareEvent({ providerEventId: row.provider_event_id, rawBody: '', parsed: parsed.value });
    if (!event.effect?.suppress) continue;
    await applyContactEffects(
      trx,
      event.effect,
      { contactId: row.contact_id, recipientEmail: row.email, campaignId: null, flowId: row.flow_id },
      event.occurredAt,
    );
  }
}
