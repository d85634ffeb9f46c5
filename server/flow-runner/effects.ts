import { sql } from 'kysely';
import type { AppServices } from '../services.ts';
import { sendFlowReply } from '../enquiries/entry.ts';
import type { FlowEffects } from '../automations/entry.ts';
import { queueFlowMarketingSend } from './send.ts';

// The engine's effects as the worker runs them (decisions 061, 065). Both sends happen inside the
// run's transaction, beside the step row the engine wrote: a marketing e-mail becomes a queued row
// that the batch sender claims (send.ts); a reply goes through the enquiry's reply path as an
// `email.send` job carrying the step's key. A killed worker rolls back step, row and job together.

export function flowEffects(services: Pick<AppServices, 'jobs' | 'config'>): FlowEffects {
  return {
    async send(trx, run, step, idempotencyKey) {
      if (step.template === 'marketing') {
        await queueFlowMarketingSend(trx, run.runId, step.id);
        return;
      }
      const flow = await trx
        .selectFrom('automation_runs')
        .select('flow_id')
        .where('id', '=', run.runId)
        .executeTakeFirstOrThrow();
      const outcome = run.enquiryId
        ? await sendFlowReply(trx, services, {
            enquiryId: run.enquiryId,
            templateId: step.templateId,
            flowId: flow.flow_id,
            idempotencyKey,
          })
        : 'not_found';
      if (outcome === 'not_found')
        await trx
          .updateTable('automation_run_steps')
          .set({ send_status: 'skipped', error: 'The enquiry or the reply template no longer exists' })
          .where('run_id', '=', run.runId)
          .where('step_id', '=', step.id)
          .execute();
    },
    // The webhook writes the first open and click on the step's row (machine opens excluded,
    // decision 025); a reply's events arrive for its enquiry message, found by the same key.
    async engaged(trx, run, idempotencyKey, how) {
      const column = how === 'opened' ? sql.ref('rs.opened_at') : sql.ref('rs.clicked_at');
      const { rows } = await sql<{ engaged: boolean }>`
        SELECT EXISTS (
          SELECT 1 FROM automation_run_steps rs
          WHERE rs.run_id = ${run.runId} AND rs.idempotency_key = ${idempotencyKey} AND ${column} IS NOT NULL
        ) AS engaged`.execute(trx);
      return rows[0]?.engaged === true;
    },
  };
}
