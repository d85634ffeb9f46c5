import { sql } from 'kysely';
import type {
  ContactFlowRun,
  FlowDetail,
  FlowInsight,
  FlowListItem,
  FlowState,
  StepInsight,
  TestRunResult,
} from '#shared/automations/api.ts';
import { AUTOMATION_MESSAGES } from '#shared/automations/api.ts';
import { applyTestRunFacts, describeStep, triggerSummary } from '#shared/automations/describe.ts';
import {
  findStep,
  type FlowDefinition,
  flowDefinitionSchema,
  placedSteps,
} from '#shared/automations/flows.ts';
import { planTestRun, type TestRunAssumptions } from '#shared/automations/test-run.ts';
import type { DbExecutor, DbTransaction } from '../db/database.ts';
import { countSegmentAudience, findSegment } from '../segments/entry.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { recentMarketingSends } from './engine.ts';
import { createFlow, saveFlowVersion, setFlowState } from './flows.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { iso } from '#shared/time/iso.ts';

// The flows admin (decision 066): what the list, the editor, the test run, the insight tab and
// the contact page read, and the writes behind them. Counts are one grouped query per screen,
// never a loop over runs.

/** A stored definition, read back through the schema (it was valid when saved). */
function parseDefinition(value: unknown): FlowDefinition {
  return flowDefinitionSchema.parse(value);
}

/** Template ids → names for every template a definition (or several) sends. */
async function templateNames(db: DbExecutor, definitions: FlowDefinition[]): Promise<Record<string, string>> {
  const ids = [
    ...new Set(
      definitions.flatMap((d) =>
        placedSteps(d.steps).flatMap((p) => (p.step.type === 'send' ? [p.step.templateId] : [])),
      ),
    ),
  ];
  if (ids.length === 0) return {};
  const rows = await db
    .selectFrom('email_templates')
    .select(['id', 'template_name'])
    .where('id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.id, row.template_name]));
}

/** The segments a definition reads: its trigger's and its branches'. */
function usedSegments(definition: FlowDefinition): string[] {
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

/**
 * Per step of one version (decision 066): entered, waiting there, sent, opened, clicked and the
 * runs that left after it, by reason. One statement over the version's runs and step rows:
 * - a waiting run sits in a wait when its last wait row's end is its due time (the engine sets
 *   both from the same instant), otherwise at its next step (entered, held by quiet hours or the
 *   cap, not done yet);
 * - a run that left is counted at the last step it did, in reading order (a run only moves
 *   forward through the list), or at the first step when it did none.
 */
export async function flowInsight(db: DbExecutor, id: string, version?: number): Promise<FlowInsight | null> {
  const flow = await getFlow(db, id, version);
  if (!flow) return null;
  const placed = placedSteps(flow.definition.steps);
  const ids = placed.map((p) => p.step.id);
  const order = placed.map((_, index) => index);
  const first = ids[0] ?? '';
  const { rows } = await sql<{
    step_id: string;
    done: number;
    sent: number;
    opened: number;
    clicked: number;
    held: number;
    waiting: number;
    exited: number;
    reasons: Array<{ reason: string; count: number }> | null;
  }>`
    WITH runs AS (
      SELECT id, state, next_step, due_at, exit_reason FROM automation_runs
        WHERE flow_id = ${id} AND version = ${flow.version}
    ), ord AS (
      SELECT * FROM unnest(${ids}::text[], ${order}::int[]) AS o(step_id, n)
    ), done AS (
      SELECT rs.step_id, count(*)::int AS done,
             count(*) FILTER (WHERE rs.outcome IN ('sent_marketing', 'sent_reply'))::int AS sent,
             count(rs.opened_at)::int AS opened, count(rs.clicked_at)::int AS clicked
        FROM automation_run_steps rs JOIN runs r ON r.id = rs.run_id GROUP BY rs.step_id
    ), place AS (
      SELECT coalesce(w.step_id, r.next_step) AS step_id, w.step_id IS NULL AS held
        FROM runs r
        LEFT JOIN automation_run_steps w ON w.run_id = r.id AND w.outcome = 'waited'
          AND (CASE WHEN w.outcome = 'waited' THEN w.detail::timestamptz END) = r.due_at
        WHERE r.state = 'waiting'
    ), waiting AS (
      SELECT step_id, count(*) FILTER (WHERE held)::int AS held, count(*)::int AS waiting
        FROM place GROUP BY step_id
    ), left_at AS (
      SELECT coalesce(last.step_id, ${first}) AS step_id, coalesce(r.exit_reason, 'unknown') AS reason
        FROM runs r
        LEFT JOIN LATERAL (
          SELECT rs.step_id FROM automation_run_steps rs JOIN ord ON ord.step_id = rs.step_id
            WHERE rs.run_id = r.id ORDER BY ord.n DESC LIMIT 1
        ) last ON true
        WHERE r.state = 'exited'
    ), exits AS (
      SELECT step_id, sum(count)::int AS exited,
             json_agg(json_build_object('reason', reason, 'count', count) ORDER BY count DESC, reason) AS reasons
        FROM (SELECT step_id, reason, count(*)::int AS count FROM left_at GROUP BY step_id, reason) g
        GROUP BY step_id
    )
    SELECT ord.step_id, coalesce(d.done, 0) AS done, coalesce(d.sent, 0) AS sent,
           coalesce(d.opened, 0) AS opened, coalesce(d.clicked, 0) AS clicked,
           coalesce(w.held, 0) AS held, coalesce(w.waiting, 0) AS waiting,
           coalesce(e.exited, 0) AS exited, e.reasons
      FROM ord
      LEFT JOIN done d ON d.step_id = ord.step_id
      LEFT JOIN waiting w ON w.step_id = ord.step_id
      LEFT JOIN exits e ON e.step_id = ord.step_id
      ORDER BY ord.n`.execute(db);
  const steps: StepInsight[] = rows.map((row) => ({
    stepId: row.step_id,
    entered: row.done + row.held,
    waiting: row.waiting,
    sent: row.sent,
    opened: row.opened,
    clicked: row.clicked,
    exited: row.exited,
    exitReasons: row.reasons ?? [],
  }));
  return { version: flow.version, steps };
}

/** A contact's runs, newest first, with the steps each has done (the contact page's card). */
export async function contactFlows(db: DbExecutor, contactId: string): Promise<ContactFlowRun[]> {
  const runs = await db
    .selectFrom('automation_runs as r')
    .innerJoin('automation_flows as f', 'f.id', 'r.flow_id')
    .innerJoin('automation_flow_versions as v', (join) =>
      join.onRef('v.flow_id', '=', 'r.flow_id').onRef('v.version', '=', 'r.version'),
    )
    .select([
      'r.id',
      'r.flow_id',
      'f.name',
      'r.version',
      'r.state',
      'r.next_step',
      'r.exit_reason',
      'r.entered_at',
      'r.finished_at',
      'v.definition',
    ])
    .where('r.contact_id', '=', contactId)
    .orderBy('r.entered_at', 'desc')
    .execute();
  if (runs.length === 0) return [];
  const steps = await db
    .selectFrom('automation_run_steps')
    .select(['run_id', 'step_id', 'outcome', 'done_at'])
    .where(
      'run_id',
      'in',
      runs.map((r) => r.id),
    )
    .orderBy('done_at')
    .execute();
  const definitions = runs.map((r) => parseDefinition(r.definition));
  const names = await templateNames(db, definitions);
  return runs.map((run, index) => {
    const definition = definitions[index]!;
    const text = (stepId: string) => {
      const step = findStep(definition.steps, stepId);
      return step ? describeStep(step, names) : `Step ${stepId} (no longer in this version)`;
    };
    return {
      runId: run.id,
      flowId: run.flow_id,
      flowName: run.name,
      version: run.version,
      state: run.state,
      currentStep: run.next_step ? text(run.next_step) : null,
      exitReason: run.exit_reason,
      enteredAt: iso(run.entered_at),
      finishedAt: run.finished_at ? iso(run.finished_at) : null,
      steps: steps
        .filter((s) => s.run_id === run.id)
        .map((s) => ({
          stepId: s.step_id,
          outcome: s.outcome,
          doneAt: iso(s.done_at),
          text: text(s.step_id),
        })),
    };
  });
}

/**
 * The enquiry timeline's lines for the flows that enquiry started (decision 066): entering, each
 * e-mail a step sent ("Flow 'Offer reminder' sent 'Gentle reminder'"), and leaving with its reason.
 * Waits and branches are left out as noise beside the conversation.
 */
export async function enquiryFlowEntries(
  db: DbExecutor,
  enquiryId: string,
): Promise<Array<{ at: string; text: string }>> {
  const rows = await db
    .selectFrom('automation_runs as r')
    .innerJoin('automation_flows as f', 'f.id', 'r.flow_id')
    .leftJoin('automation_run_steps as s', (join) =>
      join.onRef('s.run_id', '=', 'r.id').on('s.outcome', 'in', ['sent_marketing', 'sent_reply']),
    )
    .leftJoin('email_templates as t', (join) => join.on(sql`t.id::text`, '=', sql.ref('s.detail')))
    .select([
      'r.id',
      'f.name',
      'r.state',
      'r.exit_reason',
      'r.entered_at',
      'r.finished_at',
      's.done_at',
      's.step_id',
      't.template_name',
    ])
    .where('r.enquiry_id', '=', enquiryId)
    .orderBy('r.entered_at')
    .execute();
  const entries: Array<{ at: string; text: string }> = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!seen.has(row.id)) {
      seen.add(row.id);
      entries.push({ at: iso(row.entered_at), text: `Entered flow '${row.name}'` });
      if (row.finished_at)
        entries.push({
          at: iso(row.finished_at),
          text:
            row.state === 'exited'
              ? `Left flow '${row.name}': ${row.exit_reason ?? 'unknown reason'}`
              : `Finished flow '${row.name}'`,
        });
    }
    if (row.done_at)
      entries.push({
        at: iso(row.done_at),
        text: `Flow '${row.name}' sent '${row.template_name ?? 'a deleted template'}'`,
      });
  }
  return entries;
}
