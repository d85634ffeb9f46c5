import type { PgBoss } from 'pg-boss';
import { type JobName, jobDefinitions, jobNames, scheduledJobs } from '#server/jobs/definitions.ts';
import { listenForDueRuns } from '#server/flow-runner/due-listener.ts';
import type { AppServices } from '#server/services.ts';
import { jobHandlers } from './registry.ts';

export interface WorkerOptions {
  /** Jobs of one queue processed at once by this process. */
  concurrency: number;
  pollingIntervalSeconds?: number;
  /**
   * LISTEN here for new automation runs and queue `automations.tick` at once (decision 065);
   * without it, new runs wait for the every-minute schedule.
   */
  databaseUrl?: string;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

async function runJob<N extends JobName>(
  services: AppServices,
  name: N,
  job: { id: string; data: unknown; retryCount: number; signal: AbortSignal },
  shutdown: AbortSignal,
): Promise<unknown> {
  // Payloads are parsed before any handler runs: a malformed job fails without side effects.
  const payload = jobDefinitions[name].payload.parse(job.data);
  const handler = jobHandlers[name] as (
    services: AppServices,
    payload: unknown,
    ctx: { jobId: string; retryCount: number; signal: AbortSignal },
  ) => Promise<unknown>;
  // Long handlers (campaign sending) stop at their next safe point when the process shuts down.
  const signal = AbortSignal.any([job.signal, shutdown]);
  return handler(services, payload, { jobId: job.id, retryCount: job.retryCount, signal });
}

/** Attaches every registered handler to its queue. Queues were created by ensureQueues at start. */
export async function startWorker(
  boss: PgBoss,
  services: AppServices,
  options: WorkerOptions,
): Promise<RunningWorker> {
  const started: Array<{ name: JobName; id: string }> = [];
  const shutdown = new AbortController();
  for (const name of jobNames) {
    const id = await boss.work(
      name,
      {
        batchSize: 1,
        localConcurrency: options.concurrency,
        pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1,
      },
      async (jobs) => {
        const results: unknown[] = [];
        for (const job of jobs) {
          try {
            results.push(await runJob(services, name, job, shutdown.signal));
          } catch (error) {
            // The job is retried as usual; an outage is logged once by the watch (decision 075).
            if (services.connectionWatch?.report(error, `job ${name}`)) throw error;
            services.logger.error(
              { err: error, job: name, jobId: job.id, retry: job.retryCount },
              'job failed',
            );
            throw error;
          }
        }
        return results;
      },
    );
    started.push({ name, id });
  }
  // Schedules live in the database (an upsert per name), so every worker may register them at start;
  // pg-boss's clock sends each occurrence once however many workers run.
  for (const { name, cron } of scheduledJobs) await boss.schedule(name, cron, {}, { tz: 'UTC' });
  const dueListener = options.databaseUrl
    ? listenForDueRuns({
        connectionString: options.databaseUrl,
        logger: services.logger,
        onDue: () => services.jobs.send('automations.tick', {}),
      })
    : null;
  return {
    async stop() {
      await dueListener?.close();
      shutdown.abort();
      // wait: active jobs finish (long ones hand over at their next safe point) before we return.
      for (const { name, id } of started) await boss.offWork(name, { id, wait: true });
    },
  };
}
