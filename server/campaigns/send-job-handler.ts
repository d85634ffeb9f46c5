import { sql } from 'kysely';
import { type JobPayload, jobDefinitions } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';
import { type RunOutcome, runCampaignSend } from './engine/run.ts';
import { notifyCampaignChanged } from '../db/campaign-changed.ts';

/**
 * Handler of the `campaign.send` job. An error is retried by pg-boss (the engine resumes where it
 * stopped); when the last retry fails too, the campaign is marked failed with the reason, and its
 * unsent recipients stay queued so "Retry failed" can pick them up.
 */
export async function runCampaignSendJob(
  services: AppServices,
  payload: JobPayload<'campaign.send'>,
  job: { retryCount: number; signal: AbortSignal },
): Promise<{ outcome: RunOutcome }> {
  try {
    return { outcome: await runCampaignSend(services, payload.campaignId, { signal: job.signal }) };
  } catch (error) {
    if (job.retryCount >= jobDefinitions['campaign.send'].queue.retryLimit) {
      const message = error instanceof Error ? error.message : String(error);
      await markCampaignFailed(
        services,
        payload.campaignId,
        `Sending stopped after repeated errors: ${message}`,
      );
    }
    throw error;
  }
}

async function markCampaignFailed(services: Pick<AppServices, 'db'>, campaignId: string, reason: string) {
  await services.db.transaction().execute(async (trx) => {
    const { rows } = await sql`
      UPDATE email_campaigns SET status = 'failed', failure_reason = ${reason.slice(0, 2000)}, updated_at = now()
      WHERE id = ${campaignId} AND status = 'sending'
      RETURNING id`.execute(trx);
    if (rows.length > 0) await notifyCampaignChanged(trx, campaignId);
  });
}
