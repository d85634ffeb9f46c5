import { type Expression, type RawBuilder, sql } from 'kysely';

// CSV as RFC 4180 describes it (CRLF line ends; a field with a comma, quote or line break is quoted
// and its quotes doubled), made safe to open in a spreadsheet: a cell that begins with =, +, -, @,
// a tab or a carriage return would be run as a formula (CSV injection, OWASP), so it gets a leading
// apostrophe, which spreadsheets show as text and do not display.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export type CsvValue = string | number | boolean | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

// The same rule as SQL, so that PostgreSQL writes whole batches of finished lines: an export of a
// million rows then costs Node a few hundred strings instead of millions of row objects
// (csv.db.test.ts checks that both renderings agree).

const FORMULA_START_SQL = sql.lit('^[-=+@\t\r]');
const NEEDS_QUOTES_SQL = sql.lit('[",\r\n]');

export type CsvCellSql =
  | { text: Expression<string | null> }
  | { yesNo: Expression<boolean> }
  /** A value whose format we write ourselves (a timestamp, a fixed label): never quoted or escaped. */
  | { plain: Expression<string | null> };

/** SQL for csvCell() of a text (NULL = empty cell) or boolean (Yes/No) expression. */
export function csvCellSql(cell: CsvCellSql): RawBuilder<string> {
  if ('yesNo' in cell) return sql<string>`CASE WHEN ${cell.yesNo} THEN 'Yes' ELSE 'No' END`;
  if ('plain' in cell) return sql<string>`coalesce(${cell.plain}, '')`;
  const v = cell.text;
  const safe = sql`CASE WHEN ${v} ~ ${FORMULA_START_SQL} THEN '''' || ${v} ELSE ${v} END`;
  return sql<string>`CASE
    WHEN ${v} IS NULL THEN ''
    WHEN ${v} ~ ${NEEDS_QUOTES_SQL} THEN '"' || replace(${safe}, '"', '""') || '"'
    ELSE ${safe} END`;
}

/** SQL for csvRow(): the cells joined by commas, ending with CRLF. */
export function csvLineSql(cells: readonly CsvCellSql[]): RawBuilder<string> {
  return sql<string>`${sql.join(cells.map(csvCellSql), sql` || ',' || `)} || ${sql.lit('\r\n')}`;
}
