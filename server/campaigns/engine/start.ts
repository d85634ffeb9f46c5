import { sql } from 'kysely';
import type { DbTransaction } from '../../db/database.ts';
import type { EmailCampaign } from '../../db/types.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { inactiveContactSql, MAY_RECEIVE_MARKETING } from '../../segments/entry.ts';
import { getSunsetMonths } from '../../settings/entry.ts';
import { segmentAtStart } from '../campaign-segment.ts';
import { notifyCampaignChanged } from '../../db/campaign-changed.ts';
import { assignVariants } from './ab-variants.ts';
import { snapshotAudience } from './snapshot.ts';

/**
 * Enqueues the campaign's sending job. The queue's `stately` policy with the campaign id as
 * singleton key allows one waiting and one running job per campaign, so a Resume arriving while the
 * paused job finishes its last batch still gets a job, and repeated nudges never pile up.
 */
export async function enqueueCampaignSend(
  jobs: JobQueue,
  campaignId: string,
  retryMode: boolean,
  trx?: DbTransaction,
): Promise<void> {
  await jobs.send(
    'campaign.send',
    { campaignId, retryMode },
    { singletonKey: campaignId, ...(trx ? { trx } : {}) },
  );
}

/**
 * Turns a campaign that has just been set to `sending` (Send Now, or a scheduled one falling due)
 * into work: the audience snapshot, its size as total_recipients, and the job, all in the caller's
 * transaction, so there is never a sending campaign without recipients rows or without its job.
 */
export async function beginSending(
  trx: DbTransaction,
  jobs: JobQueue,
  campaign: EmailCampaign,
): Promise<EmailCampaign> {
  // A segment campaign keeps the conditions it was sent with (decision 032); test mode mails the
  // test addresses whatever the audience, and a non-openers copy its original's non-openers.
  const segment =
    campaign.segment_id && !campaign.is_test_mode && !campaign.resend_of_campaign_id
      ? await segmentAtStart(trx, campaign.segment_id)
      : null;
  // The sunset policy (decision 089) leaves inactive contacts out of the audience, judged now, in
  // the starting transaction, unless the campaign includes them.
  const audience = segment?.audience ?? MAY_RECEIVE_MARKETING;
  const months = campaign.include_inactive ? 0 : await getSunsetMonths(trx);
  const total = await snapshotAudience(
    trx,
    campaign,
    months > 0 ? sql<boolean>`(${audience} AND NOT ${inactiveContactSql(months, new Date())})` : audience,
  );
  await assignVariants(trx, campaign, total);
  const row = await trx
    .updateTable('email_campaigns')
    .set({
      total_recipients: total,
      updated_at: new Date(),
      ...(segment ? { segment_snapshot: JSON.stringify(segment.snapshot) } : {}),
    })
    .where('id', '=', campaign.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await enqueueCampaignSend(jobs, campaign.id, false, trx);
  await notifyCampaignChanged(trx, campaign.id);
  return row;
}
