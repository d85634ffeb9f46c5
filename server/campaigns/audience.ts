import { parseTestEmails } from '#shared/campaigns/rules.ts';
import type { DbExecutor } from '../db/database.ts';
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

/**
 * Test mode sends to the valid test addresses only; a non-openers copy to the original's
 * non-openers (decision 038); otherwise to every subscribed contact.
 */
export async function recipientCountFor(
  db: DbExecutor,
  campaign: {
    is_test_mode: boolean;
    test_emails: readonly string[];
    resend_of_campaign_id?: string | null | undefined;
  },
): Promise<number> {
  if (campaign.is_test_mode) return parseTestEmails(campaign.test_emails.join(',')).length;
  if (campaign.resend_of_campaign_id) return countNonOpeners(db, campaign.resend_of_campaign_id);
  return countSubscribedContacts(db);
}
