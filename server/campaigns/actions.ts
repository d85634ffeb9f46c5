import { validateCampaign } from '#shared/campaigns/rules.ts';
import { zonedWallTimeToUtc } from '#shared/campaigns/schedule.ts';
import type { CampaignFields } from '#shared/campaigns/schemas.ts';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import type { EmailCampaign } from '../db/schema.ts';
import type { AppServices } from '../services.ts';
import { recipientCountFor } from './audience.ts';
import { contentValues, refusal, updateEditableCampaign } from './campaigns.ts';
import { CampaignError } from './errors.ts';

type ActionServices = Pick<AppServices, 'db' | 'jobs'>;

interface SaveTarget {
  id?: string | undefined;
  userId: string | null;
}

/**
 * The server's own check before anything is sent: the same rules as the form, on the HTML as the
 * admin wrote it (so a `<script>` is reported, not silently sanitised away), with the recipient
 * count taken now, inside the transaction that starts the send.
 */
async function checkSendable(trx: DbExecutor, fields: CampaignFields): Promise<number> {
  const recipientCount = await recipientCountFor(trx, fields);
  const { errors } = validateCampaign({
    name: fields.name,
    subject: fields.subject,
    html: fields.html_content,
    recipientCount,
  });
  if (errors.length > 0) throw new CampaignError('BAD_REQUEST', errors.map((e) => e.message).join('. '));
  return recipientCount;
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
 * Send Now: re-validates, saves the form with status sending and enqueues `campaign.send`, all in
 * one transaction: there is never a "sending" campaign without its job, nor a job for a campaign
 * that did not save.
 */
export async function sendCampaignNow(
  services: ActionServices,
  fields: CampaignFields,
  target: SaveTarget,
): Promise<EmailCampaign> {
  return services.db.transaction().execute(async (trx) => {
    const recipientCount = await checkSendable(trx, fields);
    const row = await saveForSending(trx, fields, target, {
      status: 'sending',
      started_at: new Date(),
      scheduled_at: null,
      total_recipients: recipientCount,
    });
    await services.jobs.send('campaign.send', { campaignId: row.id, retryMode: false }, { trx });
    return row;
  });
}

export async function settingsTimezone(db: DbExecutor): Promise<string> {
  const row = await db.selectFrom('settings').select('timezone').executeTakeFirst();
  return row?.timezone ?? 'Australia/Sydney';
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
  return services.db.transaction().execute(async (trx) => {
    const timezone = await settingsTimezone(trx);
    const when = zonedWallTimeToUtc(target.scheduledAt, timezone);
    if (!when) throw new CampaignError('BAD_REQUEST', 'Choose a valid date and time');
    if (when.getTime() <= now.getTime())
      throw new CampaignError('BAD_REQUEST', 'The scheduled time must be in the future');
    const recipientCount = await checkSendable(trx, fields);
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
  if (row) return row;
  throw await refusal(
    db,
    id,
    (status) => `Only a sending campaign can be paused. This campaign is ${status}.`,
  );
}

/** paused → sending, and the engine continues in retry mode (recipients already sent are skipped). */
export async function resumeCampaign(services: ActionServices, id: string): Promise<EmailCampaign> {
  return services.db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('email_campaigns')
      .set({
        is_paused: false,
        status: 'sending',
        paused_at: null,
        pause_reason: null,
        updated_at: new Date(),
      })
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
    await services.jobs.send('campaign.send', { campaignId: row.id, retryMode: true }, { trx });
    return row;
  });
}

/** sending or paused → cancelled, for good: the recipients still queued will not be e-mailed. */
export async function cancelCampaign(db: Database, id: string): Promise<EmailCampaign> {
  return db.transaction().execute(async (trx) => {
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
    await trx
      .updateTable('email_sends')
      .set({ status: 'cancelled', updated_at: now })
      .where('campaign_id', '=', id)
      .where('status', '=', 'queued')
      .execute();
    return row;
  });
}
