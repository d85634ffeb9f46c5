import { sql } from 'kysely';
import { MACHINE_OPEN_WINDOW_SECONDS, rateOf } from '#shared/campaigns/figures.ts';
import type { CampaignOpens } from '#shared/campaigns/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { countsForSql } from '../stats/entry.ts';

/**
 * True for a send opened by its reader (decision 025): it was clicked, or one of its open events
 * not flagged by the provider as a machine open came after the machine window. `s` names the email_sends row. The A/B winner and "send to
 * non-openers" judge by this (decision 037).
 */
export function readerOpenedSql(s: string) {
  const send = sql.table(s);
  return sql<boolean>`(${send}.clicked_at IS NOT NULL OR EXISTS (
    SELECT 1 FROM email_events e
    WHERE e.send_id = ${send}.id AND e.type = 'email.opened' AND NOT e.machine_open
      AND e.occurred_at > coalesce(${send}.delivered_at, ${send}.sent_at)
        + make_interval(secs => ${MACHINE_OPEN_WINDOW_SECONDS})))`;
}

/**
 * A campaign's opens split into the readers' and the machines' (decision 025). A send counts as a
 * reader's open when it was clicked, or when any of its open events not flagged as a machine's came
 * more than the window after its delivery; a send whose every open came inside the window, or was
 * flagged by the provider, is a machine open. `opened` is the campaign's opens and both rates are
 * over its delivered sends (decision 052), so they match the counters on every other surface.
 */
export async function campaignOpens(
  db: DbExecutor,
  campaign: { id: string; delivered_count: number },
): Promise<CampaignOpens> {
  const result = await sql<{ opened: string; human: string }>`
    SELECT count(*) AS opened,
      count(*) FILTER (WHERE ${readerOpenedSql('s')}) AS human
    FROM email_sends s
    WHERE s.campaign_id = ${campaign.id} AND ${countsForSql('s', 'opened')}`.execute(db);
  const opened = Number(result.rows[0]?.opened ?? 0);
  const human = Number(result.rows[0]?.human ?? 0);
  const delivered = campaign.delivered_count;
  return {
    opened,
    humanOpened: human,
    machineOpened: opened - human,
    openRate: rateOf(opened, delivered),
    humanOpenRate: rateOf(human, delivered),
  };
}
