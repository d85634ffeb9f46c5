import { sql } from 'kysely';
import type { EmailCampaign } from '../../db/types.ts';
import type { AppServices } from '../../services.ts';
import { beginSending, enqueueCampaignSend } from './start.ts';

/** The tick runs every minute; it plans the starts falling due before the next one (and a bit). */
const LOOKAHEAD_SECONDS = 75;

/**
 * A scheduled campaign whose time has come starts like Send Now. Conditional on the status and
 * time, so a campaign rescheduled, edited back to draft or already started is left alone.
 */
export async function startDueCampaign(
  services: Pick<AppServices, 'db' | 'jobs'>,
  campaignId: string,
): Promise<boolean> {
  return services.db.transaction().execute(async (trx) => {
    const { rows } = await sql<EmailCampaign>`
      UPDATE email_campaigns
      SET status = 'sending', started_at = now(), is_paused = false, updated_at = now()
      WHERE id = ${campaignId} AND status = 'scheduled' AND scheduled_at <= now()
      RETURNING *`.execute(trx);
    const row = rows[0];
    if (!row) return false;
    await beginSending(trx, services.jobs, row);
    return true;
  });
}

/**
 * Every minute: a `campaign.start` job at the exact time of each campaign due within the next
 * minute (so it starts on time, not up to a minute late), and a nudge for every sending campaign,
 * which is absorbed while its job runs and restarts it after a lost job or a crash.
 */
export async function runCampaignsTick(
  services: Pick<AppServices, 'db' | 'jobs'>,
): Promise<{ planned: number; nudged: number }> {
  const due = await services.db
    .selectFrom('email_campaigns')
    .select(['id', 'scheduled_at'])
    .where('status', '=', 'scheduled')
    .where('scheduled_at', '<=', sql<Date>`now() + ${LOOKAHEAD_SECONDS} * interval '1 second'`)
    .execute();
  for (const campaign of due) {
    await services.jobs.send(
      'campaign.start',
      { campaignId: campaign.id },
      campaign.scheduled_at ? { startAfter: campaign.scheduled_at } : {},
    );
  }
  const sending = await services.db
    .selectFrom('email_campaigns')
    .select('id')
    .where('status', '=', 'sending')
    .execute();
  for (const campaign of sending) {
    await enqueueCampaignSend(services.jobs, campaign.id, false);
  }
  return { planned: due.length, nudged: sending.length };
}
