import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AbVariant } from '#shared/campaigns/ab-test.ts';
import type { Database, DbExecutor, DbTransaction } from '../../db/database.ts';
import { CAMPAIGN_CHANGED_CHANNEL, notifyCampaignChanged } from '../../db/campaign-changed.ts';

/*
 * The exactly-once core (decision 006). A send moves queued → sending (claimed into a batch)
 * → sent (only with the provider's id), or → skipped / failed / cancelled. A batch's membership
 * and request are fixed when it is claimed, so whoever finishes it (the worker that claimed it, or
 * another one after the first died) sends the same request under the same idempotency key.
 */

/** Resend keeps idempotency keys for 24 hours; past that a re-send could deliver twice. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** We stop re-sending an unconfirmed batch an hour before the provider forgets its key. */
export const RESEND_CUTOFF_MS = IDEMPOTENCY_WINDOW_MS - 60 * 60 * 1000;

export interface BatchRecipient {
  sendId: string;
  contactId: string | null;
  email: string;
  name: string | null;
  /** The A/B test's subject for this send (decision 037); null outside a test. */
  variant?: AbVariant | null;
}

export interface ClaimedBatch {
  id: string;
  campaignId: string;
  idempotencyKey: string;
  from: string;
  replyTo: string | null;
  recipients: BatchRecipient[];
  /** 1 for a fresh claim; more when a batch is taken over or retried. */
  attempts: number;
  /** A previous attempt may have reached the provider. */
  outcomeUnknown: boolean;
}

export type ClaimResult =
  | { kind: 'batch'; batch: ClaimedBatch }
  /** Every claimed row was ineligible and is now skipped: progress, nothing to send. */
  | { kind: 'skipped' }
  /** Nothing claimable now, but another worker holds a batch until `retryInMs` from now. */
  | { kind: 'wait'; retryInMs: number }
  /** No queued rows and no open batches: the campaign is finished. */
  | { kind: 'drained' };

export interface ClaimOptions {
  campaignId: string;
  isTestMode: boolean;
  batchSize: number;
  leaseMs: number;
  sender: { from: string; replyTo: string | null };
  /**
   * false: the caller has just checked that no batch is orphaned (the per-batch state query does),
   * so queued sends are claimed first and orphans only looked for when none are left.
   */
  orphans?: boolean;
}

/** Per message, for transports that dedupe message by message (decision 006). */
export function sendIdempotencyKey(campaignId: string, sendId: string): string {
  return `campaign-${campaignId}-send-${sendId}`;
}

interface BatchRow {
  id: string;
  campaign_id: string;
  idempotency_key: string;
  from_address: string;
  reply_to: string | null;
  attempts: number;
  outcome_unknown: boolean;
  first_claimed_at: Date;
}

async function recipientsOf(trx: DbExecutor, batchId: string): Promise<BatchRecipient[]> {
  const rows = await trx
    .selectFrom('email_sends')
    .select(['id', 'lead_id', 'recipient_email', 'recipient_name', 'variant'])
    .where('batch_id', '=', batchId)
    .where('status', '=', 'sending')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    sendId: r.id,
    contactId: r.lead_id,
    email: r.recipient_email,
    name: r.recipient_name,
    variant: r.variant,
  }));
}

function toClaimed(row: BatchRow, recipients: BatchRecipient[]): ClaimedBatch {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    idempotencyKey: row.idempotency_key,
    from: row.from_address,
    replyTo: row.reply_to,
    recipients,
    attempts: row.attempts,
    outcomeUnknown: row.outcome_unknown,
  };
}

/**
 * Takes over a batch whose holder stopped extending its lease (killed, hung, lost its connection).
 * Within the provider's idempotency window it is re-sent as it was; past it, its sends are failed
 * for a person to decide, because re-sending could mail them twice.
 */
async function takeOverOrphan(trx: DbTransaction, options: ClaimOptions): Promise<ClaimedBatch | null> {
  for (;;) {
    const { rows } = await sql<BatchRow>`
      UPDATE email_send_batches
      SET lease_until = clock_timestamp() + ${options.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      WHERE id = (
        SELECT id FROM email_send_batches
        WHERE campaign_id = ${options.campaignId} AND completed_at IS NULL AND lease_until < clock_timestamp()
        ORDER BY created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING id, campaign_id, idempotency_key, from_address, reply_to, attempts, outcome_unknown,
                first_claimed_at`.execute(trx);
    const row = rows[0];
    if (!row) return null;
    const recipients = await recipientsOf(trx, row.id);
    if (recipients.length === 0) {
      await closeBatch(trx, row.id);
      continue;
    }
    if (Date.now() - row.first_claimed_at.getTime() > RESEND_CUTOFF_MS) {
      await failBatchSends(
        trx,
        { id: row.id, campaignId: row.campaign_id },
        'Sending was interrupted and could not be confirmed within the provider’s 24-hour idempotency window. ' +
          'The message may or may not have been delivered; retry only if you accept a possible duplicate.',
      );
      continue;
    }
    return toClaimed(row, recipients);
  }
}

/**
 * Claims the next batch of queued sends. Consent, unsubscribe and suppression are checked again
 * here: whoever opted out since the audience snapshot is skipped, not e-mailed.
 *
 * One statement, so one round trip and one commit per batch: the campaign lock, the claim, the
 * batch row with its key, the skipped counter and the live notification are atomic without an
 * explicit transaction, and a crash can never leave rows `sending` under a batch that was not
 * recorded. The batch's idempotency key is derived from its members, here and only here (SHA-256
 * of the sorted send ids joined by commas, base64url), so the same members always carry the same
 * key; whoever finishes the batch reads it from the batch row.
 */
async function claimQueued(
  db: DbExecutor,
  options: ClaimOptions,
): Promise<ClaimedBatch | 'all-skipped' | null> {
  const batchId = randomUUID();
  const campaignId = options.campaignId;
  // Test mode may reach addresses that are not contacts; a contact's opt-out still counts there,
  // and the suppression list (decision 034) counts for every address, contact or not: a listed
  // address that is no contact (an erased one is only a hash) is skipped like any other refusal.
  const { rows } = await sql<{
    id: string;
    status: 'sending' | 'skipped';
    lead_id: string | null;
    recipient_email: string;
    recipient_name: string | null;
    variant: AbVariant | null;
    idempotency_key: string | null;
  }>`
    WITH campaign AS (
      -- The campaign row first, then sends: Cancel's order (see claimOrphan). The skipped
      -- counter below would otherwise wait on a Cancel that waits on these sends.
      SELECT id FROM email_campaigns WHERE id = ${campaignId} FOR NO KEY UPDATE
    ), picked AS (
      SELECT id, lead_id, recipient_email FROM email_sends
      WHERE campaign_id = ${campaignId} AND status = 'queued' AND EXISTS (SELECT 1 FROM campaign)
      LIMIT ${options.batchSize}
      FOR UPDATE SKIP LOCKED
    ), checked AS (
      SELECT p.id,
        CASE
          WHEN l.id IS NULL AND NOT ${options.isTestMode} THEN 'The contact no longer exists'
          WHEN l.suppressed_at IS NOT NULL THEN 'Suppressed: ' || coalesce(l.suppression_reason, 'provider report')
          WHEN listed.reason IS NOT NULL THEN 'Suppressed: ' || listed.reason
          WHEN l.email_unsubscribed_at IS NOT NULL THEN 'Unsubscribed before this e-mail was sent'
          WHEN l.id IS NOT NULL AND NOT l.email_marketing_consent AND NOT ${options.isTestMode}
            THEN 'No e-mail marketing consent'
        END AS reason
      FROM picked p
      LEFT JOIN leads l ON l.id = p.lead_id
      LEFT JOIN email_suppressions listed ON listed.email_hash = email_hash(p.recipient_email)
    ), claimed AS (
      UPDATE email_sends s
      SET status = CASE WHEN c.reason IS NULL THEN 'sending' ELSE 'skipped' END,
          batch_id = CASE WHEN c.reason IS NULL THEN ${batchId}::uuid END,
          claimed_at = clock_timestamp(),
          attempts = s.attempts + CASE WHEN c.reason IS NULL THEN 1 ELSE 0 END,
          error = c.reason,
          updated_at = clock_timestamp()
      FROM checked c
      WHERE s.id = c.id
      RETURNING s.id, s.status, s.lead_id, s.recipient_email, s.recipient_name, s.variant
    ), batch AS (
      INSERT INTO email_send_batches
        (id, campaign_id, idempotency_key, from_address, reply_to, size, attempts, lease_until)
      SELECT ${batchId}::uuid, ${campaignId}::uuid,
        'campaign-' || ${campaignId}::text || '-batch-' || translate(rtrim(encode(sha256(convert_to(
          string_agg(id::text, ',' ORDER BY id::text COLLATE "C"), 'UTF8')), 'base64'), '='), '+/', '-_'),
        ${options.sender.from}, ${options.sender.replyTo}, count(*), 1,
        clock_timestamp() + ${options.leaseMs} * interval '1 millisecond'
      FROM claimed WHERE status = 'sending'
      HAVING count(*) > 0
      RETURNING idempotency_key
    ), skipped AS (
      UPDATE email_campaigns c
      SET skipped_count = c.skipped_count + k.n, updated_at = now()
      FROM (SELECT count(*) AS n FROM claimed WHERE status = 'skipped') k
      WHERE c.id = ${campaignId} AND k.n > 0
    )
    -- An uncorrelated subquery runs once, and only when a row comes back: one notification per claim.
    SELECT c.id, c.status, c.lead_id, c.recipient_email, c.recipient_name, c.variant,
      (SELECT idempotency_key FROM batch) AS idempotency_key,
      (SELECT pg_notify(${CAMPAIGN_CHANGED_CHANNEL}, ${campaignId})) IS NOT NULL AS notified
    FROM claimed c`.execute(db);
  if (rows.length === 0) return null;

  const recipients = rows
    .filter((r) => r.status === 'sending')
    .map((r) => ({
      sendId: r.id,
      contactId: r.lead_id,
      email: r.recipient_email,
      name: r.recipient_name,
      variant: r.variant,
    }))
    .sort((a, b) => (a.sendId < b.sendId ? -1 : 1));
  const key = rows[0]?.idempotency_key;
  if (recipients.length === 0 || !key) return 'all-skipped';
  return {
    id: batchId,
    campaignId,
    idempotencyKey: key,
    from: options.sender.from,
    replyTo: options.sender.replyTo,
    recipients,
    attempts: 1,
    outcomeUnknown: false,
  };
}

/** An orphan taken over (or closed, or failed past the window) in one transaction. */
async function claimOrphan(db: Database, options: ClaimOptions): Promise<ClaimedBatch | null> {
  return db.transaction().execute(async (trx) => {
    // Campaign row first, then sends: the order Cancel uses (it cancels the queued sends after
    // changing the campaign), so a claim and a cancel queue up instead of deadlocking.
    await sql`SELECT id FROM email_campaigns WHERE id = ${options.campaignId} FOR NO KEY UPDATE`.execute(trx);
    const orphan = await takeOverOrphan(trx, options);
    if (orphan) await notifyCampaignChanged(trx, options.campaignId);
    return orphan;
  });
}

export async function claimBatch(db: Database, options: ClaimOptions): Promise<ClaimResult> {
  // Orphans first, as a batch left by a dead worker must be finished before its key expires. A
  // caller that has just seen there is none (`orphans: false`) saves the round trip; if nothing is
  // queued, they are looked for all the same before waiting or declaring the campaign drained.
  const orphansFirst = options.orphans ?? true;
  if (orphansFirst) {
    const orphan = await claimOrphan(db, options);
    if (orphan) return { kind: 'batch', batch: orphan };
  }
  const batch = await claimQueued(db, options);
  if (batch) return batch === 'all-skipped' ? { kind: 'skipped' } : { kind: 'batch', batch };
  if (!orphansFirst) {
    const orphan = await claimOrphan(db, options);
    if (orphan) return { kind: 'batch', batch: orphan };
  }
  const open = await db
    .selectFrom('email_send_batches')
    .select(sql<number>`extract(epoch FROM (min(lease_until) - clock_timestamp())) * 1000`.as('wait_ms'))
    .where('campaign_id', '=', options.campaignId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  const waitMs = open?.wait_ms;
  if (waitMs !== null && waitMs !== undefined)
    return { kind: 'wait', retryInMs: Math.max(50, Number(waitMs)) };
  return { kind: 'drained' };
}

/** The holder is still working on it: nobody takes it over meanwhile. */
export async function extendLease(db: DbExecutor, batchId: string, leaseMs: number): Promise<void> {
  await sql`
    UPDATE email_send_batches SET lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    WHERE id = ${batchId} AND completed_at IS NULL`.execute(db);
}

/** An attempt ended without a definite answer: from now on only this exact request may be repeated. */
export async function markOutcomeUnknown(db: DbExecutor, batchId: string): Promise<void> {
  await sql`UPDATE email_send_batches SET outcome_unknown = true WHERE id = ${batchId}`.execute(db);
}

/**
 * The holder hit an unexpected error: the batch is handed back at once (no lease to wait out) and,
 * since the error may have come after the request left, only this exact request may follow.
 */
export async function releaseBatch(db: DbExecutor, batchId: string): Promise<void> {
  await sql`
    UPDATE email_send_batches SET lease_until = clock_timestamp(), outcome_unknown = true
    WHERE id = ${batchId} AND completed_at IS NULL`.execute(db);
}

async function closeBatch(trx: DbExecutor, batchId: string): Promise<void> {
  await sql`UPDATE email_send_batches SET completed_at = clock_timestamp() WHERE id = ${batchId}`.execute(
    trx,
  );
}

/**
 * The provider accepted the batch: each send becomes `sent` with its message id, and the campaign's
 * counters move in the same statement. Only rows still `sending` in this batch change, so a second
 * worker confirming the same batch (same ids, thanks to the key) counts nothing twice.
 */
export async function markBatchSent(
  db: DbExecutor,
  batch: Pick<ClaimedBatch, 'id' | 'campaignId'>,
  accepted: ReadonlyArray<{ sendId: string; providerId: string }>,
): Promise<number> {
  // One statement (atomic on its own, one commit): the sends, the counters, the batch's closing
  // and the live notification, which PostgreSQL delivers only when the statement commits.
  const { rows } = await sql<{ sent: number }>`
    WITH accepted AS (
      SELECT * FROM unnest(${accepted.map((a) => a.sendId)}::uuid[], ${accepted.map((a) => a.providerId)}::text[])
        AS a(send_id, provider_id)
    ), marked AS (
      UPDATE email_sends s
      SET status = 'sent', provider_message_id = a.provider_id, sent_at = clock_timestamp(),
          error = NULL, updated_at = clock_timestamp()
      FROM accepted a
      WHERE s.id = a.send_id AND s.batch_id = ${batch.id} AND s.status = 'sending'
      RETURNING 1
    ), counted AS (
      UPDATE email_campaigns c
      SET sent_count = c.sent_count + (SELECT count(*) FROM marked),
          bounce_rate = CASE WHEN c.sent_count + (SELECT count(*) FROM marked) > 0
            THEN 100.0 * c.bounce_count / (c.sent_count + (SELECT count(*) FROM marked)) END,
          updated_at = now()
      WHERE c.id = ${batch.campaignId} AND (SELECT count(*) FROM marked) > 0
    ), closed AS (
      UPDATE email_send_batches SET completed_at = clock_timestamp() WHERE id = ${batch.id}
    )
    SELECT count(*)::int AS sent, (SELECT pg_notify(${CAMPAIGN_CHANGED_CHANNEL}, ${batch.campaignId})) IS NOT NULL AS notified
    FROM marked`.execute(db);
  return rows[0]?.sent ?? 0;
}

/** Gives up on a batch: its sends become `failed` with the reason, for a person to retry. */
export async function failBatchSends(
  trx: DbExecutor,
  batch: { id: string; campaignId: string },
  reason: string,
): Promise<number> {
  const { rows } = await sql<{ failed: number }>`
    WITH failed AS (
      UPDATE email_sends
      SET status = 'failed', error = ${reason}, failed_at = clock_timestamp(), updated_at = clock_timestamp()
      WHERE batch_id = ${batch.id} AND status = 'sending'
      RETURNING 1
    ), counted AS (
      UPDATE email_campaigns SET failed_count = failed_count + (SELECT count(*) FROM failed), updated_at = now()
      WHERE id = ${batch.campaignId} AND (SELECT count(*) FROM failed) > 0
    ), closed AS (
      UPDATE email_send_batches SET completed_at = clock_timestamp() WHERE id = ${batch.id}
    )
    SELECT count(*)::int AS failed FROM failed`.execute(trx);
  await notifyCampaignChanged(trx, batch.campaignId);
  return rows[0]?.failed ?? 0;
}

/**
 * sending → completed once no send is queued or in flight. Conditional on the status, so a pause
 * or cancel that won the race stands.
 */
export async function completeIfDone(db: DbExecutor, campaignId: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    UPDATE email_campaigns
    SET status = 'completed', completed_at = now(), is_paused = false, updated_at = now()
    WHERE id = ${campaignId} AND status = 'sending'
      AND NOT EXISTS (
        SELECT 1 FROM email_sends WHERE campaign_id = ${campaignId} AND status IN ('held', 'queued', 'sending'))
    RETURNING id`.execute(db);
  if (rows.length > 0) await notifyCampaignChanged(db, campaignId);
  return rows.length > 0;
}
