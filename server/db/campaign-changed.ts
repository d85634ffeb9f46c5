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
