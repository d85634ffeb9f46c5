import { validateCampaign } from '#shared/campaigns/rules.ts';
import type { CampaignFields } from '#shared/campaigns/schemas.ts';
import { sql } from 'kysely';
import { zonedWallTimeToUtc } from '#shared/time/zones.ts';
import { type DbExecutor, type DbTransaction, inTransaction } from '../db/database.ts';
import type { EmailCampaign } from '../db/types.ts';
import type { AppServices } from '../services.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { recipientCountFor } from './audience.ts';
import { contentValues, refusal, updateEditableCampaign } from './campaigns.ts';
import { RESEND_CUTOFF_MS } from './engine/batches.ts';
import { beginSending, enqueueCampaignSend } from './engine/start.ts';
import { CampaignError } from './errors.ts';
import { notifyCampaignChanged } from '../db/campaign-changed.ts';

// An admin action hands these functions its transaction (decision 030); alone they open their own.
type ActionServices = Pick<AppServices, 'jobs'> & { db: DbExecutor };

interface SaveTarget {
  id?: string | undefined;
  userId: string | null;
}

/**
 * The server's own check before anything is sent: the same rules as the form, on the HTML as the
 * admin wrote it (so a `<script>` is reported, not silently sanitised away), with the recipient
 * count taken now, inside the transaction that starts the send.
 */
async function checkSendable(trx: DbExecutor, fields: CampaignFields, target: SaveTarget): Promise<number> {
  const recipientCount = await recipientCountFor(trx, {
    ...fields,
    ...(await storedAudience(trx, target.id)),
  });
  const draft = {
    name: fields.name,
    subject: fields.subject,
    preheader: fields.preheader,
    html: fields.htmlContent,
    text: fields.textContent,
    recipientCount,
    variables: fields.variables,
    fromBlocks: fields.blocks !== null,
  };
  const { errors } = validateCampaign(draft);
  const messages = errors.map((e) => e.message);
  // Subject B must pass the subject's own rules (decision 037).
  const subjectB = fields.abTest?.subjectB;
  if (subjectB !== undefined) {
    for (const error of validateCampaign({ ...draft, subject: subjectB }).errors) {
      if (error.code.startsWith('subject_')) messages.push(`Subject B: ${error.message}`);
      else if (error.code === 'merge_tag_without_value' && !messages.includes(error.message))
        messages.push(error.message);
    }
  }
  if (messages.length > 0) throw new CampaignError('BAD_REQUEST', messages.join('. '));
  return recipientCount;
}

/** What the form does not carry but the stored draft does: whose non-openers it goes to. */
export async function storedAudience(
  db: DbExecutor,
  id: string | undefined,
): Promise<{ resendOfCampaignId: string | null }> {
  if (!id) return { resendOfCampaignId: null };
  const row = await db
    .selectFrom('email_campaigns')
    .select('resend_of_campaign_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return { resendOfCampaignId: row?.resend_of_campaign_id ?? null };
}

async function saveForSending(
  trx: DbTransaction,
  fields: CampaignFields,
  target: SaveTarget,
  values: Partial<Pick<EmailCampaign, 'status' | 'scheduled_at' | 'started_at' | 'total_recipients'>> & {
    status: 'sending' | 'scheduled';
  },
): Promise<EmailCampaign> {
  const row = { ...contentValues(fields), ...values, is_paused: false, pause_reason: null };
  if (target.id) return updateEditableCampaign(trx, target.id, row);
  return trx
    .insertInto('email_campaigns')
    .values({ ...row, created_by: target.userId })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Send Now: re-validates, saves the form with status sending, snapshots the audience and enqueues
 * `campaign.send`, all in one transaction: there is never a "sending" campaign without its
 * recipients or its job, nor a job for a campaign that did not save.
 */
export async function sendCampaignNow(
  services: ActionServices,
  fields: CampaignFields,
  target: SaveTarget,
): Promise<EmailCampaign> {
  return inTransaction(services.db, async (trx) => {
    const recipientCount = await checkSendable(trx, fields, target);
    const row = await saveForSending(trx, fields, target, {
      status: 'sending',
      started_at: new Date(),
      scheduled_at: null,
      total_recipients: recipientCount,
    });
    return beginSending(trx, services.jobs, row);
  });
}

/**
 * Schedule: the same checks as Send Now, then status scheduled with the instant the admin's
 * wall-clock time means in the settings timezone. The sending engine picks it up when it is due.
 */
export async function scheduleCampaign(
  services: ActionServices,
  fields: CampaignFields,
  target: SaveTarget & { scheduledAt: string },
  now = new Date(),
): Promise<{ row: EmailCampaign; timezone: string }> {
  return inTransaction(services.db, async (trx) => {
    const timezone = await getSettingsTimezone(trx);
    const when = zonedWallTimeToUtc(target.scheduledAt, timezone);
    if (!when) throw new CampaignError('BAD_REQUEST', 'Choose a valid date and time');
    if (when.getTime() <= now.getTime())
      throw new CampaignError('BAD_REQUEST', 'The scheduled time must be in the future');
    const recipientCount = await checkSendable(trx, fields, target);
    const row = await saveForSending(trx, fields, target, {
      status: 'scheduled',
      scheduled_at: when,
      total_recipients: recipientCount,
    });
    return { row, timezone };
  });
}

// Each action below is one UPDATE whose WHERE clause carries the allowed statuses, so two admins
// (or an admin and the engine) acting at once cannot take a campaign through a forbidden change.

/** sending → paused. */
export async function pauseCampaign(db: DbExecutor, id: string): Promise<EmailCampaign> {
  const now = new Date();
  const row = await db
    .updateTable('email_campaigns')
    .set({ is_paused: true, status: 'paused', paused_at: now, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .returningAll()
    .executeTakeFirst();
  if (row) {
    await notifyCampaignChanged(db, id);
    return row;
  }
  throw await refusal(
    db,
    id,
    (status) => `Only a sending campaign can be paused. This campaign is ${status}.`,
  );
}

/** paused → sending, and the engine continues in retry mode (recipients already sent are skipped). */
export async function resumeCampaign(services: ActionServices, id: string): Promise<EmailCampaign> {
  return inTransaction(services.db, async (trx) => {
    const row = await trx
      .updateTable('email_campaigns')
      .set((eb) => ({
        is_paused: false,
        status: 'sending',
        paused_at: null,
        pause_reason: null,
        bounce_baseline_sent: eb.ref('sent_count'),
        bounce_baseline_bounces: eb.ref('bounce_count'),
        complaint_baseline_delivered: eb.ref('delivered_count'),
        complaint_baseline_complaints: eb.ref('complaint_count'),
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .where('status', '=', 'paused')
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw await refusal(trx, id, (status) =>
        status === 'cancelled'
          ? 'A cancelled campaign cannot be resumed.'
          : `Only a paused campaign can be resumed. This campaign is ${status}.`,
      );
    }
    await requeueFailedSends(trx, row.id);
    await enqueueCampaignSend(services.jobs, row.id, true, trx);
    await notifyCampaignChanged(trx, row.id);
    return row;
  });
}

/**
 * Retry mode (docs/spec/admin.md §7 retry_mode): sends that failed go back to the queue; sent ones are never
 * touched, so a resume cannot mail anyone twice. A batch whose attempts ended without a definite
 * answer (time-out, 5xx) may have reached the provider: within its idempotency window it is
 * reopened as it was, so the retry repeats the same request under the same key instead of
 * forming a new one. failed_count drops by the rows brought back.
 */
async function requeueFailedSends(trx: DbTransaction, campaignId: string): Promise<number> {
  const result = await sql<{ requeued: number }>`
    WITH uncertain AS (
      UPDATE email_send_batches b
      SET completed_at = NULL, lease_until = clock_timestamp()
      WHERE b.campaign_id = ${campaignId} AND b.outcome_unknown AND b.completed_at IS NOT NULL
        AND b.first_claimed_at > clock_timestamp() - ${RESEND_CUTOFF_MS} * interval '1 millisecond'
        AND EXISTS (SELECT 1 FROM email_sends s WHERE s.batch_id = b.id AND s.status = 'failed'
                    AND s.provider_message_id IS NULL)
      RETURNING b.id
    ), requeued AS (
      UPDATE email_sends s
      SET status = CASE WHEN s.batch_id IN (SELECT id FROM uncertain) THEN 'sending' ELSE 'queued' END,
          batch_id = CASE WHEN s.batch_id IN (SELECT id FROM uncertain) THEN s.batch_id END,
          error = NULL, failed_at = NULL, updated_at = now()
      WHERE s.campaign_id = ${campaignId} AND s.status = 'failed' AND s.provider_message_id IS NULL
      RETURNING 1
    ), counted AS (
      UPDATE email_campaigns
      SET failed_count = greatest(0, failed_count - (SELECT count(*) FROM requeued))
      WHERE id = ${campaignId}
    )
    SELECT count(*)::int AS requeued FROM requeued`.execute(trx);
  return result.rows[0]?.requeued ?? 0;
}

/**
 * Retry failed (beyond the spec): a finished campaign (completed or failed) whose sends failed goes
 * back to sending and retries just those recipients. Failures reported by the provider after a
 * send was accepted (a provider id exists) are not retried: that message may have been delivered.
 */
export async function retryFailedSends(services: ActionServices, id: string): Promise<EmailCampaign> {
  return inTransaction(services.db, async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('email_campaigns')
      .set({ status: 'sending', completed_at: null, failure_reason: null, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['completed', 'failed'])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw await refusal(
        trx,
        id,
        (status) =>
          `Only a completed or failed campaign can retry its failed sends. This campaign is ${status}.`,
      );
    }
    const requeued = await requeueFailedSends(trx, id);
    const unfinished = await trx
      .selectFrom('email_sends')
      .select('id')
      .where('campaign_id', '=', id)
      // Held: an A/B test's remainder (decision 037), released once the winner is chosen.
      .where('status', 'in', ['held', 'queued', 'sending'])
      .limit(1)
      .executeTakeFirst();
    if (requeued === 0 && !unfinished)
      throw new CampaignError('BAD_REQUEST', 'There are no failed sends to retry.');
    await enqueueCampaignSend(services.jobs, id, true, trx);
    await notifyCampaignChanged(trx, id);
    return trx.selectFrom('email_campaigns').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  });
}

/** sending or paused → cancelled, for good: the recipients still queued will not be e-mailed. */
export async function cancelCampaign(db: DbExecutor, id: string): Promise<EmailCampaign> {
  return inTransaction(db, async (trx) => {
    const now = new Date();
    const row = await trx
      .updateTable('email_campaigns')
      .set({ is_paused: true, status: 'cancelled', cancelled_at: now, updated_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['sending', 'paused'])
      .returningAll()
      .executeTakeFirst();
    if (!row) {
      throw await refusal(
        trx,
        id,
        (status) => `Only a sending or paused campaign can be cancelled. This campaign is ${status}.`,
      );
    }
    // Held sends (an A/B test's remainder, decision 037) are cancelled with the queued ones.
    await trx
      .updateTable('email_sends')
      .set({ status: 'cancelled', updated_at: now })
      .where('campaign_id', '=', id)
      .where('status', 'in', ['queued', 'held'])
      .execute();
    await notifyCampaignChanged(trx, id);
    return row;
  });
}
