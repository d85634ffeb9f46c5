import { sql } from 'kysely';
import { rateOf } from '#shared/campaigns/figures.ts';
import type { CampaignLinkRow } from '#shared/campaigns/schemas.ts';
import { mergeTags } from '#shared/templates/variables.ts';
import type { DbExecutor } from '../db/database.ts';
import type { EmailCampaign } from '../db/types.ts';
import { extractLinks } from '../email/links.ts';
import { ONE_CLICK_PATH, PREFERENCES_PATH } from '../unsubscribe/entry.ts';

/** The address a click event records: Resend's click tracking reports the link as it was sent. */
export const CLICKED_LINK = sql<string>`e.payload->'data'->'click'->>'link'`;

/**
 * Every link of a campaign with its clicks: the links in its HTML (with the campaign's
 * own merge values filled, as the engine sends them) and every link the provider reported a click
 * on. Links that carry a per-recipient value (the unsubscribe and preferences links) differ for
 * each reader, so their clicks are counted together on one row without an address.
 */
export async function campaignLinkReport(
  db: DbExecutor,
  campaign: Pick<EmailCampaign, 'id' | 'html_content' | 'variables' | 'delivered_count'>,
  appUrl: string,
): Promise<CampaignLinkRow[]> {
  const clicked = await sql<{ link: string; unique_clicks: string; total_clicks: string }>`
    SELECT ${CLICKED_LINK} AS link, count(DISTINCT e.send_id) AS unique_clicks, count(*) AS total_clicks
    FROM email_sends s
    JOIN email_events e ON e.send_id = s.id AND e.type = 'email.clicked'
    WHERE s.campaign_id = ${campaign.id} AND ${CLICKED_LINK} IS NOT NULL
    GROUP BY 1`.execute(db);

  const ownPages = [`${appUrl}${PREFERENCES_PATH}`, `${appUrl}${ONE_CLICK_PATH}`];
  const isOwnPage = (url: string) => ownPages.some((page) => url.startsWith(page));
  const rows = new Map<string | null, { label: string; unique: number; total: number }>();
  const row = (url: string | null, label: string) => {
    let found = rows.get(url);
    if (!found) {
      found = { label, unique: 0, total: 0 };
      rows.set(url, found);
    }
    return found;
  };

  for (const link of extractLinks(campaign.html_content)) {
    const url = mergeTags(link.href, campaign.variables, false);
    if (/\{\{/.test(url) || isOwnPage(url)) row(null, 'Unsubscribe and preferences links');
    else if (/^https?:\/\//i.test(url)) row(url, link.text || url);
  }
  for (const click of clicked.rows) {
    const target = isOwnPage(click.link)
      ? row(null, 'Unsubscribe and preferences links')
      : row(click.link, click.link);
    // One reader clicking two different unsubscribe links counts once per link here: rare enough
    // that a second query for the exact unique count of the merged row is not worth it.
    target.unique += Number(click.unique_clicks);
    target.total += Number(click.total_clicks);
  }

  const delivered = campaign.delivered_count;
  return [...rows.entries()]
    .map(([url, value]) => ({
      url,
      label: value.label,
      uniqueClicks: value.unique,
      totalClicks: value.total,
      // Unique clickers over delivered sends: the campaign's click rate, for one link (decision 052).
      clickRate: rateOf(value.unique, delivered),
    }))
    .sort((a, b) => b.uniqueClicks - a.uniqueClicks || b.totalClicks - a.totalClicks);
}
