import { type RawBuilder, sql } from 'kysely';
import { effectiveSearch, type PagedResult, SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import {
  type AwaitingReply,
  ENQUIRIES_PAGE_SIZE,
  type EnquiriesListInput,
  type EnquirySummary,
} from '#shared/enquiries/schemas.ts';
import type { EnquiryStatus } from '#shared/enquiries/status.ts';
import { enquiryReference } from '#shared/enquiries/reference.ts';
import { contactSearchTerm } from '../contacts/entry.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { containsPattern, pagedIds } from '../db/paging.ts';
import { getSettingsTimezone } from '../settings/entry.ts';

// The enquiry inbox (decision 026): newest first, pages of 20, through the same paging as the
// contacts list. Each filter is written exactly like an index's leading column or predicate
// (migrations/20261125060000_enquiry_desk.ts) so the planner can read a page as an index range.

/** "Awaiting reply" is status New: the first reply, or an admin's manual move, ends it. */
const AWAITING = sql`status = 'new'`;

/** Contacts matched by e-mail (or name, phone) up to this many are passed as a list of ids. */
const LEAD_MATCH_CAP = SEARCH_COUNT_CAP;

export async function enquiryConditions(
  db: DbExecutor,
  input: Omit<EnquiriesListInput, 'page' | 'search'>,
  search: string | null,
  timezone: string,
): Promise<{ conditions: RawBuilder<unknown>[]; overCap: boolean }> {
  const conditions: RawBuilder<unknown>[] = [];
  let overCap = false;
  if (input.status) conditions.push(sql`status = ${input.status}`);
  if (input.awaitingReply) conditions.push(AWAITING);
  if (input.brand) conditions.push(sql`watch_brand = ${input.brand}`);
  if (input.assignee === 'unassigned') conditions.push(sql`assignee_id IS NULL`);
  else if (input.assignee) conditions.push(sql`assignee_id = ${input.assignee}`);
  // Calendar days in the business's timezone, `to` included.
  if (input.from)
    conditions.push(sql`created_at >= (${input.from}::date::timestamp AT TIME ZONE ${timezone})`);
  if (input.to)
    conditions.push(sql`created_at < ((${input.to}::date + 1)::timestamp AT TIME ZONE ${timezone})`);
  if (search) {
    const pattern = containsPattern(contactSearchTerm(search));
    // Two trigram indexes: the enquiry's name, phone and model, and the contact's e-mail (which the
    // enquiry does not copy). The matching contacts are looked up first: up to a thousand go in as
    // a list of ids, so PostgreSQL ORs two index scans; an OR with a sub-select computed the
    // expression for every enquiry (bench/README.md: 274 ms → 5 ms for a rare term).
    const contacts = await sql<{ id: string }>`
      SELECT id FROM leads WHERE contact_search_text(email, full_name, phone) ILIKE ${pattern}
      LIMIT ${LEAD_MATCH_CAP + 1}`.execute(db);
    const own = sql`enquiry_search_text(contact_name, contact_phone, watch_model) ILIKE ${pattern}`;
    if (contacts.rows.length === 0) conditions.push(own);
    else if (contacts.rows.length <= LEAD_MATCH_CAP)
      conditions.push(sql`(${own} OR lead_id = ANY(${contacts.rows.map((r) => r.id)}::uuid[]))`);
    // A broad term (more contacts than the count cap): the list is capped anyway, and walking the
    // date index finds its newest twenty matches quickly.
    else {
      overCap = true;
      conditions.push(
        sql`(${own} OR lead_id IN (SELECT id FROM leads WHERE contact_search_text(email, full_name, phone) ILIKE ${pattern}))`,
      );
    }
  }
  return { conditions, overCap };
}

async function countWhere(db: DbExecutor, conditions: RawBuilder<unknown>[]): Promise<number> {
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  const result = await sql<{ count: number }>`SELECT count(*) AS count FROM enquiries WHERE ${where}`.execute(
    db,
  );
  return result.rows[0]?.count ?? 0;
}

interface SummaryRow {
  id: string;
  lead_id: string;
  contact_name: string | null;
  contact_phone: string | null;
  email: string;
  full_name: string | null;
  phone: string | null;
  watch_brand: string;
  watch_model: string | null;
  watch_year: number | null;
  watch_condition: string;
  has_box: boolean;
  has_papers: boolean;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  status: EnquiryStatus;
  assignee_id: string | null;
  assignee_email: string | null;
  assignee_name: string | null;
  photo_id: string | null;
  photo_count: number;
  unread_count: number;
  first_replied_at: Date | null;
  created_at: Date;
}

export function toEnquirySummary(row: SummaryRow): EnquirySummary {
  return {
    id: row.id,
    reference: enquiryReference(row.id),
    contactId: row.lead_id,
    // What the enquiry submitted; the contact's record for enquiries stored before it was kept.
    sellerName: row.contact_name ?? row.full_name,
    sellerEmail: row.email,
    sellerPhone: row.contact_phone ?? row.phone,
    watchBrand: row.watch_brand,
    watchModel: row.watch_model,
    watchYear: row.watch_year,
    watchCondition: row.watch_condition,
    hasBox: row.has_box,
    hasPapers: row.has_papers,
    source: row.source,
    utmSource: row.utm_source,
    utmMedium: row.utm_medium,
    utmCampaign: row.utm_campaign,
    status: row.status,
    assigneeId: row.assignee_id,
    assigneeEmail: row.assignee_email,
    assigneeName: row.assignee_name,
    photoId: row.photo_id,
    photoCount: row.photo_count,
    unreadCount: row.unread_count,
    firstRepliedAt: row.first_replied_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

/** The summary columns of the given enquiries, newest first. */
export async function enquirySummaries(db: DbExecutor, ids: readonly string[]): Promise<EnquirySummary[]> {
  if (ids.length === 0) return [];
  const result = await sql<SummaryRow>`
    SELECT e.id, e.lead_id, e.contact_name, e.contact_phone, l.email, l.full_name, l.phone,
           e.watch_brand, e.watch_model, e.watch_year, e.watch_condition, e.has_box, e.has_papers,
           e.source, e.utm_source, e.utm_medium, e.utm_campaign, e.status, e.assignee_id,
           u.email AS assignee_email, u.name AS assignee_name, p.photo_id, coalesce(p.photo_count, 0)::int AS photo_count,
           (SELECT count(*)::int FROM enquiry_incoming_messages m
             WHERE m.enquiry_id = e.id AND m.read_at IS NULL) AS unread_count,
           e.first_replied_at, e.created_at
    FROM enquiries e
    JOIN leads l ON l.id = e.lead_id
    LEFT JOIN users u ON u.id = e.assignee_id
    LEFT JOIN LATERAL (
      SELECT (array_agg(id ORDER BY position, created_at, id))[1] AS photo_id, count(*) AS photo_count
      FROM uploads WHERE enquiry_id = e.id
    ) p ON true
    WHERE e.id = ANY(${ids}::uuid[])
    ORDER BY e.created_at DESC, e.id DESC`.execute(db);
  return result.rows.map(toEnquirySummary);
}

/** One page of the inbox; count, ids and rows read in one snapshot (as the contacts list). */
export async function listEnquiries(
  db: Database,
  input: EnquiriesListInput,
): Promise<PagedResult<EnquirySummary>> {
  const search = effectiveSearch(input.search);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      // Decision 026: a search's predicates all have indexes (trigram, lead_id), but the planner's
      // estimate of a trigram match is coarse; with a LIMIT it then prefers reading the table and
      // computing every row's search text (214 ms for a name 800 sellers share, 21 ms by index).
      if (search) await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const timezone = input.from || input.to ? await getSettingsTimezone(trx) : 'UTC';
      const { conditions, overCap } = await enquiryConditions(trx, input, search, timezone);
      const paged = await pagedIds(trx, {
        table: 'enquiries',
        conditions,
        search: search !== null,
        knownOverCap: overCap,
        searchCap: SEARCH_COUNT_CAP,
        countExact: () => countWhere(trx, conditions),
        page: input.page,
        pageSize: ENQUIRIES_PAGE_SIZE,
      });
      return {
        rows: await enquirySummaries(trx, paged.ids),
        totalCount: paged.totalCount,
        totalIsCapped: paged.totalIsCapped,
        totalPages: paged.totalPages,
        page: paged.page,
      };
    });
}

/** The sidebar badge and the dashboard card: enquiries still New, and the oldest of them. */
export async function awaitingReply(db: DbExecutor): Promise<AwaitingReply> {
  const result = await sql<{ count: number; oldest: Date | null }>`
    SELECT count(*)::int AS count, min(created_at) AS oldest FROM enquiries WHERE ${AWAITING}`.execute(db);
  const row = result.rows[0];
  return { count: row?.count ?? 0, oldestAt: row?.oldest?.toISOString() ?? null };
}

/** The distinct brands on file, for the filter (a few dozen, read from the brand index). */
export async function enquiryBrands(db: DbExecutor): Promise<string[]> {
  // A loose index scan: one probe per brand instead of reading every row.
  const result = await sql<{ brand: string }>`
    WITH RECURSIVE brands AS (
      (SELECT watch_brand AS brand FROM enquiries ORDER BY watch_brand LIMIT 1)
      UNION ALL
      SELECT (SELECT watch_brand FROM enquiries WHERE watch_brand > b.brand ORDER BY watch_brand LIMIT 1)
      FROM brands b WHERE b.brand IS NOT NULL
    )
    SELECT brand FROM brands WHERE brand IS NOT NULL`.execute(db);
  return result.rows.map((row) => row.brand);
}
