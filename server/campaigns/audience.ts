import { parseTestEmails } from '#shared/campaigns/rules.ts';
import type { DbExecutor } from '../db/database.ts';
import { countSegmentAudience, findSegment, type StoredSegment } from '../segments/entry.ts';
import { CampaignError } from './errors.ts';
import { countNonOpeners } from './non-openers.ts';

/**
 * Contacts a campaign may e-mail (decision 003): they opted in, never unsubscribed, and no
 * hard bounce or complaint has suppressed them. The sending engine selects the same rows.
 */
export async function countSubscribedContacts(db: DbExecutor): Promise<number> {
  const row = await db
    .selectFrom('leads')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('email_marketing_consent', '=', true)
    .where('email_unsubscribed_at', 'is', null)
    .where('suppressed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

export const MISSING_SEGMENT = 'The chosen segment no longer exists. Choose another audience.';

/** The campaign's segment, or a refusal the admin can act on when it is gone. */
export async function audienceSegment(db: DbExecutor, segmentId: string): Promise<StoredSegment> {
  const segment = await findSegment(db, segmentId);
  if (!segment) throw new CampaignError('BAD_REQUEST', MISSING_SEGMENT);
  return segment;
}

/** Every subscribed contact, or the segment's audience (decision 032). */
export async function countAudience(db: DbExecutor, segmentId: string | null): Promise<number> {
  if (!segmentId) return countSubscribedContacts(db);
  return countSegmentAudience(db, (await audienceSegment(db, segmentId)).definition);
}

/**
 * Test mode sends to the valid test addresses only; a non-openers copy to the original's
 * non-openers (decision 038); otherwise to the audience: everyone subscribed, or one segment.
 */
export async function recipientCountFor(
  db: DbExecutor,
  campaign: {
    is_test_mode: boolean;
    test_emails: readonly string[];
    segment_id: string | null;
    resend_of_campaign_id?: string | null | undefined;
  },
): Promise<number> {
  if (campaign.is_test_mode) return parseTestEmails(campaign.test_emails.join(',')).length;
  if (campaign.resend_of_campaign_id) return countNonOpeners(db, campaign.resend_of_campaign_id);
  return countAudience(db, campaign.segment_id);
}
