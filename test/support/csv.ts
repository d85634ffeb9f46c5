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
