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
