import { z } from 'zod';

/** Email Campaign Dashboard (docs/spec/admin.md §2 Dashboard, §9 dashboard stats and recent activity). */

export const DASHBOARD_REFRESH_MS = 30_000;
export const RECENT_CAMPAIGNS = 5;
export const RECENT_UNSUBSCRIBES = 5;
export const RECENT_ACTIVITY_SHOWN = 10;
export const ACTIVITY_CHART_DAYS = 30;

export const DASHBOARD_MESSAGES = {
  noRecentActivity: 'No recent activity',
} as const;

export interface DashboardStats {
  totalCampaigns: number;
  /** E-mail consent given, not unsubscribed and not suppressed: the campaign audience. */
  activeSubscribers: number;
  /** Mean of the campaigns' open rates (percent) over campaigns with deliveries; null when none. */
  avgOpenRate: number | null;
  avgClickRate: number | null;
  /** Total bounces / total sent x 100; null before anything was sent. */
  bounceRate: number | null;
}

export type RecentActivityItem =
  | { kind: 'campaign_completed'; id: string; name: string; recipients: number; at: string }
  | {
      kind: 'unsubscribe';
      id: string;
      /** Null for a role that may not read the unsubscribe log (a Buyer): the event, not who. */
      email: string | null;
      action: string;
      at: string;
    };

export interface DailyActivityPoint {
  /** Local calendar day in the settings timezone, YYYY-MM-DD. */
  date: string;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  bounced: number;
  unsubscribed: number;
}

export interface DailyActivity {
  timezone: string;
  days: DailyActivityPoint[];
}

/**
 * Gmail's bulk-sender lines for the spam rate (decision 074): stay under 0.1 %; at 0.3 % and above
 * Gmail rejects mail (5.7.28). Yahoo and Outlook apply the same rules.
 */
export const SPAM_RATE_GUIDANCE = 0.1;
export const SPAM_RATE_BLOCKING = 0.3;

export type ComplaintLevel = 'none' | 'under' | 'over_guidance' | 'over_blocking';

/** The sending domain's complaint rate over the last 7 days, campaigns and flows together. */
export interface ComplaintRateView {
  windowDays: number;
  delivered: number;
  complained: number;
  /** Percent to two decimals; null when nothing was delivered in the window. */
  rate: number | null;
  level: ComplaintLevel;
}

/** Where a rate stands against Gmail's lines: at 0.1 % exactly it is still within the guidance. */
export function complaintLevel(rate: number | null): ComplaintLevel {
  if (rate === null) return 'none';
  if (rate >= SPAM_RATE_BLOCKING) return 'over_blocking';
  if (rate > SPAM_RATE_GUIDANCE) return 'over_guidance';
  return 'under';
}

/** Rounded to one decimal, as every rate on the dashboard is. */
export function roundRate(value: number): number {
  return Math.round(value * 10) / 10;
}

/** The spec's average: campaigns without deliveries don't count. */
export function averageRate(rates: readonly number[]): number | null {
  if (rates.length === 0) return null;
  return roundRate(rates.reduce((sum, r) => sum + r, 0) / rates.length);
}

export function bounceRate(bounces: number, sent: number): number | null {
  if (!(sent > 0)) return null;
  return roundRate((bounces / sent) * 100);
}

/** Merges the two recent lists newest first and keeps the first ten. */
export function mergeRecentActivity(
  campaigns: readonly RecentActivityItem[],
  unsubscribes: readonly RecentActivityItem[],
): RecentActivityItem[] {
  return [...campaigns, ...unsubscribes]
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, RECENT_ACTIVITY_SHOWN);
}

/** The dashboard's mailbox-provider table: the last 24 hours or the last 7 days (decision 074). */
export const providerPeriodInputSchema = z.object({ period: z.enum(['day', 'week']) });
export type ProviderPeriod = z.infer<typeof providerPeriodInputSchema>['period'];
