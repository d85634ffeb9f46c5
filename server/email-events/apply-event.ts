import type { Database } from '../db/database.ts';
import { applyContactEffects } from './claim-stored.ts';
import { applyFlowEvents } from './flow-events.ts';
import type { SendEffect } from './effects.ts';
import { type IncomingEvent, type PreparedEvent, prepareEvent } from './prepare.ts';
import { claimAndApply, insertAndApply, lockMessageIds } from './statements.ts';

/**
 * The webhook's entry points (decision 007): store then apply, with the statements of
 * email-events/statements.ts. Events without contact effects go through `recordEvents` (one
 * statement for any number, see recorder.ts); suppressions and complaints take a transaction of
 * their own with their contact's change.
 */

export type RecordOutcome =
  /** The same svix-id was stored before: nothing done (the provider retried). */
  | 'duplicate'
  /** Stored and applied to its send. */
  | 'applied'
  /** Stored only: unknown type, or no send carries that message id (yet). */
  | 'stored';

/** Events that may belong to a send the engine is storing right now (or whose claim failed before). */
const claimable = (event: PreparedEvent) => event.effect !== null && event.providerMessageId !== null;

/**
 * Records events without contact effects (no suppression, no unsubscribe): one statement for all
 * of them, then, for those it could not apply (no send had their message id, or a retried svix-id
 * stored unmatched before), one locked claim. Outcomes in the events' order.
 */
export async function recordEvents(db: Database, events: readonly PreparedEvent[]): Promise<RecordOutcome[]> {
  const first = await insertAndApply(db, events);
  const outcomes = events.map((event): RecordOutcome => {
    const result = first.get(event.providerEventId);
    if (!result) return 'duplicate';
    return result.applied && event.effect ? 'applied' : 'stored';
  });
  const retry = events.filter((event, i) => claimable(event) && outcomes[i] !== 'applied');
  if (retry.length === 0) return outcomes;
  const claimed = await db.transaction().execute(async (trx) => {
    const ids = retry.flatMap((e) => (e.providerMessageId ? [e.providerMessageId] : []));
    await lockMessageIds(trx, ids);
    const result = await claimAndApply(trx, retry);
    // Still no send: a flow's message, if any (decision 065), under the same lock.
    const unmatched = retry.filter((e) => !result.get(e.providerEventId)?.applied);
    await applyFlowEvents(
      trx,
      unmatched.flatMap((e) => (e.providerMessageId ? [e.providerMessageId] : [])),
    );
    return result;
  });
  return events.map((event, i) =>
    claimed.get(event.providerEventId)?.applied ? 'applied' : (outcomes[i] ?? 'stored'),
  );
}

/** An event that changes a contact: stored, applied and its contact changed in one transaction. */
async function recordWithContactEffects(
  db: Database,
  event: PreparedEvent,
  effect: SendEffect,
): Promise<RecordOutcome> {
  return db.transaction().execute(async (trx) => {
    const stored = (await insertAndApply(trx, [event])).get(event.providerEventId);
    let outcome: RecordOutcome = stored ? (stored.applied ? 'applied' : 'stored') : 'duplicate';
    let applied = stored?.applied ?? null;
    if (!applied && event.providerMessageId) {
      await lockMessageIds(trx, [event.providerMessageId]);
      applied = (await claimAndApply(trx, [event])).get(event.providerEventId)?.applied ?? null;
      if (applied) outcome = 'applied';
    }
    if (applied) await applyContactEffects(trx, effect, applied, event.occurredAt);
    // No campaign send: a flow's message suppresses its contact the same way (decision 065).
    else if (event.providerMessageId) await applyFlowEvents(trx, [event.providerMessageId]);
    return outcome;
  });
}

/** Stores and applies one prepared event (see the module comment). */
export async function recordPreparedEvent(db: Database, event: PreparedEvent): Promise<RecordOutcome> {
  if (event.effect?.suppress) return recordWithContactEffects(db, event, event.effect);
  const [outcome] = await recordEvents(db, [event]);
  return outcome ?? 'stored';
}

/** Stores a verified webhook event and applies it. */
export function recordResendEvent(db: Database, input: IncomingEvent): Promise<RecordOutcome> {
  return recordPreparedEvent(db, prepareEvent(input));
}
