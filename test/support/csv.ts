/**
 * Splits RFC 4180 text into records (quoted fields may hold commas, quotes and line breaks); lines
 * end with LF, as PostgreSQL's COPY writes them, or CRLF.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\n' || (c === '\r' && text[i + 1] === '\n')) {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (c === '\r') i += 1;
    } else field += c;
  }
  if (field || record.length) throw new Error('CSV does not end with a line break');
  return records;
}

/**
 * Cell values and the field each is written as, by hand from RFC 4180 and the formula rule
 * (decision 022): COPY with csvCellSql and the Node writer (csvText) must both write these.
 */
export const CSV_CELL_SAMPLES: Array<[string | null, string]> = [
  ['plain@example.com', 'plain@example.com'],
  [null, ''],
  ['', ''],
  ['a,b', '"a,b"'],
  ['say "hi"', '"say ""hi"""'],
  ['line\nbreak', '"line\nbreak"'],
  ['cr\rlf', '"cr\rlf"'],
  ['=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
  ['+61 400 000 000', "'+61 400 000 000"],
  ['-2+3', "'-2+3"],
  ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
  ['\tcmd', "'\tcmd"],
  ['\rcmd', `"'\rcmd"`],
  [' =not at the start', ' =not at the start'],
  ['ünïcödé "quotes", commas', '"ünïcödé ""quotes"", commas"'],
  ["it's", "it's"],
  ['back\\slash', 'back\\slash'],
];
