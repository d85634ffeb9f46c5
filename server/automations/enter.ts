import { sql } from 'kysely';
import { flowDefinitionSchema } from '#shared/automations/flows.ts';
import type { DbExecutor } from '../db/database.ts';

// A contact entering a flow (decision 061). The flow's re-entry rule becomes the run's occurrence
// key: empty for "once ever", the occurrence's own key otherwise, and the unique constraint on
// (flow, contact, key) refuses a second run without a check that could race.

export interface FlowEntry {
  flowId: string;
  contactId: string;
  enquiryId?: string | null;
  /** What happened this time: the enquiry and status, the anniversary year, the segment entry day. */
  occurrence: string;
  at?: Date;
}

/** Starts a run on the flow's current version if it is live; returns the run id, or null. */
export async function enterFlow(db: DbExecutor, entry: FlowEntry): Promise<string | null> {
  const flow = await db
    .selectFrom('automation_flows')
    .innerJoin('automation_flow_versions', (join) =>
      join
        .onRef('automation_flow_versions.flow_id', '=', 'automation_flows.id')
        .onRef('automation_flow_versions.version', '=', 'automation_flows.current_version'),
    )
    .select([
      'automation_flows.state',
      'automation_flows.current_version',
      'automation_flow_versions.definition',
    ])
    .where('automation_flows.id', '=', entry.flowId)
    .executeTakeFirst();
  if (!flow || flow.state !== 'live') return null;
  const definition = flowDefinitionSchema.parse(flow.definition);
  const run = await db
    .insertInto('automation_runs')
    .values({
      flow_id: entry.flowId,
      version: flow.current_version,
      contact_id: entry.contactId,
      enquiry_id: entry.enquiryId ?? null,
      occurrence_key: definition.reentry === 'once' ? '' : entry.occurrence,
      next_step: definition.steps[0]?.id ?? null,
      // The engine reads its clock in whole milliseconds (a JavaScript Date); the database's now()
      // has microseconds, so a run entered in the millisecond the engine reads would not yet be due.
      ...(entry.at
        ? { due_at: entry.at, entered_at: entry.at }
        : { due_at: sql<Date>`date_trunc('milliseconds', now())` }),
    })
    .onConflict((oc) => oc.constraint('automation_runs_once').doNothing())
    .returning('id')
    .executeTakeFirst();
  return run?.id ?? null;
}
