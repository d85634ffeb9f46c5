import { sql } from 'kysely';
import type { ContactFlowRun, FlowInsight, StepInsight } from '#shared/automations/api.ts';
import { describeStep } from '#shared/automations/describe.ts';
import { findStep, placedSteps } from '#shared/automations/flows.ts';
import type { DbExecutor } from '../db/database.ts';
import { getFlow } from './admin.ts';
import { iso } from '#shared/time/iso.ts';
import { parseDefinition, templateNames } from './read.ts';

// What the flows have done (decision 066): a flow's per-step insight, a contact's runs, and an
// enquiry's flow entries for its timeline. Each is one grouped query, never a loop over runs.

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
