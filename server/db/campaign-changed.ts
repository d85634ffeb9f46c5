import { sql } from 'kysely';
import type { DbExecutor } from './database.ts';

/**
 * PostgreSQL channel on which every change to a campaign's progress is announced (payload: the
 * campaign id). Whoever writes sends, counters or a campaign's status calls
 * `notifyCampaignChanged` in the same transaction, so the announcement goes out only if the change
 * commits, and every server process (LISTENing) pushes it to its open details pages.
 */
export const CAMPAIGN_CHANGED_CHANNEL = 'campaign_changed';

export async function notifyCampaignChanged(db: DbExecutor, campaignId: string): Promise<void> {
  // PostgreSQL folds identical notifications within one transaction, so calling this once per
  // statement costs one message per commit, not one per row.
  await sql`SELECT pg_notify(${CAMPAIGN_CHANGED_CHANNEL}, ${campaignId})`.execute(db);
}

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
