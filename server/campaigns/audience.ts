import { sql } from 'kysely';
import { parseTestEmails } from '#shared/campaigns/rules.ts';
import type { CampaignAudienceCount } from '#shared/campaigns/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import {
  findSegment,
  inactiveContactSql,
  MAY_RECEIVE_MARKETING,
  segmentAudience,
  type StoredSegment,
} from '../segments/entry.ts';
import { getSettingsTimezone, getSunsetMonths } from '../settings/entry.ts';
import { CampaignError } from './errors.ts';
import { countNonOpeners } from './non-openers.ts';

/** Contacts who may receive marketing (decision 003), inactive ones included. */
export async function countSubscribedContacts(db: DbExecutor): Promise<number> {
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM leads l WHERE ${MAY_RECEIVE_MARKETING}`.execute(db);
  return result.rows[0]?.count ?? 0;
}

export const MISSING_SEGMENT = 'The chosen segment no longer exists. Choose another audience.';

/** The campaign's segment, or a refusal the admin can act on when it is gone. */
export async function audienceSegment(db: DbExecutor, segmentId: string): Promise<StoredSegment> {
  const segment = await findSegment(db, segmentId);
  if (!segment) throw new CampaignError('BAD_REQUEST', MISSING_SEGMENT);
  return segment;
}

/**
 * Contacts a campaign may e-mail (decision 003: they opted in, never unsubscribed, and no hard
 * bounce or complaint has suppressed them), or a segment's audience (decision 032), counted with
 * and without those the sunset policy leaves out (decision 089). The sending engine selects the
 * same rows (engine/start.ts).
 */
export async function countAudience(
  db: DbExecutor,
  audience: { segmentId: string | null; includeInactive: boolean },
  now = new Date(),
): Promise<CampaignAudienceCount> {
  const condition = audience.segmentId
    ? segmentAudience(
        (await audienceSegment(db, audience.segmentId)).definition,
        await getSettingsTimezone(db),
      )
    : MAY_RECEIVE_MARKETING;
  const sunsetMonths = await getSunsetMonths(db);
  const result = await sql<{ everyone: number; inactive: number }>`
    SELECT count(*)::int AS everyone,
           count(*) FILTER (WHERE ${inactiveContactSql(sunsetMonths, now)})::int AS inactive
      FROM leads l WHERE ${condition}`.execute(db);
  const everyone = result.rows[0]?.everyone ?? 0;
  const inactive = result.rows[0]?.inactive ?? 0;
  return {
    subscribers: audience.includeInactive ? everyone : everyone - inactive,
    inactive,
    sunsetMonths,
  };
}

/**
 * Test mode sends to the valid test addresses only; a non-openers copy to the original's
 * non-openers (decision 038); otherwise to the audience: everyone subscribed, or one segment, less
 * the inactive contacts unless the campaign includes them.
 */
export async function recipientCountFor(
  db: DbExecutor,
  campaign: {
    isTestMode: boolean;
    testEmails: readonly string[];
    segmentId: string | null;
    includeInactive: boolean;
    resendOfCampaignId?: string | null | undefined;
  },
): Promise<number> {
  if (campaign.isTestMode) return parseTestEmails(campaign.testEmails.join(',')).length;
  if (campaign.resendOfCampaignId) return countNonOpeners(db, campaign.resendOfCampaignId);
  const count = await countAudience(db, {
    segmentId: campaign.segmentId,
    includeInactive: campaign.includeInactive,
  });
  return count.subscribers;
}
