/**
 * The one definition of each campaign figure (decision 052). Every surface (the list, the
 * dashboard, the details page's stats, its chart and its link report, the A/B panel) counts with
 * these, so the same campaign shows the same numbers everywhere.
 *
 * A figure counts **sends** (one per recipient), never provider events: a reader who opens twice
 * or clicks three times is one open and one click. A send counts from the first time it reached
 * the state, which is the time its `email_sends` column holds:
 *
 * - delivered: a delivery reported, or implied by an open, a click or a complaint;
 * - opens: opened at least once, by anyone (a machine open included; a click implies an open);
 *   readers' opens are the subset decision 025 tells apart, shown next to the open rate;
 * - clicks: clicked at least once (unique clickers); "total clicks" is only the link report's
 *   per-link column, named so;
 * - bounced: a bounce reported.
 */
/**
 * How long after delivery an open still counts as the receiving system's, not the reader's
 * (decision 025): privacy proxies (Apple Mail Privacy Protection) and security scanners fetch every
 * image of a message as it arrives, so their "opens" come in the seconds after delivery. The
 * campaign figures and the sunset policy (decision 089) judge opens by it.
 */
export const MACHINE_OPEN_WINDOW_SECONDS = 10;

export const CAMPAIGN_FIGURES = ['delivered', 'opened', 'clicked', 'bounced'] as const;
export type CampaignFigure = (typeof CAMPAIGN_FIGURES)[number];

/**
 * A rate in percent (0-100, unrounded), or null when there is nothing to divide by. Open, readers'
 * open, click and per-link click-through rates are over delivered sends; the bounce rate is over
 * sent ones (a bounce is a send that was never delivered).
 */
export function rateOf(count: number, base: number): number | null {
  return base > 0 ? (100 * count) / base : null;
}

/** A campaign's counters, as the webhook keeps them on the campaign row. */
export interface CampaignCounts {
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
}

/** The three rates every surface shows, from the counters (decision 052). */
export function campaignRates(counts: CampaignCounts): {
  openRate: number | null;
  clickRate: number | null;
  bounceRate: number | null;
} {
  return {
    openRate: rateOf(counts.opened, counts.delivered),
    clickRate: rateOf(counts.clicked, counts.delivered),
    bounceRate: rateOf(counts.bounced, counts.sent),
  };
}
