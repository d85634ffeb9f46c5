import type { Queue } from 'pg-boss';
import { z } from 'zod';
import { emailMessageSchema } from '../email/types.ts';

/**
 * Jobs are data: each has a name, a payload schema and its queue's options. The server enqueues
 * against these definitions and the worker (worker/registry.ts) attaches one handler to each.
 */
export const jobDefinitions = {
  'email.send': {
    payload: z.object({
      message: emailMessageSchema,
      /** Forwarded to the provider so a retried job never sends twice. */
      idempotencyKey: z.string().min(1).max(256),
    }),
    queue: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /**
   * Sends (or, with retryMode after a resume, continues sending) one campaign. Enqueued by Send Now
   * and Resume in the same transaction as the status change; the handler must be idempotent.
   */
  'campaign.send': {
    payload: z.object({ campaignId: z.uuid(), retryMode: z.boolean() }),
    queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 3600 },
  },
  /**
   * Queues the business's and the seller's e-mails about one enquiry. Enqueued in the enquiry's own
   * transaction with a tiny payload, so the public request stays cheap; the e-mails carry idempotency
   * keys derived from the enquiry, so a retry never sends twice.
   */
  'enquiry.notify': {
    payload: z.object({ enquiryId: z.uuid() }),
    queue: { retryLimit: 8, retryDelay: 5, retryBackoff: true, retryDelayMax: 600, expireInSeconds: 120 },
  },
  /** Deletes seller photos never attached to an enquiry within 24 hours. */
  'uploads.cleanup': {
    payload: z.object({}),
    // singleton: a run still going when the next one comes due is not doubled.
    queue: { policy: 'singleton', retryLimit: 2, retryDelay: 60, expireInSeconds: 600 },
    schedule: { cron: '17 * * * *' },
  },
  /** Folds the trigger-kept count deltas (server/stats/stat-deltas.ts) so reading them stays cheap. */
  'stats.compact': {
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 1, retryDelay: 30, expireInSeconds: 120 },
    schedule: { cron: '* * * * *' },
  },
} as const satisfies Record<string, JobDefinition>;

interface JobDefinition {
  payload: z.ZodType;
  queue: Omit<Queue, 'name'>;
  /** Worker processes register this cron (UTC) with pg-boss; it sends an empty payload ({}). */
  schedule?: { cron: string };
}

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const jobNames = Object.keys(jobDefinitions) as JobName[];

/** The jobs a worker schedules, with their cron expressions. */
export const scheduledJobs: Array<{ name: JobName; cron: string }> = jobNames.flatMap((name) => {
  const definition: JobDefinition = jobDefinitions[name];
  return definition.schedule ? [{ name, cron: definition.schedule.cron }] : [];
});
