import { type RawBuilder, sql } from 'kysely';
import { effectiveSearch, type PagedResult, SEARCH_COUNT_CAP } from '#shared/admin/lists.ts';
import type {
  SuppressionAddResult,
  SuppressionEntry,
  SuppressionFilter,
  SuppressionListReason,
} from '#shared/suppressions/schemas.ts';
import type { ListAnchor } from '#shared/admin/lists.ts';
import type { Database, DbExecutor, DbTransaction } from '../db/database.ts';
import { containsPattern, pagedIds } from '../db/paging.ts';

// The suppression list (decision 034). Every change to it changes the matching contact in the same
// transaction: leads.suppressed_at stays the one flag the campaign audience and snapshot read.

export function suppressionConditions(
  reason: SuppressionFilter,
  search: string | null,
): RawBuilder<unknown>[] {
  const conditions: RawBuilder<unknown>[] = [];
  if (reason !== 'all') conditions.push(sql`reason = ${reason}`);
  if (search) conditions.push(sql`email ILIKE ${containsPattern(search)}`);
  return conditions;
}

export async function countSuppressions(db: DbExecutor, conditions: RawBuilder<unknown>[]): Promise<number> {
  const where = conditions.length > 0 ? sql.join(conditions, sql` AND `) : sql`true`;
  const result = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM email_suppressions WHERE ${where}`.execute(db);
  return result.rows[0]?.n ?? 0;
}

export async function listSuppressions(
  db: Database,
  input: {
    search?: string | undefined;
    reason: SuppressionFilter;
    page: number;
    pageSize: number;
    anchor?: ListAnchor | undefined;
  },
): Promise<PagedResult<SuppressionEntry>> {
  const search = effectiveSearch(input.search);
  const conditions = suppressionConditions(input.reason, search);
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const paged = await pagedIds(trx, {
        table: 'email_suppressions',
        conditions,
        search: search !== null,
        searchCap: SEARCH_COUNT_CAP,
        countExact: () => countSuppressions(trx, conditions),
        page: input.page,
        pageSize: input.pageSize,
        anchor: input.anchor,
      });
      const rows =
        paged.ids.length === 0
          ? []
          : await trx
              .selectFrom('email_suppressions as s')
              .leftJoin('email_campaigns as c', 'c.id', 's.campaign_id')
              .select([
                's.id',
                's.email',
                's.reason',
                's.note',
                's.campaign_id',
                'c.name as campaign_name',
                's.created_by',
                's.created_at',
              ])
              .where('s.id', 'in', paged.ids)
              .orderBy('s.created_at', 'desc')
              .orderBy('s.id', 'desc')
              .execute();
      return {
        rows: rows.map((r) => ({
          id: r.id,
          email: r.email,
          reason: r.reason,
          note: r.note,
          campaignId: r.campaign_id,
          campaignName: r.campaign_name,
          createdBy: r.created_by,
          createdAt: r.created_at.toISOString(),
        })),
        totalCount: paged.totalCount,
        totalIsCapped: paged.totalIsCapped,
        totalPages: paged.totalPages,
        page: paged.page,
      };
    });
}

/**
 * Puts addresses on the list and suppresses the contacts that have them. An address already listed
 * keeps its row (the first reason and date stand). One statement for the list, one for the leads.
 */
export async function addSuppressions(
  trx: DbTransaction,
  addresses: readonly string[],
  entry: { reason: SuppressionListReason; note?: string | null; createdBy: string | null },
  now = new Date(),
): Promise<SuppressionAddResult> {
  const unique = [...new Map(addresses.map((a) => [a.trim().toLowerCase(), a.trim()])).values()];
  const inserted = await sql<{ email: string }>`
    INSERT INTO email_suppressions (email, email_hash, reason, note, created_by, created_at)
    SELECT a, email_hash(a), ${entry.reason}, ${entry.note ?? null}, ${entry.createdBy}, ${now}
    FROM unnest(${unique}::text[]) AS a
    ON CONFLICT (email_hash) DO NOTHING
    RETURNING email`.execute(trx);
  await suppressContacts(
    trx,
    inserted.rows.map((r) => r.email),
    entry.reason,
    now,
  );
  return { added: inserted.rows.length, alreadyListed: unique.length - inserted.rows.length };
}

/** By lower(email), the unique index every contact look-up uses. */
async function suppressContacts(
  trx: DbTransaction,
  addresses: readonly string[],
  reason: SuppressionListReason,
  now: Date,
): Promise<void> {
  if (addresses.length === 0) return;
  await sql`
    UPDATE leads SET suppressed_at = ${now}, suppression_reason = ${reason}, updated_at = ${now}
    WHERE suppressed_at IS NULL
      AND lower(email) = ANY(SELECT lower(a) FROM unnest(${addresses}::text[]) AS a)`.execute(trx);
}

/**
 * A provider's hard bounce or complaint (server/email-events): the address goes on the list with the
 * campaign that reported it. A complaint outranks a hard bounce already listed, as on the contact.
 * Rows that are not addresses (the placeholder of an erased recipient) are left alone.
 */
export async function listProviderSuppression(
  trx: DbTransaction,
  address: string,
  reason: 'hard_bounce' | 'complaint',
  campaignId: string | null,
  at: Date,
): Promise<void> {
  await sql`
    INSERT INTO email_suppressions (email, email_hash, reason, campaign_id, created_at)
    SELECT btrim(${address}::text), email_hash(${address}::text), ${reason}, ${campaignId}::uuid, ${at}::timestamptz
    WHERE position('@' IN ${address}::text) > 0
    ON CONFLICT (email_hash) DO UPDATE SET reason = 'complaint', campaign_id = EXCLUDED.campaign_id
      WHERE EXCLUDED.reason = 'complaint' AND email_suppressions.reason = 'hard_bounce'`.execute(trx);
}

export type RemoveSuppressionResult = { status: 'not_found' } | { status: 'ok'; email: string | null };

/**
 * Takes an address off the list and lifts the suppression of the contact that has it. The contact's
 * consent is untouched: an unsubscribed contact stays unsubscribed.
 */
export async function removeSuppression(trx: DbTransaction, id: string): Promise<RemoveSuppressionResult> {
  const removed = await trx
    .deleteFrom('email_suppressions')
    .where('id', '=', id)
    .returning(['email', 'email_hash'])
    .executeTakeFirst();
  if (!removed) return { status: 'not_found' };
  // An erased contact's row has no address: the rare contact made since under the same address is
  // found by its hash (a scan, acceptable for a one-off admin action).
  const match =
    removed.email === null
      ? sql`email_hash(email) = ${removed.email_hash}`
      : sql`lower(email) = lower(${removed.email})`;
  await sql`
    UPDATE leads SET suppressed_at = NULL, suppression_reason = NULL, updated_at = now()
    WHERE suppressed_at IS NOT NULL AND ${match}`.execute(trx);
  return { status: 'ok', email: removed.email };
}
