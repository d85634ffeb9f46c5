// Every amount the business handles is Australian dollars held as whole cents (decision 058), so
// one formatter serves the admin, the seller's page, the e-mails and the TTR form alike
// (docs/decisions/081-one-home-for-time-money-and-database-errors.md).

const withSymbol = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });
const plain = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Whole cents of AUD as "$12,500.00". */
export function formatAud(cents: number): string {
  return withSymbol.format(cents / 100);
}

/** Whole cents of AUD as "12,500.00", for a field whose label already names the currency. */
export function formatAudAmount(cents: number): string {
  return plain.format(cents / 100);
}
