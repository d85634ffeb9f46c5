import { sql } from 'kysely';
import { businessToday } from '#shared/enquiries/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';

// The enquiry as the seller's page and its e-mails name it (decision 059).

export function watchName(row: { watch_brand: string; watch_model: string | null }): string {
  const name = [row.watch_brand === 'Other' ? null : row.watch_brand, row.watch_model]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
  return name || 'watch';
}

export async function sellerOf(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('enquiries')
    .innerJoin('leads', 'leads.id', 'enquiries.lead_id')
    .select([
      'enquiries.id',
      'enquiries.status',
      'enquiries.assignee_id',
      'enquiries.watch_brand',
      'enquiries.watch_model',
      'enquiries.contact_name',
      'leads.full_name',
      'leads.email',
    ])
    .where('enquiries.id', '=', enquiryId)
    .executeTakeFirst();
}

export function sellerName(row: {
  contact_name: string | null;
  full_name: string | null;
  email: string;
}): string {
  return row.contact_name ?? row.full_name ?? row.email;
}

export async function latestOffer(db: DbExecutor, enquiryId: string) {
  return db
    .selectFrom('enquiry_offers')
    .select([
      'id',
      'amount_cents',
      sql<string | null>`to_char(valid_until, 'YYYY-MM-DD')`.as('valid_until'),
      'conditions',
    ])
    .where('enquiry_id', '=', enquiryId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function today(db: DbExecutor): Promise<string> {
  return businessToday(await getSettingsTimezone(db));
}
