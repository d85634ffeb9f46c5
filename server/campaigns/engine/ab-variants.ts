import { sql } from 'kysely';
import { abTestSize } from '#shared/campaigns/ab-test.ts';
import type { DbTransaction } from '../../db/database.ts';
import type { EmailCampaign } from '../../db/types.ts';

type Campaign = Pick<EmailCampaign, 'id' | 'is_test_mode' | 'subject_b' | 'ab_test_percent'>;

/**
 * Step 1 of the A/B subject test (decision 037), after the snapshot: the test share gets A and B
 * alternately in random order, the rest is held for the winner (engine/ab-test.ts). A test-mode
 * send runs no A/B test: its few test addresses get subject A.
 */
export async function assignVariants(trx: DbTransaction, campaign: Campaign, total: number): Promise<void> {
  if (!campaign.subject_b || campaign.ab_test_percent === null || campaign.is_test_mode) return;
  const testSize = abTestSize(total, campaign.ab_test_percent);
  await sql`
    WITH ranked AS (
      SELECT id, row_number() OVER (ORDER BY random()) AS rn FROM email_sends WHERE campaign_id = ${campaign.id}
    )
    UPDATE email_sends s
    SET variant = CASE WHEN r.rn <= ${testSize} THEN CASE WHEN r.rn % 2 = 1 THEN 'A' ELSE 'B' END END,
        status = CASE WHEN r.rn <= ${testSize} THEN 'queued' ELSE 'held' END,
        ab_remainder = r.rn > ${testSize}
    FROM ranked r
    WHERE s.id = r.id`.execute(trx);
}
