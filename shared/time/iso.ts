// Instants cross the API as ISO 8601 strings in UTC: one conversion for every row a procedure
// answers with (docs/decisions/081-one-home-for-time-money-and-database-errors.md). pg hands back
// a Date for timestamptz, a string where a query builds the value itself (json_agg, to_json).

/** An instant as ISO 8601 in UTC ("2026-12-07T01:30:00.000Z"); null stays null. */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
