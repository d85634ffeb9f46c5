import { sql } from 'kysely';
import { MAX_NAME } from '#shared/campaigns/rules.ts';
import type { DbExecutor } from '../db/database.ts';
import type { EmailCampaign } from '../db/types.ts';
import { getCampaignOrThrow } from './campaigns.ts';
import { CampaignError } from './errors.ts';
import { readerOpenedSql } from './machine-opens.ts';

/*
 * "Send to non-openers" (decision 038): a draft copy of a completed campaign whose
 * audience is the original's recipients who got the e-mail and did not read it. Delivered means a
 * delivery was reported and no bounce; not read means no reader's open (decision 025), so a
 * recipient whose only opens were machine opens is a non-opener. Whether each may still receive
 * marketing is judged when the copy is sent, like any audience (decision 003).
 */

/** The contacts a copy of `originalId` goes to, with the columns the snapshot inserts. */
function nonOpenersOf(originalId: string) {
  return sql`
    SELECT l.id, l.email, l.full_name
    FROM email_sends s
    JOIN leads l ON l.id = s.lead_id
    WHERE s.campaign_id = ${originalId}
      AND s.delivered_at IS NOT NULL AND s.bounced_at IS NULL
      AND NOT ${readerOpenedSql('s')}
      AND l.email_marketing_consent AND l.email_unsubscribed_at IS NULL AND l.suppressed_at IS NULL`;
}

export async function countNonOpeners(db: DbExecutor, originalId: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(DISTINCT lower(t.email)) AS n FROM (${nonOpenersOf(originalId)}) t`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/** The snapshot of a non-openers copy, in one statement (engine/snapshot.ts holds its locks). */
export async function snapshotNonOpeners(
  db: DbExecutor,
  campaignId: string,
  originalId: string,
): Promise<number> {
  const result = await sql`
    INSERT INTO email_sends (campaign_id, lead_id, recipient_email, recipient_name)
    SELECT ${campaignId}, t.id, t.email, t.full_name FROM (${nonOpenersOf(originalId)}) t
    ON CONFLICT DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/**
 * A new draft with the original's content and a new subject, addressed to its non-openers. Only a
 * completed campaign that went to contacts (not a test-mode send) has non-openers to speak of.
 */
export async function createNonOpenersCopy(
  db: DbExecutor,
  { id, subject, userId }: { id: string; subject: string; userId: string | null },
): Promise<EmailCampaign> {
  const source = await getCampaignOrThrow(db, id);
  if (source.status !== 'completed')
    throw new CampaignError(
      'CONFLICT',
      `Only a completed campaign can be sent to its non-openers. This campaign is ${source.status}.`,
    );
  if (source.is_test_mode)
    throw new CampaignError('CONFLICT', 'A test-mode campaign went to test addresses, not to contacts.');
  const total = await countNonOpeners(db, source.id);
  return db
    .insertInto('email_campaigns')
    .values({
      name: nonOpenersName(source.name),
      subject,
      preheader: source.preheader,
      html_content: source.html_content,
      // A copy of a campaign made from blocks is edited in the blocks too (decision 092).
      blocks: source.blocks === null ? null : JSON.stringify(source.blocks),
      text_content: source.text_content,
      template_id: source.template_id,
      variables: source.variables,
      resend_of_campaign_id: source.id,
      status: 'draft',
      total_recipients: total,
      created_by: userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const SUFFIX = ' (non-openers)';

function nonOpenersName(name: string): string {
  return `${name.slice(0, MAX_NAME - SUFFIX.length).trimEnd()}${SUFFIX}`;
}
