import type { AppConfig } from './config/app-config.ts';
import type { Database } from './db/database.ts';
import type { ConnectionWatch } from './db/connection-watch.ts';
import type { EnquiryChangeKind } from './db/enquiry-changed.ts';
import type { InboundMailSource } from './email/inbound-mail.ts';
import type { EmailTransport } from './email/types.ts';
import type { JobQueue } from './jobs/queue.ts';

/**
 * One process's ear on `campaign_changed`: a single dedicated connection LISTENs (outside the app
 * pool, whose connections come and go), and each notification is handed to the subscribers of
 * that campaign in this process. Every server process runs one, so a change committed through
 * any process reaches every open details page.
 *
 * The contract for a subscriber: `onChange` runs after every committed change to its campaign,
 * and sometimes when nothing changed (whenever LISTEN starts or restarts, and every
 * `degradedTickMs` while it is down, because notifications sent meanwhile are lost). A subscriber
 * therefore re-reads the state each time and never misses the latest one.
 */
export interface CampaignLiveHub {
  /** Returns the function that unsubscribes. */
  subscribe(campaignId: string, onChange: () => void): () => void;
  /** True while LISTEN is active. */
  readonly listening: boolean;
  /** Resolves once LISTEN is active (at once if it is); rejects if the hub closes first. */
  ready(): Promise<void>;
  /** Subscriptions currently registered (every campaign), for leak checks. */
  subscriberCount(): number;
  close(): Promise<void>;
}

/**
 * One process's ear on `enquiry_changed` (decision 063): every committed change goes to every
 * subscriber (each open admin's live feed), as `{ kind, enquiryId }`. Null means "changes may have
 * been missed" (LISTEN started or restarted): the subscriber re-reads whatever it shows.
 */
export interface EnquiryLiveHub {
  /** Returns the function that unsubscribes. */
  subscribe(onChange: (change: { kind: EnquiryChangeKind; enquiryId: string } | null) => void): () => void;
  readonly listening: boolean;
  ready(): Promise<void>;
  subscriberCount(): number;
  close(): Promise<void>;
}

/**
 * The live flows one app has read, each list with the generation it was read at (decision 098;
 * kept and read by server/automations/live-flow-cache.ts). Named here, infrastructure-free, so
 * AppServices imports no feature.
 */
export interface LiveFlowCache {
  generation: string | null;
  readonly byType: Map<string, readonly unknown[]>;
}

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
  /** Resend's Receiving API (decision 060); absent without RESEND_API_KEY. */
  inbound?: InboundMailSource | undefined;
  /** Campaign change notifications (LISTEN); present in processes that serve HTTP. */
  live?: CampaignLiveHub | undefined;
  /** Enquiry change notifications (LISTEN, decision 063); present in processes that serve HTTP. */
  enquiryLive?: EnquiryLiveHub | undefined;
  /** The live flows this app has read, by generation (decision 098); absent: every event reads them. */
  liveFlows?: LiveFlowCache | undefined;
  /** Takes over errors that mean the database is unreachable, so an outage logs one line (decision 075). */
  connectionWatch?: ConnectionWatch | undefined;
}
