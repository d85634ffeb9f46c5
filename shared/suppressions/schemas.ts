import { z } from 'zod';
import { listAnchorSchema, listPageSchema, searchTermSchema } from '../admin/lists.ts';
import { MAX_PAGE, MAX_SEARCH_LENGTH } from '../admin/search-params.ts';
import { readOneOf, readPage, readText, readUuid } from '../url-search.ts';

/** The suppression list (decision 034): addresses no campaign may reach. */

export const suppressionReasons = ['hard_bounce', 'complaint', 'manual', 'imported', 'erased'] as const;
export type SuppressionListReason = (typeof suppressionReasons)[number];

export const SUPPRESSION_REASON_LABELS: Record<SuppressionListReason, string> = {
  hard_bounce: 'Hard bounce',
  complaint: 'Complaint',
  manual: 'Manual',
  imported: 'Imported',
  erased: 'Erased contact',
};

/** What an admin may choose when adding addresses by hand. */
export const manualSuppressionReasons = ['manual', 'imported'] as const;

export const suppressionFilters = ['all', ...suppressionReasons] as const;
export type SuppressionFilter = (typeof suppressionFilters)[number];

export const SUPPRESSIONS_PAGE_SIZE = 20;
/** Addresses one paste may add. */
export const MAX_SUPPRESSIONS_PER_ADD = 1000;

export const SUPPRESSION_MESSAGES = {
  none: 'No suppressed addresses found',
  tryAdjusting: 'Try adjusting your search or filter',
  noAddresses: 'Enter at least one e-mail address',
  tooMany: `Add at most ${MAX_SUPPRESSIONS_PER_ADD} addresses at a time`,
  noteRequired: 'Say why the address may receive campaigns again (at least 5 characters)',
  noteTooLong: 'The note must be less than 500 characters',
  notFound: 'That address is no longer on the suppression list',
  exportFailed: 'Export failed',
} as const;

/** ?search=&reason=&page=&after=|before= on /admin/contacts/suppressions. */
export interface SuppressionsSearchParams {
  search?: string | undefined;
  reason?: SuppressionFilter | undefined;
  page?: number | undefined;
  after?: string | undefined;
  before?: string | undefined;
}

export function parseSuppressionsSearch(raw: Record<string, unknown>): SuppressionsSearchParams {
  return {
    search: readText(raw.search, MAX_SEARCH_LENGTH),
    reason: readOneOf(raw.reason, suppressionFilters),
    page: readPage(raw.page, MAX_PAGE),
    after: readUuid(raw.after),
    before: readUuid(raw.before),
  };
}

const listFilters = {
  search: searchTermSchema,
  reason: z.enum(suppressionFilters).default('all'),
};

export const suppressionsListInputSchema = z.object({
  ...listFilters,
  page: listPageSchema,
  anchor: listAnchorSchema.optional(),
});

export const suppressionsExportQuerySchema = z.object(listFilters);

/** One address a line, or separated by commas, semicolons or spaces (a pasted column or list). */
export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
}

const addressSchema = z.email({ error: (issue) => `Not an e-mail address: ${String(issue.input)}` }).max(255);

export const suppressionAddInputSchema = z.object({
  addresses: z
    .array(z.string().trim().pipe(addressSchema))
    .min(1, SUPPRESSION_MESSAGES.noAddresses)
    .max(MAX_SUPPRESSIONS_PER_ADD, SUPPRESSION_MESSAGES.tooMany),
  reason: z.enum(manualSuppressionReasons),
  note: z.string().trim().max(500, SUPPRESSION_MESSAGES.noteTooLong).optional(),
});

export const suppressionRemoveInputSchema = z.object({
  id: z.uuid(),
  note: z
    .string({ error: SUPPRESSION_MESSAGES.noteRequired })
    .trim()
    .min(5, SUPPRESSION_MESSAGES.noteRequired)
    .max(500, SUPPRESSION_MESSAGES.noteTooLong),
});

export interface SuppressionEntry {
  id: string;
  /** Null for an erased contact: only the address's hash is kept. */
  email: string | null;
  reason: SuppressionListReason;
  note: string | null;
  campaignId: string | null;
  campaignName: string | null;
  createdBy: string | null;
  createdAt: string;
}

export interface SuppressionAddResult {
  added: number;
  /** Already on the list (kept as they were). */
  alreadyListed: number;
}
