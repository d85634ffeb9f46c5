import { sql } from 'kysely';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';

// Flows and their versions (decision 061). A saved definition never changes: saving a flow again
// writes the next version and points the flow at it, while runs keep the version they started.

/** Creates a flow (off until switched on) with its first version; returns its id. */
export async function createFlow(trx: DbTransaction, definition: FlowDefinition, actorId: string | null) {
  const flow = await trx
    .insertInto('automation_flows')
    .values({ name: definition.name })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('automation_flow_versions')
    .values({ flow_id: flow.id, version: 1, definition: JSON.stringify(definition), created_by: actorId })
    .execute();
  return flow.id;
}

/** Saves an edit as the flow's next version; returns its number. */
export async function saveFlowVersion(
  trx: DbTransaction,
  flowId: string,
  definition: FlowDefinition,
  actorId: string | null,
): Promise<number> {
  const flow = await trx
    .updateTable('automation_flows')
    .set({
      name: definition.name,
      current_version: sql<number>`current_version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', flowId)
    .returning('current_version')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('automation_flow_versions')
    .values({
      flow_id: flowId,
      version: flow.current_version,
      definition: JSON.stringify(definition),
      created_by: actorId,
    })
    .execute();
  return flow.current_version;
}

/**
 * Switches a flow on, off, or pauses it (paused runs stay where they are). An admin's change clears
 * the reason the complaint brake gave (decision 074): they have seen it.
 */
export async function setFlowState(db: DbExecutor, flowId: string, state: 'off' | 'live' | 'paused') {
  await db
    .updateTable('automation_flows')
    .set({ state, pause_reason: null, updated_at: sql<Date>`now()` })
    .where('id', '=', flowId)
    .execute();
}
