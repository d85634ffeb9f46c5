import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Database, DbExecutor } from '../db/database.ts';
import type { EmailFailure } from '../email/types.ts';
import type { AppServices } from '../services.ts';
import { sleep } from '../sleep.ts';
import { backoffMs } from '../campaigns/entry.ts';
import { applyFlowEvents } from '../email-events/entry.ts';
import { type FlowRecipient, type FlowTemplateContent, flowMessages } from './messages.ts';

/*
 * Flow marketing e-mail goes out the way campaign e-mail does (decisions 006, 019, 065): the step
 * row the engine wrote is the queued send; a worker claims queued rows into a batch (consent,
 * unsubscribe and suppression checked again in the claim), the batch fixes its members, sender,
 * template content and idempotency key, and it is sent through the Resend batch API at the shared
 * provider rate. The claimer holds the batch under a lease it heartbeats; a worker killed mid-batch
 * loses it and another re-sends the same request under the same key. A row becomes `sent` only with
 * the provider's message id, which lands on `automation_run_steps.provider_message_id`.
 */

/** Resend keeps idempotency keys for 24 hours; an unconfirmed batch is not re-sent after 23. */
const RESEND_CUTOFF_MS = 23 * 60 * 60 * 1000;

export interface FlowSendOptions {
  batchSize: number;
  leaseMs: number;
  sender: { from: string; replyTo: string | null };
  requestTimeoutMs?: number;
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  signal?: AbortSignal;
  random?: () => number;
}

export interface ClaimedFlowBatch {
  id: string;
  idempotencyKey: string;
  from: string;
  replyTo: string | null;
  content: Record<string, FlowTemplateContent>;
  attempts: number;
  outcomeUnknown: boolean;
}

/** Marks the step row the engine just wrote as a queued marketing send (inside the run's transaction). */
export async function queueFlowMarketingSend(trx: DbExecutor, runId: string, stepId: string): Promise<void> {
  await trx
    .updateTable('automation_run_steps')
    .set({ send_status: 'queued' })
    .where('run_id', '=', runId)
    .where('step_id', '=', stepId)
    .execute();
}

// Why a queued send may not go out now; the same order and wording as a campaign's claim.
const ineligible = sql<string | null>`CASE
  WHEN l.id IS NULL THEN 'The contact no longer exists'
  WHEN l.suppressed_at IS NOT NULL THEN 'Suppressed: ' || coalesce(l.suppression_reason, 'provider report')
  WHEN listed.reason IS NOT NULL THEN 'Suppressed: ' || listed.reason
  WHEN l.email_unsubscribed_at IS NOT NULL THEN 'Unsubscribed before this e-mail was sent'
  WHEN NOT l.email_marketing_consent THEN 'No e-mail marketing consent'
  WHEN t.id IS NULL THEN 'The marketing template no longer exists'
END`;

interface BatchRow {
  id: string;
  idempotency_key: string;
  from_address: string;
  reply_to: string | null;
  content: Record<string, FlowTemplateContent>;
  attempts: number;
  outcome_unknown: boolean;
  first_claimed_at: Date;
}

function toClaimed(row: BatchRow): ClaimedFlowBatch {
  return {
    id: row.id,
    idempotencyKey: row.idempotency_key,
    from: row.from_address,
    replyTo: row.reply_to,
    content: row.content,
    attempts: row.attempts,
    outcomeUnknown: row.outcome_unknown,
  };
}

/**
 * Claims the oldest queued flow sends into a batch, in one statement: rows of paused flows stay
 * queued (a paused flow holds its contacts), ineligible ones become `skipped` with the reason, and
 * the batch row gets its members' key (SHA-256 of the sorted run:step names) and the content of
 * every template they use, fixed now so a re-send is the same request.
 */
async function claimQueued(
  db: DbExecutor,
  options: FlowSendOptions,
): Promise<ClaimedFlowBatch | 'skipped' | null> {
  const batchId = randomUUID();
  const { rows } = await sql<BatchRow & { claimed: number }>`
    WITH picked AS (
      SELECT rs.run_id, rs.step_id FROM automation_run_steps rs
      JOIN automation_runs r ON r.id = rs.run_id
      JOIN automation_flows f ON f.id = r.flow_id
      WHERE rs.send_status = 'queued' AND f.state <> 'paused'
      ORDER BY rs.done_at
      LIMIT ${options.batchSize}
      FOR UPDATE OF rs SKIP LOCKED
    ), checked AS (
      SELECT p.run_id, p.step_id, t.id AS template_id, ${ineligible} AS reason
      FROM picked p
      JOIN automation_run_steps rs ON rs.run_id = p.run_id AND rs.step_id = p.step_id
      JOIN automation_runs r ON r.id = p.run_id
      LEFT JOIN leads l ON l.id = r.contact_id
      LEFT JOIN email_suppressions listed ON listed.email_hash = email_hash(l.email)
      LEFT JOIN email_templates t ON t.id::text = rs.detail AND t.template_type = 'marketing'
    ), claimed AS (
      UPDATE automation_run_steps rs
      SET send_status = CASE WHEN c.reason IS NULL THEN 'sending' ELSE 'skipped' END,
          batch_id = CASE WHEN c.reason IS NULL THEN ${batchId}::uuid END,
          error = c.reason
      FROM checked c
      WHERE rs.run_id = c.run_id AND rs.step_id = c.step_id
      RETURNING rs.run_id, rs.step_id, rs.send_status, c.template_id
    ), batch AS (
      INSERT INTO automation_send_batches (id, idempotency_key, from_address, reply_to, content, size, lease_until)
      SELECT ${batchId}::uuid,
        'flow-batch-' || translate(rtrim(encode(sha256(convert_to(
          string_agg(run_id::text || ':' || step_id, ',' ORDER BY run_id::text || ':' || step_id COLLATE "C"),
          'UTF8')), 'base64'), '='), '+/', '-_'),
        ${options.sender.from}, ${options.sender.replyTo},
        (SELECT jsonb_object_agg(t.id::text, jsonb_build_object(
            'subject', t.subject, 'preheader', t.preheader, 'html', t.html_content,
            'text', t.text_content, 'variables', t.variable_defaults))
          FROM email_templates t
          WHERE t.id IN (SELECT template_id FROM claimed WHERE send_status = 'sending')),
        count(*), clock_timestamp() + ${options.leaseMs} * interval '1 millisecond'
      FROM claimed WHERE send_status = 'sending'
      HAVING count(*) > 0
      RETURNING *
    )
    SELECT b.*, (SELECT count(*)::int FROM claimed) AS claimed FROM (SELECT 1) one LEFT JOIN batch b ON true`.execute(
    db,
  );
  const row = rows[0];
  if (!row || row.claimed === 0) return null;
  if (!row.id) return 'skipped';
  return toClaimed(row);
}

/** A batch whose holder stopped renewing its lease: re-sent as it was, or failed past the key's life. */
async function takeOverOrphan(db: Database, options: FlowSendOptions): Promise<ClaimedFlowBatch | null> {
  for (;;) {
    const { rows } = await sql<BatchRow>`
      UPDATE automation_send_batches
      SET lease_until = clock_timestamp() + ${options.leaseMs} * interval '1 millisecond', attempts = attempts + 1
      WHERE id = (
        SELECT id FROM automation_send_batches
        WHERE completed_at IS NULL AND lease_until < clock_timestamp()
        ORDER BY lease_until
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
      RETURNING *`.execute(db);
    const row = rows[0];
    if (!row) return null;
    if (Date.now() - row.first_claimed_at.getTime() > RESEND_CUTOFF_MS) {
      await failBatch(
        db,
        row.id,
        'Sending was interrupted and could not be confirmed within the provider’s 24-hour idempotency window.',
      );
      continue;
    }
    return toClaimed(row);
  }
}

/** Orphans first (their keys expire), then queued sends. */
export async function claimFlowBatch(
  db: Database,
  options: FlowSendOptions,
): Promise<ClaimedFlowBatch | 'skipped' | null> {
  return (await takeOverOrphan(db, options)) ?? claimQueued(db, options);
}

/**
 * The members still to send. A batch no request has left for yet (its first attempt, in the
 * process that claimed it) checks its members once more right before the request: whoever
 * unsubscribed or was suppressed since the claim is skipped, and the request simply leaves without
 * them, since no provider has seen this key. After any attempt the members are fixed.
 */
async function recipientsOf(
  db: DbExecutor,
  batch: ClaimedFlowBatch,
  recheck: boolean,
): Promise<FlowRecipient[]> {
  if (recheck) {
    await sql`
      UPDATE automation_run_steps rs
      SET send_status = 'skipped', error = c.reason
      FROM (
        SELECT rs2.run_id, rs2.step_id, ${ineligible} AS reason
        FROM automation_run_steps rs2
        JOIN automation_runs r ON r.id = rs2.run_id
        LEFT JOIN leads l ON l.id = r.contact_id
        LEFT JOIN email_suppressions listed ON listed.email_hash = email_hash(l.email)
        LEFT JOIN (SELECT jsonb_object_keys(${JSON.stringify(batch.content)}::jsonb) AS id) t ON t.id = rs2.detail
        WHERE rs2.batch_id = ${batch.id} AND rs2.send_status = 'sending'
      ) c
      WHERE rs.run_id = c.run_id AND rs.step_id = c.step_id AND c.reason IS NOT NULL`.execute(db);
  }
  const { rows } = await sql<{
    run_id: string;
    step_id: string;
    flow_id: string;
    contact_id: string;
    template_id: string;
    email: string;
    full_name: string | null;
  }>`
    SELECT rs.run_id, rs.step_id, r.flow_id, r.contact_id, rs.detail AS template_id, l.email, l.full_name
    FROM automation_run_steps rs
    JOIN automation_runs r ON r.id = rs.run_id
    JOIN leads l ON l.id = r.contact_id
    WHERE rs.batch_id = ${batch.id} AND rs.send_status = 'sending'
    ORDER BY rs.run_id, rs.step_id`.execute(db);
  return rows.map((r) => ({
    runId: r.run_id,
    stepId: r.step_id,
    flowId: r.flow_id,
    contactId: r.contact_id,
    templateId: r.template_id,
    email: r.email,
    name: r.full_name,
  }));
}

async function extendLease(db: DbExecutor, batchId: string, leaseMs: number): Promise<void> {
  await sql`
    UPDATE automation_send_batches SET lease_until = clock_timestamp() + ${leaseMs} * interval '1 millisecond'
    WHERE id = ${batchId} AND completed_at IS NULL`.execute(db);
}

async function markOutcomeUnknown(db: DbExecutor, batchId: string): Promise<void> {
  await sql`UPDATE automation_send_batches SET outcome_unknown = true WHERE id = ${batchId}`.execute(db);
}

async function closeBatch(db: DbExecutor, batchId: string): Promise<void> {
  await sql`UPDATE automation_send_batches SET completed_at = clock_timestamp() WHERE id = ${batchId}`.execute(
    db,
  );
}

async function failBatch(db: DbExecutor, batchId: string, reason: string): Promise<void> {
  await sql`
    WITH failed AS (
      UPDATE automation_run_steps SET send_status = 'failed', error = ${reason}
      WHERE batch_id = ${batchId} AND send_status = 'sending'
    )
    UPDATE automation_send_batches SET completed_at = clock_timestamp() WHERE id = ${batchId}`.execute(db);
}

/** The provider took the batch: each row gets its message id, in one statement with the batch's close. */
async function markSent(
  db: DbExecutor,
  batchId: string,
  accepted: ReadonlyArray<{ runId: string; stepId: string; providerId: string }>,
): Promise<number> {
  const { rows } = await sql<{ sent: number }>`
    WITH accepted AS (
      SELECT * FROM unnest(${accepted.map((a) => a.runId)}::uuid[], ${accepted.map((a) => a.stepId)}::text[],
        ${accepted.map((a) => a.providerId)}::text[]) AS a(run_id, step_id, provider_id)
    ), marked AS (
      UPDATE automation_run_steps rs
      SET send_status = 'sent', provider_message_id = a.provider_id, sent_at = clock_timestamp(), error = NULL
      FROM accepted a
      WHERE rs.run_id = a.run_id AND rs.step_id = a.step_id AND rs.batch_id = ${batchId}
        AND rs.send_status = 'sending'
      RETURNING 1
    ), closed AS (
      UPDATE automation_send_batches SET completed_at = clock_timestamp() WHERE id = ${batchId}
    )
    SELECT count(*)::int AS sent FROM marked`.execute(db);
  return rows[0]?.sent ?? 0;
}

export type FlowDeliverOutcome = 'sent' | 'failed' | 'interrupted' | 'empty';

/** Sends one claimed batch until the provider answers definitely (decision 006's retry rules). */
export async function deliverFlowBatch(
  services: Pick<AppServices, 'db' | 'config' | 'email' | 'logger'>,
  batch: ClaimedFlowBatch,
  options: FlowSendOptions,
): Promise<FlowDeliverOutcome> {
  const maxAttempts = options.maxAttempts ?? 6;
  const random = options.random ?? Math.random;
  const heartbeat = setInterval(() => {
    extendLease(services.db, batch.id, options.leaseMs).catch((error: unknown) =>
      services.logger.warn({ err: error, batchId: batch.id }, 'could not extend a flow batch lease'),
    );
  }, options.leaseMs / 3);
  try {
    const recipients = await recipientsOf(services.db, batch, batch.attempts === 1 && !batch.outcomeUnknown);
    if (recipients.length === 0) {
      await closeBatch(services.db, batch.id);
      return 'empty';
    }
    const build = flowMessages(services.config, batch.content, { from: batch.from, replyTo: batch.replyTo });
    const messages = recipients.map(build);
    const messageKeys = recipients.map((r) => `flow-step:${r.runId}:${r.stepId}`);
    let failures = 0;
    let waits = 0;
    let outcomeUnknown = batch.outcomeUnknown;
    for (;;) {
      if (options.signal?.aborted) return 'interrupted';
      const result = await services.email.sendBatch(messages, {
        idempotencyKey: batch.idempotencyKey,
        messageKeys,
        timeoutMs: options.requestTimeoutMs ?? 30_000,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (result.ok) {
        const accepted = recipients.map((r, i) => ({
          runId: r.runId,
          stepId: r.stepId,
          providerId: result.ids[i] ?? '',
        }));
        if (accepted.some((a) => !a.providerId))
          throw new Error('The provider answered without a message id');
        await services.db.transaction().execute(async (trx) => {
          await markSent(trx, batch.id, accepted);
          // Events that raced this confirmation were stored unmatched: they apply now, in the
          // same transaction, under the message-id lock (decision 065).
          await applyFlowEvents(
            trx,
            accepted.map((a) => a.providerId),
          );
        });
        return 'sent';
      }
      const error: EmailFailure = result.error;
      if (options.signal?.aborted) {
        await markOutcomeUnknown(services.db, batch.id);
        return 'interrupted';
      }
      if (error.kind === 'rate_limited' || (error.kind === 'idempotency_conflict' && error.retryable)) {
        waits += 1;
        if (waits <= 100) {
          if (error.kind === 'idempotency_conflict' || !services.email.paced)
            await sleep((error.retryAfterSeconds ?? 1) * 1000, options.signal);
          continue;
        }
      } else if (error.retryable) {
        failures += 1;
        if (!outcomeUnknown) {
          outcomeUnknown = true;
          await markOutcomeUnknown(services.db, batch.id);
        }
        if (failures < maxAttempts) {
          await sleep(
            backoffMs(failures, options.backoffBaseMs ?? 1_000, options.backoffMaxMs ?? 30_000, random),
            options.signal,
          );
          continue;
        }
      }
      const reason = `${error.message} (${error.name}${error.statusCode ? `, HTTP ${error.statusCode}` : ''})`;
      services.logger.warn({ batchId: batch.id, error }, 'flow batch failed');
      await failBatch(services.db, batch.id, reason);
      return 'failed';
    }
  } catch (error) {
    // Handed back at once; the request may have left, so only this exact one may follow.
    await sql`
      UPDATE automation_send_batches SET lease_until = clock_timestamp(), outcome_unknown = true
      WHERE id = ${batch.id} AND completed_at IS NULL`
      .execute(services.db)
      .catch(() => undefined);
    throw error;
  } finally {
    clearInterval(heartbeat);
  }
}
