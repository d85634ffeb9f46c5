import { type RawBuilder, sql } from 'kysely';
import { effectiveSearch, type ListAnchor, type PagedResult, SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import type { ContactFilter, ContactsStats, ContactSummary } from '#shared/contacts/schemas.ts';
import type { Database, DbExecutor } from '../db/database.ts';
import { containsPattern, pagedIds, pageIdsQuery } from '../db/paging.ts';
import { LEAD_METRICS, readTotals } from '../stats/entry.ts';

// Contacts are the leads (docs/spec/admin.md §3). Subscribed = e-mail consent and not unsubscribed;
// Unsubscribed = email_unsubscribed_at set (docs/spec/admin.md §4, §7 Exports).

/**
 * The filter's SQL, written exactly like the partial indexes' predicates (leads_subscribed_idx,
 * leads_unsubscribed_idx) so the planner can use them.
 */
export function contactFilterConditions(filter: ContactFilter): RawBuilder<unknown>[] {
  if (filter === 'subscribed') return [sql`email_marketing_consent AND email_unsubscribed_at IS NULL`];
  if (filter === 'unsubscribed') return [sql`email_unsubscribed_at IS NOT NULL`];
  // leads_consent_pending_idx's predicate (decision 016).
  if (filter === 'pending') return [sql`(email_consent_pending OR sms_consent_pending)`];
  return [];
}

/** A term made only of phone characters is searched as its digits, as the index holds phones. */
const PHONE_LIKE = /^\+?[\d\s()-]+$/;

export function contactSearchTerm(search: string): string {
  const digits = search.replace(/\D/g, '');
  return PHONE_LIKE.test(search) && digits.length > 0 ? digits : search;
}

/**
 * The search matches e-mail, full name and phone through one expression, the one
 * leads_search_trgm_idx indexes (migration 20261125020000).
 */
export function contactConditions(filter: ContactFilter, search: string | null): RawBuilder<unknown>[] {
  const conditions = contactFilterConditions(filter);
  if (search) {
    conditions.push(
      sql`contact_search_text(email, full_name, phone) ILIKE ${containsPattern(contactSearchTerm(search))}`,
    );
  }
  return conditions;
}

const FILTER_METRIC: Record<Exclude<ContactFilter, 'pending'>, string> = {
  all: LEAD_METRICS.total,
  subscribed: LEAD_METRICS.emailSubscribed,
  unsubscribed: LEAD_METRICS.emailUnsubscribed,
};

/** Requests waiting for confirmation are few and short-lived: counted over their partial index. */
async function countPending(db: DbExecutor): Promise<number> {
  const result = await sql<{ count: string }>`
    SELECT count(*) AS count FROM leads WHERE (email_consent_pending OR sms_consent_pending)`.execute(db);
  return Number(result.rows[0]?.count ?? 0);
}

/** Exact size of a filter without a search: kept by triggers, so no row is visited. */
export async function countContacts(db: DbExecutor, filter: ContactFilter): Promise<number> {
  if (filter === 'pending') return countPending(db);
  const metric = FILTER_METRIC[filter];
  const totals = await readTotals(db, [metric]);
  return totals[metric] ?? 0;
}

async function countWhere(db: DbExecutor, conditions: RawBuilder<unknown>[]): Promise<number> {
  const result = await sql<{ count: number }>`
    SELECT count(*)::int AS count FROM leads WHERE ${sql.join(conditions, sql` AND `)}`.execute(db);
  return result.rows[0]?.count ?? 0;
}

export async function contactsStats(db: DbExecutor): Promise<ContactsStats> {
  const totals = await readTotals(db, [
    LEAD_METRICS.total,
    LEAD_METRICS.emailSubscribed,
    LEAD_METRICS.emailUnsubscribed,
  ]);
  return {
    total: totals[LEAD_METRICS.total],
    subscribed: totals[LEAD_METRICS.emailSubscribed],
    pending: await countPending(db),
    unsubscribed: totals[LEAD_METRICS.emailUnsubscribed],
  };
}

interface ContactRow {
  id: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  email_marketing_consent: boolean;
  sms_marketing_consent: boolean;
  email_consent_pending: boolean;
  sms_consent_pending: boolean;
  created_at: Date;
  email_unsubscribed_at: Date | null;
}

function toSummary(row: ContactRow): ContactSummary {
  return {
    id: row.id,
    email: row.email,
    fullName: row.full_name,
    phone: row.phone,
    emailMarketingConsent: row.email_marketing_consent,
    smsMarketingConsent: row.sms_marketing_consent,
    emailConsentPending: row.email_consent_pending,
    smsConsentPending: row.sms_consent_pending,
    createdAt: row.created_at.toISOString(),
    emailUnsubscribedAt: row.email_unsubscribed_at?.toISOString() ?? null,
  };
}

/**
 * The contacts an import brought in (created, updated or found up to date), through its links
 * (decision 035): the contacts list's `import` filter. `r` keeps the subquery's names apart from
 * the page query's `leads`.
 */
export function importedByCondition(importId: string): RawBuilder<unknown> {
  return sql`id IN (SELECT r.contact_id FROM contact_import_rows r WHERE r.import_id = ${importId})`;
}

export interface ListContactsInput {
  search?: string | undefined;
  filter: ContactFilter;
  /** Only the contacts of this import. */
  import?: string | undefined;
  page: number;
  pageSize: number;
  anchor?: ListAnchor | undefined;
}

/**
 * The newest `pageSize` contacts matching `conditions`, in one statement: the ids from the
 * (created_at, id) index, then their rows.
 */
async function firstPageRows(
  db: DbExecutor,
  conditions: RawBuilder<unknown>[],
  pageSize: number,
): Promise<ContactRow[]> {
  const ids = pageIdsQuery('leads', conditions, {
    kind: 'offset',
    order: 'desc',
    offset: 0,
    limit: pageSize,
  });
  const { rows } = await sql<ContactRow>`
    SELECT id, email, full_name, phone, email_marketing_consent, sms_marketing_consent,
           email_consent_pending, sms_consent_pending, created_at, email_unsubscribed_at
      FROM leads WHERE id IN (${ids})
     ORDER BY created_at DESC, id DESC`.execute(db);
  return rows;
}

/**
 * One page of contacts, newest first. Count, ids and rows are read in one snapshot, so a page read
 * from the oldest end lines up exactly with the count. The first page without a search (what the
 * screen opens on) reads nothing from the oldest end: its count and its rows are two statements on
 * two connections at once, with no transaction (two round trips' wait instead of five in a row).
 */
export async function listContacts(
  db: Database,
  input: ListContactsInput,
): Promise<PagedResult<ContactSummary>> {
  const search = effectiveSearch(input.search);
  const conditions = contactConditions(input.filter, search);
  const importId = input.import;
  if (importId) conditions.push(importedByCondition(importId));
  const countExact = (executor: DbExecutor) =>
    importId ? countWhere(executor, conditions) : countContacts(executor, input.filter);
  if (search === null && input.page <= 1) {
    const [total, rows] = await Promise.all([countExact(db), firstPageRows(db, conditions, input.pageSize)]);
    return {
      rows: rows.map(toSummary),
      totalCount: total,
      totalIsCapped: false,
      totalPages: total > 0 ? Math.ceil(total / input.pageSize) : 0,
      page: 1,
    };
  }
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const paged = await pagedIds(trx, {
        table: 'leads',
        conditions,
        search: search !== null,
        searchCap: SEARCH_COUNT_CAP,
        // The triggers' totals know nothing of imports: one import's contacts are counted through
        // its links' primary key (at most MAX_IMPORT_ROWS).
        countExact: () => countExact(trx),
        page: input.page,
        pageSize: input.pageSize,
        anchor: input.anchor,
      });
      const rows =
        paged.ids.length === 0
          ? []
          : await trx
              .selectFrom('leads')
              .select([
                'id',
                'email',
                'full_name',
                'phone',
                'email_marketing_consent',
                'sms_marketing_consent',
                'email_consent_pending',
                'sms_consent_pending',
                'created_at',
                'email_unsubscribed_at',
              ])
              .where('id', 'in', paged.ids)
              .orderBy('created_at', 'desc')
              .orderBy('id', 'desc')
              .execute();
      return {
        rows: rows.map(toSummary),
        totalCount: paged.totalCount,
        totalIsCapped: paged.totalIsCapped,
        totalPages: paged.totalPages,
        page: paged.page,
      };
    });
}
