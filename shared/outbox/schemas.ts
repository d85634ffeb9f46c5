import { z } from 'zod';
import type { PagedResult } from '../admin/lists.ts';
import { MAX_PAGE, MAX_SEARCH_LENGTH } from '../admin/search-params.ts';
import { readPage, readText, readUuid } from '../url-search.ts';

export const OUTBOX_PAGE_SIZE = 20;

export const outboxListInputSchema = z.object({
  page: z.number().int().min(1).max(MAX_PAGE).default(1),
  /** Case-insensitive match on a recipient address or the subject. */
  search: z.string().trim().max(MAX_SEARCH_LENGTH).optional(),
});

export const outboxGetInputSchema = z.object({ id: z.uuid() });

/** /admin/outbox?search=&page=&email= : the open e-mail is in the URL so it can be linked to. */
export interface OutboxSearchParams {
  search?: string | undefined;
  page?: number | undefined;
  email?: string | undefined;
}

export function parseOutboxSearch(raw: Record<string, unknown>): OutboxSearchParams {
  return {
    search: readText(raw.search, MAX_SEARCH_LENGTH),
    page: readPage(raw.page, MAX_PAGE),
    email: readUuid(raw.email),
  };
}

export interface OutboxEmailSummary {
  id: string;
  to: string[];
  from: string;
  subject: string;
  createdAt: string;
}

export interface OutboxLink {
  href: string;
  text: string;
}

export interface OutboxEmailDetail extends OutboxEmailSummary {
  replyTo: string | null;
  html: string | null;
  text: string | null;
  headers: Record<string, string>;
  /** Provider tags (name=value) the sender attached, e.g. the campaign and send ids. */
  tags: { name: string; value: string }[];
  /** Files sent with it (a calendar invitation, decision 062), content base64. */
  attachments: { filename: string; contentType: string | null; content: string }[];
  /** The HTML part's links in document order. */
  links: OutboxLink[];
}

export interface OutboxListResult extends PagedResult<OutboxEmailSummary> {
  /** Which transport the server uses now: 'outbox' keeps e-mails here, 'resend' sends them. */
  transport: string;
}

export const OUTBOX_MESSAGES = {
  empty: 'No e-mails in the outbox.',
  noMatch: 'No e-mails match this search.',
  notFound: 'E-mail not found',
  // A Marketer's outbox (decision 027): account e-mails hold sign-in links and stay the Owner's.
  ownTestsOnly: 'Only the test e-mails you sent are listed here.',
  keptHere: 'No RESEND_API_KEY is set: every e-mail the platform sends is kept here instead of leaving.',
  sentByProvider:
    'E-mails are sent through Resend. This list holds the e-mails kept while no provider key was set.',
} as const;
