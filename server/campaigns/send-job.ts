import type { JobPayload } from '../jobs/definitions.ts';
import type { AppServices } from '../services.ts';

/**
 * Handler of the `campaign.send` job. Only acknowledges the job for now: the sending engine
 * (audience snapshot into email_sends, batched exactly-once delivery, pause/cancel checks between
 * batches, retry mode on resume) is its own issue and replaces this body. Until then a campaign
 * put into "sending" stays there; nothing is e-mailed.
 */
export function runCampaignSendJob(
  services: Pick<AppServices, 'logger'>,
  payload: JobPayload<'campaign.send'>,
): Promise<{ handled: false }> {
  services.logger.info(
    { campaignId: payload.campaignId, retryMode: payload.retryMode },
    'campaign.send received; the sending engine is not implemented yet',
  );
  return Promise.resolve({ handled: false });
}
