import { sql } from 'kysely';
import type { LiveFlowCache } from '../services.ts';

// Decision 098: each process keeps the live flows it has read, keyed by the flows' generation
// (a value every change to automation_flows or automation_flow_versions replaces, in the changing
// transaction). A caller that has read the generation inside its own statement passes it with the
// cache; the list is used only when it was read at that same generation, so a flow switched on in
// any process is seen by the next event anywhere, with no read of its own while nothing changed.

/** The flows' current generation as a scalar subquery, to be read inside another statement. */
export const liveFlowsGeneration = sql<
  string | null
>`(SELECT generation::text FROM automation_flows_generation)`;

export type { LiveFlowCache };

export function createLiveFlowCache(): LiveFlowCache {
  return { generation: null, byType: new Map() };
}

/** A cache, and the generation the caller's own statement read (null: none, so never cached). */
export interface FlowsSeen {
  cache: LiveFlowCache;
  generation: string | null;
}

/** The list for a trigger type, if it was read at exactly the generation the caller saw. */
export function cachedFlows(seen: FlowsSeen | undefined, type: string): readonly unknown[] | undefined {
  if (!seen || seen.generation === null || seen.cache.generation !== seen.generation) return undefined;
  return seen.cache.byType.get(type);
}

/** Keeps a list read at `generation`; a newer generation drops every list read before it. */
export function keepFlows(
  cache: LiveFlowCache,
  generation: string | null,
  type: string,
  flows: readonly unknown[],
): void {
  if (generation === null) return;
  if (cache.generation !== generation) {
    cache.byType.clear();
    cache.generation = generation;
  }
  cache.byType.set(type, flows);
}
