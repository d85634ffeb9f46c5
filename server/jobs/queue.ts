import { PgBoss, type SendOptions } from 'pg-boss';
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

/** Queues must exist before send/work/schedule; creating an existing one changes nothing. */
export async function ensureQueues(boss: PgBoss): Promise<void> {
  const existing = new Set((await boss.getQueues()).map((q) => q.name));
  for (const name of jobNames) {
    if (!existing.has(name)) await boss.createQueue(name, jobDefinitions[name].queue);
  }
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
