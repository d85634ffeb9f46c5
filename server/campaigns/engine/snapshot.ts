import { type RawBuilder, sql } from 'kysely';
import { parseTestEmails } from '#shared/campaigns/rules.ts';
import type { DbTransaction } from '../../db/database.ts';
import { MAY_RECEIVE_MARKETING } from '../../segments/entry.ts';
import { snapshotNonOpeners } from '../non-openers.ts';
import { holdSnapshotLock } from '../../db/snapshot-lock.ts';

/**
 * Fixes who a campaign goes to, in one statement: one `queued` send per recipient, created when
 * sending starts (decision 006). Test mode: the valid test addresses only. Otherwise every
 * contact who may be e-mailed now (the same rule as audience.ts), or only those of `audience`, a
 * segment's audience over `leads l` (decision 032); consent is checked again when each batch is
 * claimed. Returns the number of recipients, which becomes total_recipients.
 *
 * email_sends has no foreign keys (decision 039): their per-row checks were a third of a 500,000
 * recipient snapshot. Instead the campaign is locked FOR KEY SHARE, as a foreign-key check would,
 * and the contacts by the snapshot lock (decision 044): a contact deleted or erased meanwhile
 * either waits for this transaction (and then sees and unlinks its send) or is not read.
 */
export async function snapshotAudience(
  trx: DbTransaction,
  campaign: {
    id: string;
    is_test_mode: boolean;
    test_emails: readonly string[];
    resend_of_campaign_id?: string | null;
  },
  audience: RawBuilder<boolean> = MAY_RECEIVE_MARKETING,
): Promise<number> {
  const locked = await sql`SELECT 1 FROM email_campaigns WHERE id = ${campaign.id} FOR KEY SHARE`.execute(
    trx,
  );
  if (locked.rows.length === 0) throw new Error(`Campaign ${campaign.id} does not exist.`);
  await holdSnapshotLock(trx);
  if (campaign.is_test_mode) {
    const addresses = parseTestEmails(campaign.test_emails.join(','));
    if (addresses.length === 0) return 0;
    // A test address that belongs to a contact keeps the link, so their unsubscribe is honoured.
    const result = await sql`
      INSERT INTO email_sends (campaign_id, lead_id, recipient_email, recipient_name)
      SELECT ${campaign.id}, l.id, t.email, l.full_name
      FROM unnest(${addresses}::text[]) AS t(email)
      LEFT JOIN leads l ON lower(l.email) = lower(t.email)
      ON CONFLICT DO NOTHING`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }
  if (campaign.resend_of_campaign_id)
    return snapshotNonOpeners(trx, campaign.id, campaign.resend_of_campaign_id);
  // No ON CONFLICT (a tenth of the time): contacts' addresses are unique case-insensitively, and a
  // campaign is snapshotted once, so the campaign's unique index can only refuse a bug, loudly.
  const result = await sql`
    INSERT INTO email_sends (campaign_id, lead_id, recipient_email, recipient_name)
    SELECT ${campaign.id}, l.id, l.email, l.full_name
    FROM leads l
    WHERE ${audience}`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
