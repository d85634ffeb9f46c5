import { sql } from 'kysely';
import { effectiveSearch } from '#shared/admin/lists.ts';
import type { ContactFilter } from '#shared/contacts/schemas.ts';
import type { DbExecutor } from '../db/database.ts';
import { type CsvExportSpec, localTimestamp } from '../exports/csv-export.ts';
import { contactConditions, countContacts, importedByCondition } from './list.ts';

// Contacts export (docs/spec/admin.md §7 Exports, §9 CSV files): every matching lead, newest first. The
// spec's five columns come first, so a sheet built on them keeps working; then who the contact is
// and the consent evidence the Spam Act asks a business to be able to show (decision 012).

export const CONTACTS_CSV_HEADER = [
  'Email',
  'Email Consent',
  'SMS Consent',
  'Unsubscribed At',
  'Created At',
  'Full Name',
  'Phone',
  'Consent At',
  'Consent Source',
  'Consent IP',
  'Unsubscribe Reason',
  'SMS Unsubscribed At',
  'Suppressed At',
  'Suppression Reason',
] as const;

export function contactsCsvExport(
  {
    filter,
    search,
    import: importId,
  }: { filter: ContactFilter; search?: string | undefined; import?: string | undefined },
  timezone: string,
): CsvExportSpec {
  const term = effectiveSearch(search);
  const conditions = contactConditions(filter, term);
  // The list's import filter (decision 035): the export is what the list shows.
  if (importId) conditions.push(importedByCondition(importId));
  return {
    header: CONTACTS_CSV_HEADER,
    table: 'leads',
    conditions,
    cells: [
      { text: sql.ref('email') },
      { yesNo: sql.ref('email_marketing_consent') },
      { yesNo: sql.ref('sms_marketing_consent') },
      { plain: localTimestamp('email_unsubscribed_at') },
      { plain: localTimestamp('created_at') },
      { text: sql.ref('full_name') },
      { text: sql.ref('phone') },
      { plain: localTimestamp('consent_at') },
      { text: sql.ref('consent_source') },
      { text: sql.ref('consent_ip') },
      { text: sql.ref('unsubscribe_reason') },
      { plain: localTimestamp('sms_unsubscribed_at') },
      { plain: localTimestamp('suppressed_at') },
      { text: sql.ref('suppression_reason') },
    ],
    timezone,
    async count(trx: DbExecutor) {
      if (!term && !importId) return countContacts(trx, filter);
      const where = sql.join(conditions, sql` AND `);
      const result = await sql<{ count: number }>`SELECT count(*) AS count FROM leads WHERE ${where}`.execute(
        trx,
      );
      return Number(result.rows[0]?.count ?? 0);
    },
  };
}
