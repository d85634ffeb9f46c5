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
} as const satisfies Record<string, { payload: z.ZodType; queue: Omit<Queue, 'name'> }>;

export type JobName = keyof typeof jobDefinitions;
export type JobPayload<N extends JobName> = z.infer<(typeof jobDefinitions)[N]['payload']>;
export const jobNames = Object.keys(jobDefinitions) as JobName[];
