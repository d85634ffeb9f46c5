import { sql } from 'kysely';
import { type FlowDefinition, flowDefinitionSchema, type FlowTrigger } from '#shared/automations/flows.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { enterFlow } from './enter.ts';
import { cachedFlows, type FlowsSeen, keepFlows, liveFlowsGeneration } from './live-flow-cache.ts';

// The trigger hooks (decision 064). Each runs inside the transaction that records its event, so
// the event and the flow entries it causes commit together or not at all: a rolled-back consent
// or status change starts no flow, and a committed one cannot lose its entries to a crash.

type TriggerType = FlowTrigger['type'];

export interface TriggeredFlow<T extends TriggerType> {
  id: string;
  version: number;
  definition: FlowDefinition;
  trigger: Extract<FlowTrigger, { type: T }>;
}

/**
 * Live flows whose current version starts on this trigger type. The definition is read from the
 * version row (the flow row has no trigger of its own), so an edit takes effect from its save.
 * With `seen` (decision 098), a list this process read at the generation the caller's statement saw
 * is used without a read; otherwise the list and the generation are read in one statement, and
 * the list is kept for the next caller that sees that generation.
 */
export async function liveFlowsTriggeredBy<T extends TriggerType>(
  db: DbExecutor,
  type: T,
  seen?: FlowsSeen,
): Promise<Array<TriggeredFlow<T>>> {
  const cached = cachedFlows(seen, type);
  if (cached) return cached as Array<TriggeredFlow<T>>;
  const { rows } = await sql<{
    generation: string | null;
    flows: Array<{ id: string; version: number; definition: unknown }>;
  }>`
    SELECT ${liveFlowsGeneration} AS generation,
           COALESCE((SELECT json_agg(json_build_object('id', f.id, 'version', f.current_version,
                                                       'definition', v.definition)
                                     ORDER BY f.created_at, f.id)
                       FROM automation_flows f
                       JOIN automation_flow_versions v ON v.flow_id = f.id AND v.version = f.current_version
                      WHERE f.state = 'live' AND v.definition -> 'trigger' ->> 'type' = ${type}),
                    '[]') AS flows`.execute(db);
  const flows: Array<TriggeredFlow<T>> = [];
  for (const row of rows[0]?.flows ?? []) {
    // Every saved version passed the schema; one that no longer does (a later, stricter rule)
    // starts nobody rather than failing the event that triggered it.
    const parsed = flowDefinitionSchema.safeParse(row.definition);
    if (!parsed.success) continue;
    const trigger = parsed.data.trigger;
    if (trigger.type !== type) continue;
    flows.push({
      id: row.id,
      version: row.version,
      definition: parsed.data,
      trigger: trigger as Extract<FlowTrigger, { type: T }>,
    });
  }
  if (seen) keepFlows(seen.cache, rows[0]?.generation ?? null, type, flows);
  return flows;
}

/**
 * A contact's e-mail marketing consent became true with evidence (decision 064 lists the paths).
 * The occurrence is the moment of consent, so a "per occurrence" flow welcomes a contact who
 * unsubscribed and later subscribed again; "once" flows welcome each contact once ever.
 */
export async function enterConsentConfirmed(
  trx: DbTransaction,
  contactId: string,
  at: Date,
): Promise<string[]> {
  const entered: string[] = [];
  for (const flow of await liveFlowsTriggeredBy(trx, 'consent_confirmed')) {
    const runId = await enterFlow(trx, {
      flowId: flow.id,
      contactId,
      occurrence: `consent:${at.toISOString()}`,
      at,
    });
    if (runId) entered.push(runId);
  }
  return entered;
}

/**
 * An enquiry has just entered its current status (called after the status and its timeline event
 * are written). `seen`: the flows' generation read in the caller's own statement, with this
 * process's cache (decision 098). The occurrence counts how often this enquiry has entered this status, so an
 * enquiry that returns to Offer made is a new occurrence and a retried hook is not.
 */
export async function enterEnquiryStatus(
  trx: DbTransaction,
  enquiryId: string,
  seen?: FlowsSeen,
): Promise<string[]> {
  // The flows first: with none live for this trigger (the usual case) the event costs one read, or
  // none when the caller saw the generation of this process's list (the sell form, decision 098).
  const flows = await liveFlowsTriggeredBy(trx, 'enquiry_status', seen);
  if (flows.length === 0) return [];
  const enquiry = await trx
    .selectFrom('enquiries')
    .select([
      'enquiries.lead_id',
      'enquiries.status',
      'enquiries.watch_brand',
      (eb) =>
        eb
          .selectFrom('enquiry_events')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('enquiry_events.enquiry_id', '=', 'enquiries.id')
          .where('enquiry_events.kind', '=', 'status')
          .whereRef('enquiry_events.to_status', '=', 'enquiries.status')
          .as('times'),
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
  if (!enquiry) return [];
  const entered: string[] = [];
  for (const flow of flows) {
    if (flow.trigger.status !== enquiry.status) continue;
    const brands: readonly string[] = flow.trigger.brands;
    if (brands.length > 0 && !brands.includes(enquiry.watch_brand)) continue;
    const runId = await enterFlow(trx, {
      flowId: flow.id,
      contactId: enquiry.lead_id,
      enquiryId,
      // A new enquiry has no status event yet: its New is the first time.
      occurrence: `enquiry:${enquiryId}:${enquiry.status}:${Math.max(enquiry.times ?? 1, 1)}`,
    });
    if (runId) entered.push(runId);
  }
  return entered;
}
