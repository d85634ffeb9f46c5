import { sql } from 'kysely';
import { rateOf } from '#shared/campaigns/figures.ts';
import {
  type AbTestReport,
  type AbVariant,
  type AbVariantResult,
  pickWinner,
} from '#shared/campaigns/ab-test.ts';
import type { DbExecutor, DbTransaction } from '../../db/database.ts';
import type { EmailCampaign } from '../../db/types.ts';
import type { AppServices } from '../../services.ts';
import { notifyCampaignChanged } from '../../db/campaign-changed.ts';
import { countsForSql } from '../../stats/entry.ts';
import { readerOpenedSql } from '../machine-opens.ts';
import { enqueueCampaignSend } from './start.ts';

/*
 * The A/B subject test's phases (decision 037), around the exactly-once engine (decision 006):
 *  1. the snapshot marks the test share A or B at random and holds the rest (`held`, unclaimable);
 *  2. the engine sends the test share like any campaign; when it runs dry with sends still held,
 *     the wait starts (ab_winner_due_at) and a `campaign.ab-winner` job is queued for its end;
 *  3. that job picks the winner and releases the held sends with it, in one transaction that also
 *     queues `campaign.send`, so the remainder is sent by the same engine under the same rules.
 * Pause and cancel are the campaign's status, read by each step: a paused campaign's winner job
 * does nothing and the resume's send job queues it again; Cancel cancels the held sends too.
 */

async function enqueueWinnerJob(
  services: Pick<AppServices, 'jobs'>,
  campaignId: string,
  dueAt: Date,
  trx?: DbTransaction,
): Promise<void> {
  await services.jobs.send(
    'campaign.ab-winner',
    { campaignId },
    { singletonKey: campaignId, startAfter: dueAt, ...(trx ? { trx } : {}) },
  );
}

/**
 * Step 2: the engine found nothing to claim. With sends still held and no winner, the test phase
 * is over: the wait starts (once; a later call keeps the first due time) and the winner job is
 * queued for its end (the singleton key absorbs repeats), in one transaction, so a campaign is
 * never seen waiting without its job. Returns false when nothing is held, so the caller completes
 * the campaign as usual.
 */
export async function awaitWinner(
  services: Pick<AppServices, 'db' | 'jobs'>,
  campaignId: string,
): Promise<boolean> {
  return services.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ due_at: Date; started: boolean }>`
      WITH before AS (
        SELECT ab_winner_due_at FROM email_campaigns WHERE id = ${campaignId}
      )
      UPDATE email_campaigns c
      SET ab_winner_due_at = coalesce(c.ab_winner_due_at, now() + c.ab_wait_hours * interval '1 hour'),
          updated_at = now()
      WHERE c.id = ${campaignId} AND c.status = 'sending' AND c.subject_b IS NOT NULL
        AND c.ab_winner IS NULL
        AND EXISTS (SELECT 1 FROM email_sends WHERE campaign_id = ${campaignId} AND status = 'held')
        AND NOT EXISTS (
          SELECT 1 FROM email_sends
          WHERE campaign_id = ${campaignId} AND status IN ('queued', 'sending'))
      RETURNING c.ab_winner_due_at AS due_at, (SELECT ab_winner_due_at IS NULL FROM before) AS started`.execute(
      trx,
    );
    const row = rows[0];
    if (!row) return false;
    await enqueueWinnerJob(services, campaignId, row.due_at, trx);
    if (row.started) await notifyCampaignChanged(trx, campaignId);
    return true;
  });
}

/**
 * Each variant's test figures: the test share only, readers' opens only (decision 025); delivered,
 * clicks and rates by the campaign figures' definitions (decision 052).
 */
export async function variantResults(
  db: DbExecutor,
  campaign: Pick<EmailCampaign, 'id' | 'subject' | 'subject_b'>,
): Promise<[AbVariantResult, AbVariantResult]> {
  const { rows } = await sql<{
    variant: AbVariant;
    sent: string;
    delivered: string;
    opened: string;
    clicked: string;
  }>`
    SELECT s.variant,
      count(*) FILTER (WHERE s.provider_message_id IS NOT NULL) AS sent,
      count(*) FILTER (WHERE ${countsForSql('s', 'delivered')}) AS delivered,
      count(*) FILTER (WHERE ${countsForSql('s', 'opened')} AND ${readerOpenedSql('s')}) AS opened,
      count(*) FILTER (WHERE ${countsForSql('s', 'clicked')}) AS clicked
    FROM email_sends s
    WHERE s.campaign_id = ${campaign.id} AND NOT s.ab_remainder AND s.variant IS NOT NULL
    GROUP BY s.variant`.execute(db);
  const result = (variant: AbVariant, subject: string): AbVariantResult => {
    const row = rows.find((r) => r.variant === variant);
    const delivered = Number(row?.delivered ?? 0);
    const opened = Number(row?.opened ?? 0);
    const clicked = Number(row?.clicked ?? 0);
    return {
      variant,
      subject,
      sent: Number(row?.sent ?? 0),
      delivered,
      opened,
      clicked,
      openRate: rateOf(opened, delivered),
      clickRate: rateOf(clicked, delivered),
    };
  };
  return [result('A', campaign.subject), result('B', campaign.subject_b ?? '')];
}

export type ChooseWinnerOutcome =
  | { kind: 'chosen'; winner: AbVariant; released: number }
  | { kind: 'not-found' | 'not-sending' | 'no-test' | 'already-chosen' }
  | { kind: 'not-due'; dueAt: Date | null };

export interface ChooseWinnerOptions {
  /** Fault tests hold the transaction open here, to kill the process before it commits. */
  beforeCommit?: () => Promise<void>;
}

/**
 * Step 3, the `campaign.ab-winner` job: the winner by the campaign's metric (a tie goes to A),
 * recorded with the release of the held sends under its subject and the job that sends them, in
 * one transaction. Idempotent: a repeat after a crash finds the winner chosen, or nothing done.
 */
export async function chooseWinner(
  services: Pick<AppServices, 'db' | 'jobs'>,
  campaignId: string,
  options: ChooseWinnerOptions = {},
): Promise<ChooseWinnerOutcome> {
  const outcome = await services.db.transaction().execute(async (trx): Promise<ChooseWinnerOutcome> => {
    // The campaign row first, as Cancel and the claims take it: a Cancel or Pause either waits
    // for the release or wins, and then nothing is released.
    const campaign = await trx
      .selectFrom('email_campaigns')
      .select(['id', 'status', 'subject', 'subject_b', 'ab_metric', 'ab_winner', 'ab_winner_due_at'])
      .select(sql<boolean>`ab_winner_due_at <= now()`.as('due'))
      .where('id', '=', campaignId)
      .forNoKeyUpdate()
      .executeTakeFirst();
    if (!campaign) return { kind: 'not-found' };
    if (!campaign.subject_b || !campaign.ab_metric) return { kind: 'no-test' };
    if (campaign.ab_winner) return { kind: 'already-chosen' };
    if (campaign.status !== 'sending') return { kind: 'not-sending' };
    if (!campaign.due) return { kind: 'not-due', dueAt: campaign.ab_winner_due_at };
    const [a, b] = await variantResults(trx, campaign);
    const winner = pickWinner(campaign.ab_metric, a, b);
    await trx
      .updateTable('email_campaigns')
      .set({ ab_winner: winner, ab_winner_chosen_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where('id', '=', campaignId)
      .execute();
    const released = await trx
      .updateTable('email_sends')
      .set({ status: 'queued', variant: winner, updated_at: sql<Date>`now()` })
      .where('campaign_id', '=', campaignId)
      .where('status', '=', 'held')
      .executeTakeFirst();
    await enqueueCampaignSend(services.jobs, campaignId, false, trx);
    await notifyCampaignChanged(trx, campaignId);
    await options.beforeCommit?.();
    return { kind: 'chosen', winner, released: Number(released.numUpdatedRows) };
  });
  // Run early (a clock or a queue's doing): try again when due.
  if (outcome.kind === 'not-due' && outcome.dueAt)
    await enqueueWinnerJob(services, campaignId, outcome.dueAt);
  return outcome;
}

/** The details page's view of a test: settings, progress, both variants and the winner. */
export async function abTestReport(db: DbExecutor, campaign: EmailCampaign): Promise<AbTestReport | null> {
  if (
    !campaign.subject_b ||
    !campaign.ab_metric ||
    campaign.ab_test_percent === null ||
    campaign.ab_wait_hours === null
  )
    return null;
  const [variants, groups] = await Promise.all([
    variantResults(db, campaign),
    sql<{ held: string; remainder: string }>`
      SELECT count(*) FILTER (WHERE status = 'held') AS held,
        count(*) FILTER (WHERE ab_remainder AND status <> 'held') AS remainder
      FROM email_sends WHERE campaign_id = ${campaign.id} AND ab_remainder`.execute(db),
  ]);
  return {
    metric: campaign.ab_metric,
    testPercent: campaign.ab_test_percent,
    waitHours: campaign.ab_wait_hours,
    winnerDueAt: campaign.ab_winner_due_at?.toISOString() ?? null,
    winner: campaign.ab_winner,
    winnerChosenAt: campaign.ab_winner_chosen_at?.toISOString() ?? null,
    variants,
    held: Number(groups.rows[0]?.held ?? 0),
    remainder: Number(groups.rows[0]?.remainder ?? 0),
  };
}
