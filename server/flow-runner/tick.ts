import { DEFAULT_TIMEZONE } from '#shared/settings/schemas.ts';
import { senderFromSettings } from '../email/from-address.ts';
import type { AppServices } from '../services.ts';
import { sleep } from '../sleep.ts';
import { flowEffects } from './effects.ts';
import { advanceRun, brakeFlowsOnComplaints, dueRunIds } from '../automations/entry.ts';
import { claimFlowBatch, deliverFlowBatch } from './send.ts';

// The `automations.tick` job (decision 065): advances the runs that are due and sends the flow
// e-mail they queued, in turns, until nothing is due or queued or its time budget is spent. It runs
// every minute and at once whenever runs are entered (the worker LISTENs for `automation_runs_due`,
// due-listener.ts). Several ticks at once are safe: a run advances under its row lock (SKIP
// LOCKED) and a batch is its claimer's under a lease.

export interface TickOptions {
  /** Stop starting new work after this long; the next tick goes on. */
  budgetMs?: number;
  /** Runs advanced per turn before the sender gets a batch out. */
  advanceChunk?: number;
  /** Runs advanced side by side (connections used at once); a contact's runs share one lane. */
  lanes?: number;
  leaseMs?: number;
  /** Overrides the settings' delay between batches (tests, benchmarks). */
  batchDelayMs?: number;
  requestTimeoutMs?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
}

export interface TickResult {
  advanced: number;
  batches: number;
  /** Work was left when the budget ran out (a follow-up tick was queued). */
  more: boolean;
}

async function tickSettings(services: Pick<AppServices, 'db' | 'config'>) {
  const row = await services.db
    .selectFrom('settings')
    .select([
      'timezone',
      'weekly_marketing_cap',
      'batch_size',
      'batch_delay_ms',
      'from_name',
      'from_email',
      'reply_to_email',
    ])
    .executeTakeFirst();
  const sender = senderFromSettings(row, services.config);
  return {
    timeZone: row?.timezone ?? DEFAULT_TIMEZONE,
    weeklyMarketingCap: row?.weekly_marketing_cap ?? 3,
    // The campaigns' batching (decision 006): the same size and pause between batches.
    batchSize: Math.min(100, row?.batch_size ?? 50),
    batchDelayMs: row?.batch_delay_ms ?? 1_000,
    sender: { from: sender.from, replyTo: sender.replyTo ?? null },
  };
}

/** The due runs split into `count` lists, every run of a contact in the same one. */
async function lanesByContact(
  services: Pick<AppServices, 'db'>,
  runIds: readonly string[],
  count: number,
): Promise<string[][]> {
  if (runIds.length === 0) return [];
  const rows = await services.db
    .selectFrom('automation_runs')
    .select(['id', 'contact_id'])
    .where('id', 'in', runIds)
    .execute();
  const contactOf = new Map(rows.map((row) => [row.id, row.contact_id]));
  const lanes: string[][] = Array.from({ length: count }, () => []);
  for (const runId of runIds) {
    const contact = contactOf.get(runId) ?? runId;
    // The contact id's last hex digits pick the lane: stable, and even for random UUIDs.
    lanes[Number.parseInt(contact.slice(-4), 16) % count]!.push(runId);
  }
  return lanes.filter((lane) => lane.length > 0);
}

export async function runAutomationsTick(
  services: AppServices,
  options: TickOptions = {},
): Promise<TickResult> {
  const startedAt = Date.now();
  const budgetMs = options.budgetMs ?? 5 * 60_000;
  const chunk = options.advanceChunk ?? 200;
  const effects = flowEffects(services);
  let advanced = 0;
  let batches = 0;
  let lastBatchAt = 0;
  // The complaint brake (decision 074): a paused flow's runs are not due, so this comes first.
  await brakeFlowsOnComplaints(services.db, new Date());
  for (;;) {
    if (options.signal?.aborted) return { advanced, batches, more: true };
    if (Date.now() - startedAt > budgetMs) {
      // Sends and runs are left for a fresh job at once rather than the next minute's.
      await services.jobs.send('automations.tick', {});
      return { advanced, batches, more: true };
    }
    // Settings are read each turn: an admin's change applies to the next batch, as for campaigns.
    const settings = await tickSettings(services);
    // A run entered by the database's clock has microseconds; a Date has milliseconds. Rounded up,
    // so a run entered earlier in this millisecond is due now rather than a minute later.
    const now = new Date(Date.now() + 1);
    const due = await dueRunIds(services.db, now, chunk);
    let advancedThisTurn = 0;
    // Runs advance in a few lanes at once (each its own short transaction); all runs of one contact
    // share a lane, so two of their sends never read the weekly cap side by side.
    const lanes = await lanesByContact(services, due, options.lanes ?? 4);
    await Promise.all(
      lanes.map(async (lane) => {
        for (const runId of lane) {
          const outcome = await advanceRun(services.db, runId, effects, {
            now,
            timeZone: settings.timeZone,
            weeklyMarketingCap: settings.weeklyMarketingCap,
          });
          if (outcome !== 'busy') advancedThisTurn += 1;
        }
      }),
    );
    advanced += advancedThisTurn;
    const delay = options.batchDelayMs ?? settings.batchDelayMs;
    const sendOptions = {
      batchSize: settings.batchSize,
      leaseMs: options.leaseMs ?? 15_000,
      sender: settings.sender,
      ...(options.requestTimeoutMs !== undefined ? { requestTimeoutMs: options.requestTimeoutMs } : {}),
      ...(options.backoffBaseMs !== undefined ? { backoffBaseMs: options.backoffBaseMs } : {}),
      ...(options.backoffMaxMs !== undefined ? { backoffMaxMs: options.backoffMaxMs } : {}),
      ...(options.maxAttempts !== undefined ? { maxAttempts: options.maxAttempts } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    };
    // One batch per turn while runs are still due, so the first e-mails leave while 100,000 runs
    // are still being advanced; every batch once nothing is due.
    let sentThisTurn = 0;
    for (;;) {
      const batch = await claimFlowBatch(services.db, sendOptions);
      if (batch === null) break;
      if (batch === 'skipped') continue;
      const wait = lastBatchAt + delay - Date.now();
      if (wait > 0) await sleep(wait, options.signal);
      const outcome = await deliverFlowBatch(services, batch, sendOptions);
      lastBatchAt = Date.now();
      if (outcome === 'interrupted') return { advanced, batches, more: true };
      batches += 1;
      sentThisTurn += 1;
      if (due.length === chunk || Date.now() - startedAt > budgetMs) break;
    }
    // Nothing left, or only runs another tick holds: that tick finishes them.
    if (sentThisTurn === 0 && (due.length < chunk || advancedThisTurn === 0))
      return { advanced, batches, more: false };
  }
}
