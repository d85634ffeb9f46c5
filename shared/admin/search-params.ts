import { readDay, readOneOf, readPage, readText, readTrue, readUuid } from '../url-search.ts';

// The admin lists' URL search params, parsed without zod (see shared/url-search.ts for why).
// The filter lists live here so both these parsers and the zod input schemas can use them.

export const MAX_SEARCH_LENGTH = 255;
/** Page numbers are capped only to keep absurd URLs from reaching the database as huge offsets. */
export const MAX_PAGE = 1_000_000;

export const contactFilters = ['all', 'subscribed', 'pending', 'unsubscribed'] as const;
export type ContactFilter = (typeof contactFilters)[number];

/** The spec's action filter. "All Actions" means every unsubscribe (the page is about opting out). */
export const actionFilters = ['all', 'email_unsubscribe', 'sms_unsubscribe'] as const;
export type ActionFilter = (typeof actionFilters)[number];
export const methodFilters = ['all', 'one_click', 'manual'] as const;
export type MethodFilter = (typeof methodFilters)[number];

interface AnchorParams {
  /** Keyset anchors: `?after=<id>` or `?before=<id>`. */
  after?: string | undefined;
  before?: string | undefined;
}

/** /admin/contacts?search=&filter=&page=&after=|before= : a reload or a shared link keeps them. */
export interface ContactsSearchParams extends AnchorParams {
  search?: string | undefined;
  filter?: ContactFilter | undefined;
  /** `?import=<id>`: the contacts one import brought in (decision 035). */
  import?: string | undefined;
  page?: number | undefined;
}

/** /admin/unsubscribes?search=&action=&method=&resubscribes=1&page= */
export interface UnsubscribeSearchParams extends AnchorParams {
  search?: string | undefined;
  action?: ActionFilter | undefined;
  method?: MethodFilter | undefined;
  resubscribes?: true | undefined;
  page?: number | undefined;
}

function anchors(raw: Record<string, unknown>): AnchorParams {
  return { after: readUuid(raw.after), before: readUuid(raw.before) };
}

export function parseContactsSearch(raw: Record<string, unknown>): ContactsSearchParams {
  return {
    search: readText(raw.search, MAX_SEARCH_LENGTH),
    filter: readOneOf(raw.filter, contactFilters),
    import: readUuid(raw.import),
    page: readPage(raw.page, MAX_PAGE),
    ...anchors(raw),
  };
}

export function parseUnsubscribeSearch(raw: Record<string, unknown>): UnsubscribeSearchParams {
  return {
    search: readText(raw.search, MAX_SEARCH_LENGTH),
    action: readOneOf(raw.action, actionFilters),
    method: readOneOf(raw.method, methodFilters),
    resubscribes: readTrue(raw.resubscribes),
    page: readPage(raw.page, MAX_PAGE),
    ...anchors(raw),
  };
}

/** /admin/templates?kind=reply : which library is shown (marketing by default, decision 026). */
export function parseTemplatesSearch(raw: Record<string, unknown>): { kind?: 'reply' | undefined } {
  return { kind: readOneOf(raw.kind, ['reply'] as const) };
}

/** The templates' search: name, subject or description (templateListInputSchema's length). */
export const TEMPLATE_SEARCH_MAX = 200;

/** /admin/templates?kind=reply&search= : the library shown and the search in it. */
export interface TemplateListSearchParams {
  kind?: 'reply' | undefined;
  search?: string | undefined;
}

export function parseTemplateListSearch(raw: Record<string, unknown>): TemplateListSearchParams {
  return { ...parseTemplatesSearch(raw), search: readText(raw.search, TEMPLATE_SEARCH_MAX) };
}

/**
 * /admin/audit?member=&action=&from=&to=&page= (decision 028). The lengths are those of the list's
 * input schema (shared/audit/schemas.ts), which checks the days are real dates.
 */
export interface AuditSearchParams {
  member?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  page?: number | undefined;
}

export const AUDIT_MAX_PAGE = 10_000;

export function parseAuditSearch(raw: Record<string, unknown>): AuditSearchParams {
  return {
    member: readText(raw.member, 254),
    action: readText(raw.action, 100),
    from: readDay(raw.from),
    to: readDay(raw.to),
    page: readPage(raw.page, AUDIT_MAX_PAGE),
  };
}
