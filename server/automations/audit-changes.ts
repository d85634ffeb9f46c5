import { sql } from 'kysely';
import type { AuditRow } from '#shared/audit/schemas.ts';
import { describeFlowChanges } from '#shared/automations/changes.ts';
import type { FlowDefinition } from '#shared/automations/flows.ts';
import type { DbExecutor } from '../db/database.ts';
import { usedSegments } from './admin.ts';
import { parseDefinition, templateNames } from './read.ts';

// The audit log's save of a flow says what the new version changed (decision 061: versions are
// kept, immutable), read from the two versions when the log is listed, so rows written before
// this existed read the same way. The row itself keeps only "Version 1 → 2" (decision 030).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Save {
  row: AuditRow;
  flowId: string;
  before: number;
  after: number;
}

/** The flow and the two versions a save row names, or null for any other row. */
function saveOf(row: AuditRow): Save | null {
  if (row.action !== 'admin.automations.save' || !row.entityId || !UUID.test(row.entityId)) return null;
  try {
    const summary = JSON.parse(row.summary) as { changes?: { current_version?: unknown } };
    const version = summary.changes?.current_version as { before?: unknown; after?: unknown } | undefined;
    const before = version?.before;
    const after = version?.after;
    if (!Number.isInteger(before) || !Number.isInteger(after)) return null;
    return { row, flowId: row.entityId.toLowerCase(), before: before as number, after: after as number };
  } catch {
    return null;
  }
}

const key = (flowId: string, version: number) => `${flowId}/${version}`;

/**
 * The rows with `flowChanges` on each save of a flow whose two versions are still kept (a deleted
 * flow's are gone: its row keeps the version numbers alone).
 */
export async function withFlowChanges(db: DbExecutor, rows: AuditRow[]): Promise<AuditRow[]> {
  const saves = rows.map(saveOf).filter((save): save is Save => save !== null);
  if (saves.length === 0) return rows;
  const pairs = saves.flatMap((s) => [
    sql`(${s.flowId}::uuid, ${s.before}::int)`,
    sql`(${s.flowId}::uuid, ${s.after}::int)`,
  ]);
  const found = await db
    .selectFrom('automation_flow_versions')
    .select(['flow_id', 'version', 'definition'])
    .where(sql<boolean>`(flow_id, version) IN (${sql.join(pairs)})`)
    .execute();
  const definitions = new Map<string, FlowDefinition>();
  for (const version of found) {
    try {
      definitions.set(key(version.flow_id, version.version), parseDefinition(version.definition));
    } catch {
      // A version this code can no longer read has no diff; the row keeps its version numbers.
    }
  }
  const all = [...definitions.values()];
  const segmentIds = [...new Set(all.flatMap(usedSegments))];
  const segments =
    segmentIds.length === 0
      ? []
      : await db.selectFrom('segments').select(['id', 'name']).where('id', 'in', segmentIds).execute();
  const names = {
    templates: await templateNames(db, all),
    segments: Object.fromEntries(segments.map((s) => [s.id, s.name])),
  };
  const changes = new Map<AuditRow, string[]>();
  for (const save of saves) {
    const before = definitions.get(key(save.flowId, save.before));
    const after = definitions.get(key(save.flowId, save.after));
    if (before && after) changes.set(save.row, describeFlowChanges(before, after, names));
  }
  return rows.map((row) => {
    const flowChanges = changes.get(row);
    return flowChanges ? { ...row, flowChanges } : row;
  });
}
