import { PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { DbTransaction } from '../db/database.ts';
import { preparedBossDb } from '../db/prepared.ts';
import { type JobName, type JobPayload, jobDefinitions, jobNames } from './definitions.ts';

export const PGBOSS_SCHEMA = 'pgboss';

export interface CreateBossOptions {
  connectionString: string;
  /** pg-boss keeps its own pool; it adds to the application's connections. */
  max: number;
  /** Only a process that works jobs supervises queues and runs schedules; the server just enqueues. */
  role: 'server' | 'worker' | 'all';
  /** Seconds between checks for jobs whose worker died (missed heartbeats). */
  superviseIntervalSeconds?: number;
}

export function createBoss({
  connectionString,
  max,
  role,
  superviseIntervalSeconds,
}: CreateBossOptions): PgBoss {
  return new PgBoss({
    connectionString,
    schema: PGBOSS_SCHEMA,
    max,
    application_name: `watch-platform-${role}-jobs`,
    supervise: role !== 'server',
    // Missed heartbeats are found by the monitor pass, which runs at most as often as both timers.
    ...(superviseIntervalSeconds
      ? { superviseIntervalSeconds, monitorIntervalSeconds: superviseIntervalSeconds }
      : {}),
    schedule: role !== 'server',
  });
}

/** What ensureQueues found different in a queue made by an earlier release. */
export interface QueueDrift {
  name: JobName;
  /** Options set to the definition's values, as `option: old -> new`. */
  updated: string[];
  /** The queue's policy when it differs from the definition's: pg-boss cannot change it in place. */
  policy: { current: string; defined: string } | null;
}

type QueueOptions = Record<string, unknown>;

/**
 * Queues must exist before send/work/schedule. pg-boss keeps the options a queue was created with,
 * so a queue made by an earlier release also takes the definition's current ones (retries, expiry,
 * heartbeat...). Its policy cannot change in place (that would mean deleting the queue and its
 * jobs): a different policy is only reported. Returns what was out of date.
 */
export async function ensureQueues(boss: PgBoss): Promise<QueueDrift[]> {
  const existing = new Map((await boss.getQueues()).map((q) => [q.name, q]));
  const drifts: QueueDrift[] = [];
  for (const name of jobNames) {
    const defined: Omit<Queue, 'name'> = jobDefinitions[name].queue;
    const { policy = 'standard', partition: _partition, ...options } = defined;
    const current = existing.get(name);
    if (!current) {
      await boss.createQueue(name, jobDefinitions[name].queue);
      continue;
    }
    const currentOptions: QueueOptions = { ...current };
    const changed = Object.entries(options).filter(([option, value]) => currentOptions[option] !== value);
    // All of them: pg-boss checks the options it is given as a set (retryDelayMax needs retryBackoff).
    if (changed.length > 0) await boss.updateQueue(name, options);
    const currentPolicy = current.policy ?? 'standard';
    if (changed.length > 0 || currentPolicy !== policy)
      drifts.push({
        name,
        updated: changed.map(
          ([option, value]) => `${option}: ${String(currentOptions[option])} -> ${String(value)}`,
        ),
        policy: currentPolicy === policy ? null : { current: currentPolicy, defined: policy },
      });
  }
  return drifts;
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the write that caused it commits. */
  trx?: DbTransaction;
  singletonKey?: string;
  startAfter?: Date | number;
}

export interface JobQueue {
  send<N extends JobName>(name: N, payload: JobPayload<N>, options?: EnqueueOptions): Promise<string | null>;
}

export function createJobQueue(boss: PgBoss): JobQueue {
  return {
    async send(name, payload, options = {}) {
      // Parse at the producer too: a bad payload fails the request that made it, not a job later.
      const data = jobDefinitions[name].payload.parse(payload) as object;
      const sendOptions: SendOptions = {
        // In a transaction (the sell form's hot path), pg-boss's insert runs prepared: planning its
        // statement costs more than running it.
        ...(options.trx ? { db: preparedBossDb(options.trx) } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter !== undefined ? { startAfter: options.startAfter } : {}),
      };
      return boss.send(name, data, sendOptions);
    },
  };
}
