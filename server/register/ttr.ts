import { sql } from 'kysely';
import { formatAudAmount } from '#shared/money/aud.ts';
import { IDENTITY_DOCUMENT_LABELS, type IdentityDocument } from '#shared/register/states.ts';
import type { SiteConfig } from '#shared/site/config.ts';
import type { DbExecutor } from '../db/database.ts';
import { getSettingsTimezone } from '../settings/entry.ts';
import { open, type RegisterKey } from './crypto.ts';

// The fields of AUSTRAC's threshold transaction report for one cash purchase of $10,000 or more
// (decision 070), for the Owner to copy into AUSTRAC Online: the app does not report to AUSTRAC
// (decision 058). The reporting entity, the transaction, the customer (with the due diligence the
// purchase kept) and the goods; the identity number is opened here, so the page and the CSV are
// the Owner's (register.identity) and audited.

export interface TtrField {
  label: string;
  value: string;
}

export async function ttrFields(
  db: DbExecutor,
  key: RegisterKey,
  site: Pick<SiteConfig, 'legalName' | 'abn' | 'address'>,
  purchaseId: string,
): Promise<TtrField[] | null> {
  const timezone = await getSettingsTimezone(db);
  const row = await db
    .selectFrom('purchase_records as p')
    .innerJoin('register_deadlines as d', (join) =>
      join.onRef('d.purchase_record_id', '=', 'p.id').on('d.kind', '=', 'austrac_ttr'),
    )
    .select([
      'p.id',
      'p.price_cents',
      'p.seller_name',
      'p.seller_address',
      'p.watch_description',
      'p.serial_number',
      'p.reference_number',
      'p.id_document',
      'p.id_number_ciphertext',
      'p.id_number_iv',
      'p.id_number_tag',
      'p.id_number_key_id',
      sql<string>`to_char(p.id_expiry, 'YYYY-MM-DD')`.as('id_expiry'),
      sql<string | null>`to_char(p.cdd_date_of_birth, 'YYYY-MM-DD')`.as('cdd_date_of_birth'),
      'p.cdd_occupation',
      'p.received_by_email',
      sql<string>`to_char(p.created_at AT TIME ZONE ${timezone}, 'YYYY-MM-DD')`.as('day'),
      sql<string>`to_char(p.created_at AT TIME ZONE ${timezone}, 'HH24:MI')`.as('time'),
      sql<string>`to_char(d.due_on, 'YYYY-MM-DD')`.as('due_on'),
    ])
    .where('p.id', '=', purchaseId)
    .executeTakeFirst();
  if (!row) return null;
  const idNumber = open(
    key,
    {
      ciphertext: row.id_number_ciphertext,
      iv: row.id_number_iv,
      tag: row.id_number_tag,
      keyId: row.id_number_key_id,
    },
    row.id,
  );
  const { address } = site;
  return [
    { label: 'Report', value: 'Threshold transaction report (TTR)' },
    { label: 'Due by', value: row.due_on },
    { label: 'Reporting entity', value: site.legalName },
    { label: 'Reporting entity ABN', value: site.abn },
    {
      label: 'Branch address',
      value: [address.streetAddress, address.addressLocality, address.addressRegion, address.postalCode]
        .filter(Boolean)
        .join(', '),
    },
    { label: 'Transaction date', value: row.day },
    { label: 'Transaction time', value: `${row.time} (${timezone})` },
    { label: 'Total amount (AUD)', value: formatAudAmount(Number(row.price_cents)) },
    { label: 'Cash paid (AUD)', value: formatAudAmount(Number(row.price_cents)) },
    { label: 'Direction', value: 'Cash paid out by the reporting entity to the customer' },
    { label: 'Designated service', value: 'Buying precious goods (a watch) from the customer' },
    { label: 'Goods', value: row.watch_description },
    { label: 'Serial number', value: row.serial_number },
    { label: 'Reference number', value: row.reference_number },
    { label: 'Customer full name', value: row.seller_name },
    { label: 'Customer address', value: row.seller_address },
    { label: 'Customer date of birth', value: row.cdd_date_of_birth ?? '' },
    { label: 'Customer occupation', value: row.cdd_occupation ?? '' },
    { label: 'Identity document', value: IDENTITY_DOCUMENT_LABELS[row.id_document as IdentityDocument] },
    { label: 'Identity document number', value: idNumber },
    { label: 'Identity document expiry', value: row.id_expiry },
    { label: 'Conducted by (employee)', value: row.received_by_email },
    { label: 'Register entry', value: row.id },
  ];
}
