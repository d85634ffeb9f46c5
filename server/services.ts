import type { AppConfig } from './config/app-config.ts';
import type { CampaignLiveHub } from './db/campaign-changed.ts';
import type { Database } from './db/database.ts';
import type { EmailTransport } from './email/types.ts';
import type { JobQueue } from './jobs/queue.ts';

export interface Logger {
  info(obj: object | string, msg?: string): void;
  warn(obj: object | string, msg?: string): void;
  error(obj: object | string, msg?: string): void;
}

/** The long-lived dependencies shared by HTTP routes, tRPC procedures and job handlers. */
export interface AppServices {
  db: Database;
  config: AppConfig;
  email: EmailTransport;
  jobs: JobQueue;
  logger: Logger;
  /** Campaign change notifications (LISTEN); present in processes that serve HTTP. */
  live?: CampaignLiveHub | undefined;
}
