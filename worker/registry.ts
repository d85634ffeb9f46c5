import { runEmailSendJob } from '#server/email/send-job.ts';
import type { JobName, JobPayload } from '#server/jobs/definitions.ts';
import type { AppServices } from '#server/services.ts';

export interface JobContext {
  jobId: string;
  retryCount: number;
  signal: AbortSignal;
}

type Handlers = {
  [N in JobName]: (services: AppServices, payload: JobPayload<N>, job: JobContext) => Promise<unknown>;
};

/** One handler per job definition; the type makes a job without a handler a compile error. */
export const jobHandlers: Handlers = {
  'email.send': (services, payload) => runEmailSendJob(services, payload),
};
