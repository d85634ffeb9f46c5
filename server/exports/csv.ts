import { type Expression, type RawBuilder, sql } from 'kysely';

// CSV cells as PostgreSQL's `COPY … (FORMAT csv)` writes them (decision 022): a field with a comma,
// quote or line break is quoted and its quotes doubled, lines end with LF, and NULL is an empty,
// unquoted field. Made safe to open in a spreadsheet here, before COPY sees the value: a cell that
// begins with =, +, -, @, a tab or a carriage return would be run as a formula (CSV injection,
// OWASP), so it gets a leading apostrophe, which spreadsheets show as text and do not display.

const FORMULA_START = '^[-=+@\t\r]';
const FORMULA_START_SQL = sql.lit(FORMULA_START);
const FORMULA_START_PATTERN = new RegExp(FORMULA_START);

export type CsvCellSql =
  | { text: Expression<string | null> }
  | { yesNo: Expression<boolean> }
  /** A value whose format we write ourselves (a timestamp, a fixed label): never neutralised. */
  | { plain: Expression<string | null> };

/**
 * SQL for one CSV column: text neutralised as above, booleans as Yes/No. An empty string becomes
 * NULL, so it is written as an empty field (COPY would write `""` for it).
 */
export function csvCellSql(cell: CsvCellSql): RawBuilder<string | null> {
  if ('yesNo' in cell) return sql<string>`CASE WHEN ${cell.yesNo} THEN 'Yes' ELSE 'No' END`;
  if ('plain' in cell) return sql<string | null>`nullif(${cell.plain}, '')`;
  const v = cell.text;
  return sql<
    string | null
  >`CASE WHEN ${v} ~ ${FORMULA_START_SQL} THEN '''' || ${v} ELSE nullif(${v}, '') END`;
}

/** One field as COPY writes it, neutralised by the same rule as csvCellSql; null is empty. */
function csvField(value: string | null): string {
  if (value === null || value === '') return '';
  const safe = FORMULA_START_PATTERN.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Rows as CSV text the way an export through COPY writes them, for the few exports whose values
 * only Node has (the register decrypts identity numbers): the same quoting, LF line ends and
 * formula rule, so every CSV the app writes follows one definition.
 */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | null>>): string {
  return rows.map((row) => `${row.map(csvField).join(',')}\n`).join('');
}
