import { sql } from 'kysely';
import type { FlowDetail, FlowListItem, FlowState, TestRunResult } from '#shared/automations/api.ts';
import { AUTOMATION_MESSAGES } from '#shared/automations/api.ts';
import { applyTestRunFacts, triggerSummary } from '#shared/automations/describe.ts';
import { type FlowDefinition, flowDefinitionSchema, placedSteps } from '#shared/automations/flows.ts';
import { planTestRun, type TestRunAssumptions } from '#shared/automations/test-run.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { countSegmentAudience, findSegment } from '../segments/entry.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { recentMarketingSends } from './engine.ts';
import { createFlow, saveFlowVersion, setFlowState } from './flows.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { iso } from '#shared/time/iso.ts';
import { parseDefinition, templateNames } from './read.ts';

// The flows admin (decision 066): what the list, the editor, the test run, the insight tab and
// the contact page read, and the writes behind them. Counts are one grouped query per screen,
// never a loop over runs.

/** The segments a definition reads: its trigger's and its branches'. */
export function usedSegments(definition: FlowDefinition): string[] {
  return [
    ...new Set([
      ...(definition.trigger.type === 'segment_entered' ? [definition.trigger.segmentId] : []),
      ...placedSteps(definition.steps).flatMap((p) =>
        p.step.type === 'branch' && p.step.condition.type === 'in_segment'
          ? [p.step.condition.segmentId]
          : [],
      ),
    ]),
  ];
}

async function segmentNames(db: DbExecutor): Promise<Record<string, string>> {
  const rows = await db.selectFrom('segments').select(['id', 'name']).execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.name]));
}

export async function listFlows(db: DbExecutor): Promise<FlowListItem[]> {
  const rows = await db
    .selectFrom('automation_flows as f')
    .innerJoin('automation_flow_versions as v', (join) =>
      join.onRef('v.flow_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
    )
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('automation_runs')
          .select((s) => [
            'flow_id',
            s.fn.countAll<number>().as('entered'),
            sql<number>`count(*) FILTER (WHERE state = 'waiting')`.as('waiting'),
            sql<number>`count(*) FILTER (WHERE state <> 'waiting')`.as('finished'),
          ])
          .groupBy('flow_id')
          .as('r'),
      (join) => join.onRef('r.flow_id', '=', 'f.id'),
    )
    .select([
      'f.id',
      'f.name',
      'f.description',
      'f.state',
      'f.pause_reason',
      'f.current_version',
      'f.updated_at',
      'v.definition',
      'r.entered',
      'r.waiting',
      'r.finished',
    ])
    .orderBy('f.name')
    .execute();
  const segments = await segmentNames(db);
  return rows.map((row) => {
    const trigger = parseDefinition(row.definition).trigger;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      state: row.state,
      pauseReason: row.pause_reason,
      trigger,
      triggerSummary: triggerSummary(trigger, segments),
      version: row.current_version,
      entered: Number(row.entered ?? 0),
      waiting: Number(row.waiting ?? 0),
      finished: Number(row.finished ?? 0),
      updatedAt: iso(row.updated_at),
    };
  });
}

export async function getFlow(db: DbExecutor, id: string, version?: number): Promise<FlowDetail | null> {
  const flow = await db
    .selectFrom('automation_flows')
    .select(['id', 'state', 'pause_reason', 'current_version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!flow) return null;
  const versions = await db
    .selectFrom('automation_flow_versions as v')
    .leftJoin('users as u', 'u.id', 'v.created_by')
    .select(['v.version', 'v.created_at', 'v.definition', 'u.name', 'u.email'])
    .where('v.flow_id', '=', id)
    .orderBy('v.version', 'desc')
    .execute();
  const wanted = versions.find((v) => v.version === (version ?? flow.current_version));
  if (!wanted) return null;
  const runs = await db
    .selectFrom('automation_runs')
    .select((s) => s.fn.countAll<number>().as('n'))
    .where('flow_id', '=', id)
    .executeTakeFirstOrThrow();
  const definition = parseDefinition(wanted.definition);
  const segmentIds = usedSegments(definition);
  const segments =
    segmentIds.length === 0
      ? []
      : await db.selectFrom('segments').select(['id', 'name']).where('id', 'in', segmentIds).execute();
  return {
    id: flow.id,
    state: flow.state,
    pauseReason: flow.pause_reason,
    currentVersion: flow.current_version,
    version: wanted.version,
    definition,
    versions: versions.map((v) => ({
      version: v.version,
      savedAt: iso(v.created_at),
      savedBy: v.name ?? v.email ?? null,
      savedByEmail: v.email ?? null,
    })),
    runs: Number(runs.n),
    templateNames: await templateNames(db, [definition]),
    segmentNames: Object.fromEntries(segments.map((row) => [row.id, row.name])),
  };
}

export type FlowWriteResult =
  | { status: 'saved'; id: string; version: number }
  | { status: 'not_found' | 'name_taken' | 'template_missing' }
  | { status: 'stale'; version: number; by: string | null };

/** The template ids a definition's send steps name, branches included, in lower case (uuids). */
function sentTemplateIds(definition: FlowDefinition): string[] {
  return [
    ...new Set(
      placedSteps(definition.steps).flatMap((p) =>
        p.step.type === 'send' ? [p.step.templateId.toLowerCase()] : [],
      ),
    ),
  ];
}

/**
 * Whether every template the definition sends still exists, holding a KEY SHARE lock on each until
 * the save commits (decision 066). Deleting a template takes its row lock first and then reads the
 * flows' current versions, so either the delete waits for this save and then sees the new version
 * (and refuses), or this lock waits for the delete and then finds the row gone (and the save is
 * refused): no version can name a template deleted beside it. KEY SHARE does not block editing the
 * template, only deleting it.
 */
async function lockSentTemplates(trx: DbTransaction, definition: FlowDefinition): Promise<boolean> {
  const ids = sentTemplateIds(definition);
  if (ids.length === 0) return true;
  const rows = await trx
    .selectFrom('email_templates')
    .select('id')
    .where('id', 'in', ids)
    .forKeyShare()
    .execute();
  return rows.length === ids.length;
}

/**
 * The names of the flows whose current version sends this template, branches included, by name
 * (decision 066): on, paused or off alike, since any of them may send it once switched on. Old
 * versions do not count: their runs read 'a deleted template'. Flows are few; the text match only
 * narrows the rows the step walker then reads.
 */
export async function flowsSendingTemplate(db: DbExecutor, templateId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('automation_flows as f')
    .innerJoin('automation_flow_versions as v', (join) =>
      join.onRef('v.flow_id', '=', 'f.id').onRef('v.version', '=', 'f.current_version'),
    )
    .select(['f.name', 'v.definition'])
    // Lower case on both sides: the schema accepts a uuid in either case, the uuid column compares both.
    .where(sql<boolean>`strpos(lower(v.definition::text), lower(${templateId})) > 0`)
    .orderBy('f.name')
    .execute();
  return rows
    .filter((row) => {
      const parsed = flowDefinitionSchema.safeParse(row.definition);
      // A version this code can no longer read keeps the template: refusing is the safe side.
      return parsed.success ? sentTemplateIds(parsed.data).includes(templateId.toLowerCase()) : true;
    })
    .map((row) => row.name);
}

export async function createFlowFromEditor(
  trx: DbTransaction,
  definition: FlowDefinition,
  actorId: string,
): Promise<FlowWriteResult> {
  if (!(await lockSentTemplates(trx, definition))) return { status: 'template_missing' };
  try {
    const id = await createFlow(trx, definition, actorId);
    // createFlow (decision 061) predates the description column; it is set beside it here.
    await trx
      .updateTable('automation_flows')
      .set({ description: definition.description })
      .where('id', '=', id)
      .execute();
    return { status: 'saved', id, version: 1 };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'name_taken' };
    throw error;
  }
}

/**
 * Saves an edit as the next version (decision 061), unless another member saved since the editor
 * loaded `baseVersion`: the flow's row is locked first, so two saves of the same version cannot
 * both pass the check (decision 066).
 */
export async function saveFlowFromEditor(
  trx: DbTransaction,
  input: { id: string; baseVersion: number; definition: FlowDefinition },
  actorId: string,
): Promise<FlowWriteResult> {
  const flow = await trx
    .selectFrom('automation_flows')
    .select('current_version')
    .where('id', '=', input.id)
    .forUpdate()
    .executeTakeFirst();
  if (!flow) return { status: 'not_found' };
  if (flow.current_version !== input.baseVersion) {
    const by = await trx
      .selectFrom('automation_flow_versions as v')
      .leftJoin('users as u', 'u.id', 'v.created_by')
      .select(['u.name', 'u.email'])
      .where('v.flow_id', '=', input.id)
      .where('v.version', '=', flow.current_version)
      .executeTakeFirst();
    return { status: 'stale', version: flow.current_version, by: by?.name ?? by?.email ?? null };
  }
  if (!(await lockSentTemplates(trx, input.definition))) return { status: 'template_missing' };
  try {
    const version = await saveFlowVersion(trx, input.id, input.definition, actorId);
    await trx
      .updateTable('automation_flows')
      .set({ description: input.definition.description })
      .where('id', '=', input.id)
      .execute();
    return { status: 'saved', id: input.id, version };
  } catch (error) {
    if (isUniqueViolation(error)) return { status: 'name_taken' };
    throw error;
  }
}

/**
 * Why the flow cannot go live, or null: every template it sends must still exist and be of the
 * kind its step says, and every segment it reads must still exist (decision 066).
 */
export async function liveProblem(db: DbExecutor, definition: FlowDefinition): Promise<string | null> {
  const sends = placedSteps(definition.steps).flatMap((p) => (p.step.type === 'send' ? [p.step] : []));
  const ids = [...new Set(sends.map((s) => s.templateId))];
  const templates =
    ids.length === 0
      ? []
      : await db
          .selectFrom('email_templates')
          .select(['id', 'template_name', 'template_type'])
          .where('id', 'in', ids)
          .execute();
  for (const send of sends) {
    const template = templates.find((t) => t.id === send.templateId);
    if (!template) return AUTOMATION_MESSAGES.missingTemplate;
    if (template.template_type !== send.template)
      return AUTOMATION_MESSAGES.wrongTemplateKind(template.template_name, send.template);
  }
  for (const segmentId of usedSegments(definition))
    if (!(await findSegment(db, segmentId))) return AUTOMATION_MESSAGES.missingSegment;
  return null;
}

export type SetStateResult =
  { status: 'done' } | { status: 'not_found' } | { status: 'refused'; message: string };

export async function setFlowStateFromAdmin(
  trx: DbTransaction,
  id: string,
  state: FlowState,
): Promise<SetStateResult> {
  const flow = await getFlow(trx, id);
  if (!flow) return { status: 'not_found' };
  if (state === 'live') {
    const problem = await liveProblem(trx, flow.definition);
    if (problem) return { status: 'refused', message: problem };
  }
  await setFlowState(trx, id, state);
  return { status: 'done' };
}

/** Deletes a flow that never ran; one that did keeps its history and is switched off instead. */
export async function deleteFlow(
  trx: DbTransaction,
  id: string,
): Promise<{ status: 'deleted' | 'not_found' | 'ran' }> {
  const flow = await trx
    .selectFrom('automation_flows')
    .select('id')
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!flow) return { status: 'not_found' };
  const ran = await trx
    .selectFrom('automation_runs')
    .select('id')
    .where('flow_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (ran) return { status: 'ran' };
  await trx.deleteFrom('automation_flows').where('id', '=', id).execute();
  return { status: 'deleted' };
}

/** Contacts a segment-triggered flow may take in at once when switched on (the confirm's figure). */
export async function entryEstimate(db: DbExecutor, id: string): Promise<number | null> {
  const flow = await getFlow(db, id);
  if (!flow || flow.definition.trigger.type !== 'segment_entered') return null;
  const segment = await findSegment(db, flow.definition.trigger.segmentId);
  return segment ? countSegmentAudience(db, segment.definition) : 0;
}

/**
 * The editor's test run for one contact (decision 061): the shared plan walked from `now`, with
 * the server's facts about the contact (consent, unsubscribe, suppression, the week's marketing
 * sends against settings.weekly_marketing_cap) applied to its lines.
 */
export async function testRun(
  db: DbExecutor,
  input: { definition: FlowDefinition; contactId: string; assumptions: TestRunAssumptions },
  now: Date,
): Promise<TestRunResult | null> {
  const contact = await db
    .selectFrom('leads')
    .select(['id', 'email', 'full_name', 'email_marketing_consent', 'email_unsubscribed_at', 'suppressed_at'])
    .where('id', '=', input.contactId)
    .executeTakeFirst();
  if (!contact) return null;
  const settings = await db.selectFrom('settings').select(['weekly_marketing_cap']).executeTakeFirst();
  const timeZone = await getSettingsTimezone(db);
  // The engine's own count (engine.ts), so the test run holds exactly the sends the engine would.
  const recent = await recentMarketingSends(db, contact.id, now);
  const facts = {
    contactLabel: contact.full_name ? `${contact.full_name} <${contact.email}>` : contact.email,
    consent: contact.email_marketing_consent,
    unsubscribed: contact.email_unsubscribed_at !== null,
    suppressed: contact.suppressed_at !== null,
    weeklyCap: settings?.weekly_marketing_cap ?? 3,
    marketingSendsThisWeek: recent.length,
    timeZone,
  };
  const plan = planTestRun({
    steps: input.definition.steps,
    respectQuietHours: input.definition.respectQuietHours,
    enteredAt: now,
    timeZone,
    assumptions: input.assumptions,
    templateNames: await templateNames(db, [input.definition]),
    // Without consent the first marketing send ends the run before the engine reads the cap.
    ...(facts.consent ? { marketingCap: { weeklyCap: facts.weeklyCap, recentSends: recent } } : {}),
  });
  return { facts, lines: applyTestRunFacts(plan, input.definition.steps, facts) };
}
