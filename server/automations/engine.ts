import { sql } from 'kysely';
import {
  branchTarget,
  type BranchCondition,
  findStep,
  type FlowDefinition,
  flowDefinitionSchema,
  type FlowStep,
  stepAfter,
} from '#shared/automations/flows.ts';
import { afterWait, nextWeekdayAt, outsideQuietHours } from '#shared/automations/timing.ts';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import { findSegment, segmentAudience } from '../segments/entry.ts';

// Moving runs through their flows (decision 061). Each due run advances in one short transaction
// that holds its row lock: the steps it takes, their rows in automation_run_steps (unique per run
// and step) and the e-mails they queue commit together or not at all. A worker killed mid-way
// leaves nothing half done, and two workers never advance one run at once (SKIP LOCKED), so each
// step happens exactly once without a lease to renew.

/** A run stops advancing after this many instant steps in one go (a branch loop cannot spin). */
const MAX_STEPS_PER_ADVANCE = 60;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

export interface RunContext {
  runId: string;
  contactId: string;
  enquiryId: string | null;
}

export interface FlowEffects {
  /**
   * Queues a send step's e-mail inside the run's transaction; `idempotencyKey` is the same on
   * every attempt, so a retried job is the same provider request.
   */
  send(
    trx: DbTransaction,
    run: RunContext,
    step: Extract<FlowStep, { type: 'send' }>,
    idempotencyKey: string,
  ): Promise<void>;
  /** Whether the contact opened / clicked the e-mail a previous send step of this run queued. */
  engaged(
    trx: DbTransaction,
    run: RunContext,
    idempotencyKey: string,
    how: 'opened' | 'clicked',
  ): Promise<boolean>;
}

export interface AdvanceOptions {
  now: Date;
  timeZone: string;
  /** At most this many marketing e-mails, campaigns and flows together, per contact per 7 days. */
  weeklyMarketingCap: number;
}

export type AdvanceOutcome = 'busy' | 'waiting' | 'finished' | 'exited';

/** The key of a run's send step: the provider's idempotency key and the step's record. */
export function flowSendKey(runId: string, stepId: string): string {
  return `flow-step:${runId}:${stepId}`;
}

/** Runs due by `now` in due order, read from the partial index alone; paused flows wait. */
export async function dueRunIds(db: Database, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('automation_runs')
    .select('id')
    .where('state', '=', 'waiting')
    .where('due_at', '<=', now)
    .where('flow_id', 'not in', (eb) =>
      eb.selectFrom('automation_flows').select('id').where('state', '=', 'paused'),
    )
    .orderBy('due_at')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Marketing e-mails sent to the contact in the 7 days before `now`, oldest first: what the weekly
 * cap counts, here and in the editor's test run. A flow's send counts from its step while it is
 * queued, being sent or sent; one the sender skipped (unsubscribed, suppressed, consent withdrawn,
 * template gone) or failed for good never went out and does not count (decision 065). A step row
 * without a send status (decision 061's interface, whose effect queued it elsewhere) counts as
 * queued. One statement: each half starts from the contact's index.
 */
export async function recentMarketingSends(db: DbExecutor, contactId: string, now: Date): Promise<Date[]> {
  const since = new Date(now.getTime() - WEEK_MS);
  const { rows } = await sql<{ at: Date }>`
    SELECT coalesce(s.sent_at, s.created_at) AS at FROM email_sends s
      WHERE s.lead_id = ${contactId} AND coalesce(s.sent_at, s.created_at) > ${since}
        AND s.status IN ('sending', 'sent', 'delivered', 'delivery_delayed', 'complained')
    UNION ALL
    SELECT rs.done_at AS at FROM automation_run_steps rs JOIN automation_runs r ON r.id = rs.run_id
      WHERE r.contact_id = ${contactId} AND rs.outcome = 'sent_marketing' AND rs.done_at > ${since}
        AND coalesce(rs.send_status, 'queued') IN ('queued', 'sending', 'sent')
    ORDER BY at`.execute(db);
  return rows.map((row) => row.at);
}

async function conditionHolds(
  trx: DbTransaction,
  run: RunContext,
  condition: BranchCondition,
  lastSendKey: string | null,
  effects: FlowEffects,
  timeZone: string,
): Promise<boolean> {
  switch (condition.type) {
    case 'opened_previous':
    case 'clicked_previous':
      return lastSendKey !== null
        ? effects.engaged(trx, run, lastSendKey, condition.type === 'opened_previous' ? 'opened' : 'clicked')
        : false;
    case 'enquiry_status': {
      if (!run.enquiryId) return false;
      const enquiry = await trx
        .selectFrom('enquiries')
        .select('status')
        .where('id', '=', run.enquiryId)
        .executeTakeFirst();
      return enquiry !== undefined && condition.statuses.includes(enquiry.status);
    }
    case 'in_segment': {
      const segment = await findSegment(trx, condition.segmentId);
      if (!segment) return false;
      const { rows } = await sql<{ member: boolean }>`
        SELECT EXISTS (SELECT 1 FROM leads l WHERE l.id = ${run.contactId}
          AND ${segmentAudience(segment.definition, timeZone)}) AS member`.execute(trx);
      return rows[0]?.member === true;
    }
  }
}

/**
 * Advances one run as far as it can go now: through sends, branches and exits until a wait, the
 * end, or a send that must wait (quiet hours, the weekly cap). 'busy' when another worker holds
 * the run or it is not due.
 */
export async function advanceRun(
  db: Database,
  runId: string,
  effects: FlowEffects,
  options: AdvanceOptions,
): Promise<AdvanceOutcome> {
  return db.transaction().execute(async (trx) => {
    const run = await trx
      .selectFrom('automation_runs')
      .innerJoin('automation_flows', 'automation_flows.id', 'automation_runs.flow_id')
      .innerJoin('automation_flow_versions', (join) =>
        join
          .onRef('automation_flow_versions.flow_id', '=', 'automation_runs.flow_id')
          .onRef('automation_flow_versions.version', '=', 'automation_runs.version'),
      )
      .innerJoin('leads', 'leads.id', 'automation_runs.contact_id')
      .select([
        'automation_runs.id',
        'automation_runs.contact_id',
        'automation_runs.enquiry_id',
        'automation_runs.next_step',
        'automation_flows.state as flow_state',
        'automation_flow_versions.definition',
        'leads.email_marketing_consent',
        'leads.email_unsubscribed_at',
        'leads.suppressed_at',
      ])
      .where('automation_runs.id', '=', runId)
      .where('automation_runs.state', '=', 'waiting')
      .where('automation_runs.due_at', '<=', options.now)
      .forUpdate('automation_runs')
      .skipLocked()
      .executeTakeFirst();
    if (!run || run.flow_state === 'paused') return 'busy';

    const context: RunContext = { runId: run.id, contactId: run.contact_id, enquiryId: run.enquiry_id };
    const finish = async (state: 'finished' | 'exited', reason: string | null): Promise<AdvanceOutcome> => {
      await trx
        .updateTable('automation_runs')
        .set({ state, exit_reason: reason, next_step: null, finished_at: options.now })
        .where('id', '=', run.id)
        .execute();
      return state;
    };
    const waitUntil = async (stepId: string, at: Date): Promise<AdvanceOutcome> => {
      await trx
        .updateTable('automation_runs')
        .set({ next_step: stepId, due_at: at })
        .where('id', '=', run.id)
        .execute();
      return 'waiting';
    };
    const record = (stepId: string, outcome: string, detail: string | null, key: string | null = null) =>
      trx
        .insertInto('automation_run_steps')
        .values({
          run_id: run.id,
          step_id: stepId,
          outcome,
          detail,
          idempotency_key: key,
          done_at: options.now,
        })
        .execute();

    // The leads trigger ends runs on unsubscribe or suppression (decision 061); this catches a run
    // entered after that change.
    if (run.email_unsubscribed_at) return finish('exited', 'unsubscribed');
    if (run.suppressed_at) return finish('exited', 'suppressed');
    const parsed = flowDefinitionSchema.safeParse(run.definition);
    if (!parsed.success) return finish('exited', 'the flow version is no longer valid');
    const flow: FlowDefinition = parsed.data;
    const lastSend = await trx
      .selectFrom('automation_run_steps')
      .select('idempotency_key')
      .where('run_id', '=', run.id)
      .where('idempotency_key', 'is not', null)
      .orderBy('done_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    let lastSendKey = lastSend?.idempotency_key ?? null;

    let stepId = run.next_step;
    for (let taken = 0; taken < MAX_STEPS_PER_ADVANCE; taken += 1) {
      if (stepId === null) return finish('finished', null);
      const step = findStep(flow.steps, stepId);
      if (!step) return finish('exited', `step ${stepId} is missing from the flow`);
      const next = stepAfter(flow.steps, step.id) ?? null;
      switch (step.type) {
        case 'send': {
          const marketing = step.template === 'marketing';
          if (marketing && !run.email_marketing_consent) return finish('exited', 'no marketing consent');
          if (marketing && flow.respectQuietHours) {
            const allowed = outsideQuietHours(options.now, options.timeZone);
            if (allowed.getTime() > options.now.getTime()) return waitUntil(step.id, allowed);
          }
          if (marketing) {
            const recent = await recentMarketingSends(trx, run.contact_id, options.now);
            if (recent.length >= options.weeklyMarketingCap) {
              const oldestCounted = recent[recent.length - options.weeklyMarketingCap]!;
              return waitUntil(step.id, new Date(oldestCounted.getTime() + WEEK_MS + 1000));
            }
          }
          const key = flowSendKey(run.id, step.id);
          await record(step.id, marketing ? 'sent_marketing' : 'sent_reply', step.templateId, key);
          await effects.send(trx, context, step, key);
          lastSendKey = key;
          stepId = next;
          break;
        }
        case 'wait':
        case 'wait_until': {
          const until =
            step.type === 'wait'
              ? afterWait(options.now, step, options.timeZone)
              : nextWeekdayAt(options.now, step.weekday, step.time, options.timeZone);
          await record(step.id, 'waited', until.toISOString());
          if (next === null) return finish('finished', null);
          return waitUntil(next, until);
        }
        case 'branch': {
          const holds = await conditionHolds(
            trx,
            context,
            step.condition,
            lastSendKey,
            effects,
            options.timeZone,
          );
          await record(step.id, holds ? 'then' : 'otherwise', null);
          stepId = branchTarget(flow.steps, step, holds);
          break;
        }
        case 'exit':
          await record(step.id, 'exited', null);
          return finish('exited', 'exit step');
      }
    }
    // Unreachable for a valid flow (at most 50 steps, no loops); kept so a bad one cannot spin.
    return stepId === null ? finish('finished', null) : waitUntil(stepId, options.now);
  });
}
