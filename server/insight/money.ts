import { sql } from 'kysely';
import type { AttributedFigures } from '#shared/insight/schemas.ts';
import { hasPermission, type Role } from '#shared/auth/permissions.ts';
import type { DbExecutor } from '../db/database.ts';

// What a campaign or a flow brought (decision 096): the enquiries whose last touch it is, their
// purchases and value. Rows of erased contacts' enquiries count (their enquiry_id is NULL) and
// name nobody: only counts and sums leave this file.

/** Owner and Viewer see prices; a Marketer only when the Owner allows it (decision 096). */
export async function maySeePrices(db: DbExecutor, role: Role | null | undefined): Promise<boolean> {
  if (hasPermission(role, 'insight.read')) return true;
  if (role !== 'marketer') return false;
  const row = await db.selectFrom('settings').select('marketers_see_prices').executeTakeFirst();
  return row?.marketers_see_prices ?? false;
}

export async function attributedFigures(
  db: DbExecutor,
  target: { campaignId: string } | { flowId: string },
  showPrices: boolean,
): Promise<AttributedFigures> {
  const filter =
    'campaignId' in target
      ? sql`last_campaign_id = ${target.campaignId}`
      : sql`last_flow_id = ${target.flowId}`;
  const { rows } = await sql<{ enquiries: number; purchases: number; value: string }>`
    SELECT count(*)::int AS enquiries,
           count(*) FILTER (WHERE purchased_at IS NOT NULL)::int AS purchases,
           coalesce(sum(purchase_price_cents) FILTER (WHERE purchased_at IS NOT NULL), 0)::text AS value
    FROM enquiry_attributions WHERE ${filter}`.execute(db);
  const row = rows[0];
  return {
    enquiries: row?.enquiries ?? 0,
    purchases: row?.purchases ?? 0,
    valueCents: showPrices ? Number(row?.value ?? 0) : null,
  };
}
