import { sql } from 'kysely';
import { parseResendEvent } from '#shared/webhooks/resend-events.ts';
import type { DbTransaction } from '../db/database.ts';
import { applyPreferenceAction } from '../preferences/entry.ts';
import { listProviderSuppression } from '../suppressions/entry.ts';
import type { SendEffect } from './effects.ts';
import { type PreparedEvent, prepareEvent } from './prepare.ts';
import { type AppliedTo, claimAndApply, lockMessageIds } from './statements.ts';

/**
 * Permanent bounces, provider suppressions and complaints suppress the contact (by the send's
 * lead, else by its address) and put the address on the suppression list: no later campaign
 * includes them (audience.ts). A complaint also
 * unsubscribes e-mail marketing with an unsubscribe_logs row, through the same code as a
 * preferences change (method manual, reason 'complaint'). Runs for every applied event of those
 * kinds, not only the first, so a Permanent bounce after a Transient one still suppresses.
 */
export async function applyContactEffects(
  trx: DbTransaction,
  effect: SendEffect,
  // A campaign send, or a flow's message (flow-events.ts: no send, the flow instead).
  applied: Pick<AppliedTo, 'contactId' | 'recipientEmail'> & {
    campaignId: string | null;
    flowId?: string | null;
  },
  at: Date,
): Promise<void> {
  if (!effect.suppress) return;
  const reason = effect.suppress;
  const { rows } = await sql<{ id: string; email: string }>`
    UPDATE leads SET
      suppressed_at = COALESCE(suppressed_at, ${at}::timestamptz),
      -- A complaint outranks a hard bounce as the recorded reason, whichever came first.
      suppression_reason = CASE WHEN ${reason}::text = 'complaint' THEN 'complaint'
                                ELSE COALESCE(suppression_reason, ${reason}::text) END,
      updated_at = now()
    WHERE id = COALESCE(
      ${applied.contactId}::uuid,
      (SELECT id FROM leads WHERE lower(email) = lower(${applied.recipientEmail}))
    )
    RETURNING id, email`.execute(trx);
  // The full suppression list keeps the address, contact or not (decision 034).
  await listProviderSuppression(
    trx,
    rows[0]?.email ?? applied.recipientEmail,
    reason,
    applied.campaignId,
    at,
  );
  const contactId = rows[0]?.id;
  if (!contactId || !effect.unsubscribe) return;
  await applyPreferenceAction(trx, contactId, 'email', {
    method: 'manual',
    ip: null,
    userAgent: null,
    campaignId: applied.campaignId,
    flowId: applied.flowId ?? null,
    reason: 'complaint',
  });
}

/**
 * For the sending engine, right after it stores the provider's ids of a batch: applies the events
 * that arrived before those ids were stored (they were kept with send_id NULL). Best in the same
 * transaction as that UPDATE (READ COMMITTED, the default), so a crash cannot leave them
 * unapplied; in a transaction of its own just after the commit is correct too. Two short
 * statements when there is nothing to apply: the lock, then one look-up on the
 * email_events_message_idx index.
 */
export async function applyStoredEventsFor(trx: DbTransaction, providerMessageIds: string[]): Promise<void> {
  if (providerMessageIds.length === 0) return;
  await lockMessageIds(trx, providerMessageIds);
  const { rows } = await sql<{ provider_event_id: string; payload: unknown }>`
    SELECT provider_event_id, payload FROM email_events
    WHERE provider_message_id = ANY(${providerMessageIds}::text[]) AND send_id IS NULL
    ORDER BY occurred_at, received_at`.execute(trx);
  if (rows.length === 0) return;
  const events = rows.flatMap((row): PreparedEvent[] => {
    const parsed = parseResendEvent(row.payload);
    if (!parsed.ok) return [];
    // The payload is stored already: the statement does not read rawBody on this path.
    return [prepareEvent({ providerEventId: row.provider_event_id, rawBody: '', parsed: parsed.value })];
  });
  const claimed = await claimAndApply(trx, events);
  for (const event of events) {
    const applied = claimed.get(event.providerEventId)?.applied;
    if (applied && event.effect?.suppress)
      await applyContactEffects(trx, event.effect, applied, event.occurredAt);
  }
}
