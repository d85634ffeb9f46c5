import { readOneOf, readPage, readText } from '../url-search.ts';

// `/admin/campaigns` URL search params, parsed without zod (see shared/url-search.ts for why).
// A hand-edited or stale URL must never break the list: a bad value falls back to its default.

export const CAMPAIGN_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'completed',
  'paused',
  'failed',
  'cancelled',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CAMPAIGN_STATUS_FILTERS = ['all', ...CAMPAIGN_STATUSES] as const;
export type CampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number];

export const MAX_SEARCH = 200;
const MAX_LIST_PAGE = 100_000;

export interface CampaignListSearch {
  page?: number | undefined;
  search?: string | undefined;
  status?: CampaignStatusFilter | undefined;
}

export function parseCampaignListSearch(raw: Record<string, unknown>): CampaignListSearch {
  return {
    page: readPage(raw.page, MAX_LIST_PAGE),
    search: readText(raw.search, MAX_SEARCH),
    status: readOneOf(raw.status, CAMPAIGN_STATUS_FILTERS),
  };
}

/**
 * The details page's send filters: the spec's four first, then the engine's own states. Each maps
 * to send statuses on the server (server/campaigns/sends-list.ts); 'sent' means accepted by the
 * provider, whatever was reported since, so it matches the Sent counter. 'held' is an A/B test's
 * remainder waiting for the winner (decision 037), apart from 'queued', which the engine will send.
 */
export const SEND_FILTERS = [
  'all',
  'delivered',
  'bounced',
  'failed',
  'sent',
  'queued',
  'held',
  'skipped',
  'cancelled',
] as const;

export interface CampaignDetailsSearch {
  /** The sends table's filter; absent is 'all'. */
  sends?: Exclude<(typeof SEND_FILTERS)[number], 'all'> | undefined;
}

/** `/admin/campaigns/$id?sends=held`: the sends table's filter, kept in the URL like the list's. */
export function parseCampaignDetailsSearch(raw: Record<string, unknown>): CampaignDetailsSearch {
  const sends = readOneOf(raw.sends, SEND_FILTERS);
  return { sends: sends === 'all' ? undefined : sends };
}
