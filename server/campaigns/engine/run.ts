import { sql } from 'kysely';
import {
  COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT,
  COMPLAINT_PAUSE_THRESHOLD_DEFAULT,
} from '#shared/settings/schemas.ts';
import type { Database } from '../../db/database.ts';
import type { EmailFailure } from '../../email/types.ts';
import type { AppServices } from '../../services.ts';
import { applyStoredEventsFor } from '../../email-events/entry.ts';
import { notifyCampaignChanged } from '../../db/campaign-changed.ts';
import { type SenderSettings, senderFromSettings } from '../../email/from-address.ts';
import {
  type ClaimedBatch,
  claimBatch,
  completeIfDone,
  extendLease,
  failBatchSends,
  markBatchSent,
  markOutcomeUnknown,
  releaseBatch,
  sendIdempotencyKey,
} from './batches.ts';
import { type CampaignContent, campaignMessages } from './messages.ts';
import { awaitWinner } from './ab-test.ts';
import { enqueueCampaignSend } from './start.ts';
import { sleep } from '../../sleep.ts';

/** Decision 005: the spec's unused bounce threshold becomes an automatic pause after 200 sends. */
export const AUTO_PAUSE_MIN_SENDS = 200;

export interface EngineOptions {
  /** How long a claimed batch stays ours without a heartbeat; others take it over after that. */
  leaseMs?: number;
  /** A run hands over to a fresh job after this long, so no job outlives its expiry. */
  runBudgetMs?: number;
  /** Attempts of one batch against 5xx and network errors before its sends are failed. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  requestTimeoutMs?: number;
  /** Overrides the settings' delay between batches (benchmarks). */
  batchDelayMs?: number;
  /** Stop after the current batch (shutdown); the job is handed over. */
  signal?: AbortSignal;
  random?: () => number;
}

const defaults = {
  leaseMs: 15_000,
  runBudgetMs: 10 * 60_000,
  maxAttempts: 6,
  backoffBaseMs: 1_000,
  backoffMaxMs: 30_000,
  requestTimeoutMs: 30_000,
};

export type RunOutcome =
  | 'completed'
  | 'not-found'
  | 'not-sending'
  | 'paused'
  | 'auto-paused'
  | 'handed-over'
  | 'stopped'
  /** An A/B test's test phase is over; the winner job releases the rest (decision 037). */
  | 'waiting';

/** Exponential backoff with jitter: 1 s, 2 s, 4 s ... capped, each somewhere in its upper half. */
export function backoffMs(attempt: number, base: number, max: number, random: () => number): number {
  const ceiling = Math.min(max, base * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling * (0.5 + random() * 0.5));
}

interface CampaignState extends CampaignContent {
  isTestMode: boolean;
}

/**
 * What a campaign sends and to whom is fixed once it leaves draft/scheduled (only those statuses
 * are editable, and no transition leads back to them), so a run reads it once; each batch then
 * reads only what can change under it (`readBatchState`).
 */
async function readCampaign(services: Pick<AppServices, 'db'>, id: string): Promise<CampaignState | null> {
  const row = await services.db
    .selectFrom('email_campaigns')
    .select([
      'id',
      'is_test_mode',
      'subject',
      'subject_b',
      'preheader',
      'html_content',
      'text_content',
      'variables',
    ])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    isTestMode: row.is_test_mode,
    subject: row.subject,
    subjectB: row.subject_b,
    preheader: row.preheader,
    html: row.html_content,
    text: row.text_content,
    variables: row.variables,
  };
}

interface BatchState extends SenderSettings {
  status: string;
  batch_size: number | null;
  batch_delay_ms: number | null;
  bounce_pause_threshold: number | null;
  /** The auto-pause condition may hold (`autoPauseOnBounces` decides, as it pauses). */
  over_bounce_limit: boolean;
  complaint_pause_threshold: number | null;
  complaint_pause_min_delivered: number | null;
  /** The complaint brake may hold (`autoPauseOnComplaints` decides, as it pauses; decision 074). */
  over_complaint_limit: boolean;
  /** A batch of this campaign has lost its holder: it is taken over before new sends are claimed. */
  has_orphan: boolean;
}

/**
 * Everything a batch depends on, in one round trip: the campaign's status (pause, cancel), the
 * settings as they are now (batch size, delay, bounce threshold, sender: an admin's change
 * applies to the next batch), whether the bounce rate calls for an automatic pause, and whether
 * a batch was orphaned. Read-only: the rare writes (the pause, a take-over) stay their own
 * statements, conditional as before.
 */
async function readBatchState(db: Database, campaignId: string): Promise<BatchState | null> {
  const { rows } = await sql<BatchState>`
    SELECT c.status, s.batch_size, s.batch_delay_ms, s.bounce_pause_threshold,
      s.from_name, s.from_email, s.reply_to_email, s.timezone,
      -- A pre-check (>= leaves the exact boundary to the UPDATE); CASE keeps the division
      -- from running before 200 sends.
      CASE WHEN c.sent_count - c.bounce_baseline_sent >= ${AUTO_PAUSE_MIN_SENDS}
        THEN 100.0 * (c.bounce_count - c.bounce_baseline_bounces) / (c.sent_count - c.bounce_baseline_sent)
          >= coalesce(s.bounce_pause_threshold, 5)
        ELSE false END AS over_bounce_limit,
      s.complaint_pause_threshold, s.complaint_pause_min_delivered,
      CASE WHEN c.delivered_count - c.complaint_baseline_delivered >= coalesce(s.complaint_pause_min_delivered, ${COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT})
        THEN 100.0 * (c.complaint_count - c.complaint_baseline_complaints) / (c.delivered_count - c.complaint_baseline_delivered)
          >= coalesce(s.complaint_pause_threshold, ${COMPLAINT_PAUSE_THRESHOLD_DEFAULT})
        ELSE false END AS over_complaint_limit,
      EXISTS (
        SELECT 1 FROM email_send_batches b
        WHERE b.campaign_id = c.id AND b.completed_at IS NULL AND b.lease_until < clock_timestamp()
      ) AS has_orphan
    FROM email_campaigns c
    LEFT JOIN settings s ON true
    WHERE c.id = ${campaignId}`.execute(db);
  return rows[0] ?? null;
}

/**
 * Pauses a campaign whose bounce rate over the sends since its last resume passed the settings'
 * threshold after at least 200 of them; the reason is kept for the details page.
 */
async function autoPauseOnBounces(services: Pick<AppServices, 'db'>, campaignId: string, threshold: number) {
  const { rows } = await sql<{ sent: number; bounced: number }>`
    UPDATE email_campaigns
    SET status = 'paused', is_paused = true, paused_at = now(), updated_at = now(),
        pause_reason = format(
          'Paused automatically: %s%% of the last %s e-mails bounced, above the %s%% limit. Check the bounced addresses, then resume.',
          round(100.0 * (bounce_count - bounce_baseline_bounces) / (sent_count - bounce_baseline_sent), 1),
          sent_count - bounce_baseline_sent,
          ${threshold}::float8)
    WHERE id = ${campaignId} AND status = 'sending'
      AND sent_count - bounce_baseline_sent >= ${AUTO_PAUSE_MIN_SENDS}
      AND 100.0 * (bounce_count - bounce_baseline_bounces) / (sent_count - bounce_baseline_sent) > ${threshold}
    RETURNING sent_count AS sent, bounce_count AS bounced`.execute(services.db);
  if (rows.length === 0) return false;
  await notifyCampaignChanged(services.db, campaignId);
  return true;
}

/**
 * The complaint brake (decision 074): pauses a campaign whose complaint rate (complaints per
 * delivered e-mail, since its last resume) passed the settings' threshold after at least the
 * settings' number of deliveries. Gmail's bulk-sender rules judge the spam rate against delivered
 * mail, so delivered is the denominator here, where the bounce pause counts sends.
 */
async function autoPauseOnComplaints(
  services: Pick<AppServices, 'db'>,
  campaignId: string,
  threshold: number,
  minDelivered: number,
) {
  const { rows } = await sql<{ id: string }>`
    UPDATE email_campaigns
    SET status = 'paused', is_paused = true, paused_at = now(), updated_at = now(),
        pause_reason = format(
          'Paused automatically: %s of the last %s delivered e-mails were marked as spam (%s%%), above the %s%% limit. Check the campaign''s audience and content before resuming: mailbox providers block senders whose spam rate stays high.',
          complaint_count - complaint_baseline_complaints,
          delivered_count - complaint_baseline_delivered,
          round(100.0 * (complaint_count - complaint_baseline_complaints) / (delivered_count - complaint_baseline_delivered), 2),
          ${threshold}::float8)
    WHERE id = ${campaignId} AND status = 'sending'
      AND delivered_count - complaint_baseline_delivered >= ${minDelivered}
      AND 100.0 * (complaint_count - complaint_baseline_complaints) / (delivered_count - complaint_baseline_delivered) > ${threshold}
    RETURNING id`.execute(services.db);
  if (rows.length === 0) return false;
  await notifyCampaignChanged(services.db, campaignId);
  return true;
}

type DeliverOutcome = 'sent' | 'failed' | 'interrupted';

/**
 * Sends one claimed batch until the provider gives a definite answer. 429s wait for the shared
 * limiter (which honours retry-after); 5xx, network errors and time-outs retry with backoff under
 * the same idempotency key, so an attempt that did reach the provider is not delivered twice.
 */
async function deliverBatch(
  services: AppServices,
  message: ReturnType<typeof campaignMessages>,
  batch: ClaimedBatch,
  options: Required<Omit<EngineOptions, 'signal' | 'batchDelayMs' | 'random'>> &
    Pick<EngineOptions, 'signal'>,
  random: () => number,
): Promise<DeliverOutcome> {
  const messages = batch.recipients.map((r) => message(batch, r));
  const messageKeys = batch.recipients.map((r) => sendIdempotencyKey(batch.campaignId, r.sendId));
  // The heartbeat keeps the batch ours while we wait on the limiter, the provider or a backoff.
  const heartbeat = setInterval(() => {
    extendLease(services.db, batch.id, options.leaseMs).catch((error: unknown) =>
      services.logger.warn({ err: error, batchId: batch.id }, 'could not extend a batch lease'),
    );
  }, options.leaseMs / 3);
  let failures = 0;
  let waits = 0;
  let outcomeUnknown = batch.outcomeUnknown;
  try {
    for (;;) {
      if (options.signal?.aborted) return 'interrupted';
      const result = await services.email.sendBatch(messages, {
        idempotencyKey: batch.idempotencyKey,
        messageKeys,
        timeoutMs: options.requestTimeoutMs,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (result.ok) {
        const accepted = batch.recipients.map((r, i) => ({
          sendId: r.sendId,
          providerId: result.ids[i] ?? '',
        }));
        if (accepted.some((a) => !a.providerId))
          throw new Error('The provider answered without a message id');
        await services.db.transaction().execute(async (trx) => {
          await markBatchSent(trx, batch, accepted);
          // Provider events that raced this confirmation were stored unmatched: they apply now,
          // in the same transaction, so none is lost if the process dies right after.
          await applyStoredEventsFor(
            trx,
            accepted.map((a) => a.providerId),
          );
        });
        return 'sent';
      }
      const error: EmailFailure = result.error;
      if (options.signal?.aborted) {
        // Our own shutdown cut the request: its outcome is unknown; whoever takes the batch over
        // repeats it under the same key.
        await markOutcomeUnknown(services.db, batch.id);
        return 'interrupted';
      }
      if (error.kind === 'rate_limited' || (error.kind === 'idempotency_conflict' && error.retryable)) {
        // Not a failure of ours: the limiter (429) or the provider's first request (409) is
        // finishing. Bounded all the same, so a provider that never recovers fails the batch.
        waits += 1;
        if (waits <= 100) {
          // A paced transport already holds every sender back for a 429's retry-after.
          if (error.kind === 'idempotency_conflict' || !services.email.paced) {
            await sleep((error.retryAfterSeconds ?? 1) * 1000, options.signal);
          }
          continue;
        }
      } else if (error.retryable) {
        failures += 1;
        if (!outcomeUnknown) {
          outcomeUnknown = true;
          await markOutcomeUnknown(services.db, batch.id);
        }
        if (failures < options.maxAttempts) {
          await sleep(
            backoffMs(failures, options.backoffBaseMs, options.backoffMaxMs, random),
            options.signal,
          );
          continue;
        }
      }
      const reason = `${error.message} (${error.name}${error.statusCode ? `, HTTP ${error.statusCode}` : ''})`;
      services.logger.warn({ batchId: batch.id, campaignId: batch.campaignId, error }, 'batch failed');
      await failBatchSends(services.db, batch, reason);
      return 'failed';
    }
  } catch (error) {
    clearInterval(heartbeat);
    await releaseBatch(services.db, batch.id).catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}

/**
 * Sends a campaign batch by batch until it is finished, paused, cancelled, or this run's budget or
 * the process's shutdown hands it over. Safe to run in several processes at once and to repeat
 * after a crash: claims skip what others hold, and every batch keeps its key.
 */
export async function runCampaignSend(
  services: AppServices,
  campaignId: string,
  engineOptions: EngineOptions = {},
): Promise<RunOutcome> {
  const options = { ...defaults, ...engineOptions };
  const random = engineOptions.random ?? Math.random;
  const startedAt = Date.now();
  const campaign = await readCampaign(services, campaignId);
  if (!campaign) return 'not-found';
  const message = campaignMessages(services.config, campaign);
  for (;;) {
    const state = await readBatchState(services.db, campaignId);
    if (!state) return 'not-found';
    if (state.status === 'paused') return 'paused';
    if (state.status !== 'sending') return 'not-sending';
    if (options.signal?.aborted) return handOver(services, campaignId, 'stopped');
    if (Date.now() - startedAt > options.runBudgetMs) return handOver(services, campaignId, 'handed-over');

    const threshold = state.bounce_pause_threshold ?? 5;
    if (state.over_bounce_limit && (await autoPauseOnBounces(services, campaignId, threshold)))
      return 'auto-paused';
    if (
      state.over_complaint_limit &&
      (await autoPauseOnComplaints(
        services,
        campaignId,
        state.complaint_pause_threshold ?? COMPLAINT_PAUSE_THRESHOLD_DEFAULT,
        state.complaint_pause_min_delivered ?? COMPLAINT_PAUSE_MIN_DELIVERED_DEFAULT,
      ))
    )
      return 'auto-paused';

    const sender = senderFromSettings(state, services.config);
    const claim = await claimBatch(services.db, {
      campaignId,
      isTestMode: campaign.isTestMode,
      batchSize: state.batch_size ?? 50,
      leaseMs: options.leaseMs,
      sender: { from: sender.from, replyTo: sender.replyTo ?? null },
      orphans: state.has_orphan,
    });
    if (claim.kind === 'drained') {
      if (await awaitWinner(services, campaignId)) return 'waiting';
      await completeIfDone(services.db, campaignId);
      return 'completed';
    }
    if (claim.kind === 'wait') {
      // Another worker holds the last batches; if it dies, its lease runs out and we take over.
      await sleep(Math.min(claim.retryInMs, 1_000), options.signal);
      continue;
    }
    if (claim.kind === 'skipped') continue;
    const outcome = await deliverBatch(services, message, claim.batch, options, random);
    if (outcome === 'interrupted') return handOver(services, campaignId, 'stopped');
    await sleep(engineOptions.batchDelayMs ?? state.batch_delay_ms ?? 1_000, options.signal);
  }
}

/** Leaves the rest to a fresh job (same singleton key: at most one waits). */
async function handOver(
  services: Pick<AppServices, 'jobs'>,
  campaignId: string,
  outcome: 'handed-over' | 'stopped',
): Promise<RunOutcome> {
  await enqueueCampaignSend(services.jobs, campaignId, false);
  return outcome;
}
