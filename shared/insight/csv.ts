import type { FunnelRow } from './schemas.ts';

// The funnel's breakdown as CSV (decision 096): the same rows the table shows. A field that a
// spreadsheet would run as a formula is prefixed with an apostrophe (a label is a campaign's or a
// flow's name, typed by a member).

function field(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const HEADER = [
  'Group',
  'Enquiries',
  'Contacted',
  'Offered',
  'Accepted',
  'Purchased',
  'Enquiry to purchase',
  'Purchase value (AUD)',
  'Median hours to first reply',
  'Median hours to offer',
  'Median hours to purchase',
];

export function funnelCsv(rows: readonly FunnelRow[]): string {
  const lines = rows.map((row) => {
    const toPurchase = row.enquiries === 0 ? null : row.purchased / row.enquiries;
    return [
      row.label,
      row.enquiries,
      row.contacted,
      row.offered,
      row.accepted,
      row.purchased,
      toPurchase === null ? null : `${(toPurchase * 100).toFixed(1)}%`,
      (row.purchaseValueCents / 100).toFixed(2),
      row.medianHoursToFirstReply,
      row.medianHoursToOffer,
      row.medianHoursToPurchase,
    ]
      .map(field)
      .join(',');
  });
  return [HEADER.join(','), ...lines].join('\r\n') + '\r\n';
}
