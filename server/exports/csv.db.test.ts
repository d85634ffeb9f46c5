import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '#test/support/db.ts';
import { csvLineSql, csvRow } from './csv.ts';

// The export writes lines with the SQL rendering; the JS rendering is the tested reference.
const samples: Array<string | null> = [
  'plain@example.com',
  null,
  '',
  'a,b',
  'say "hi"',
  'line\nbreak',
  'cr\rlf',
  '=HYPERLINK("http://evil.example","x")',
  '+61 400 000 000',
  '-2+3',
  '@SUM(A1:A2)',
  '\tcmd',
  '\rcmd',
  ' =not at the start',
  'ünïcödé "quotes", commas',
  "it's",
  'back\\slash',
];

describe('csvLineSql', () => {
  const t = useTestDatabase();

  it.each(samples.map((s) => [s]))('renders %j exactly like csvRow', async (value) => {
    const line = csvLineSql([{ text: sql<string | null>`${value}::text` }, { yesNo: sql<boolean>`true` }]);
    const result = await sql<{ line: string }>`SELECT ${line} AS line`.execute(t.db);
    expect(result.rows[0]?.line).toBe(csvRow([value, true]));
  });

  it('writes plain values (timestamps, labels) as they are, NULL as an empty cell', async () => {
    const line = csvLineSql([
      { plain: sql<string | null>`'2026-11-03T11:00:00+11:00'::text` },
      { plain: sql<string | null>`NULL::text` },
    ]);
    const result = await sql<{ line: string }>`SELECT ${line} AS line`.execute(t.db);
    expect(result.rows[0]?.line).toBe('2026-11-03T11:00:00+11:00,\r\n');
  });

  it('writes No for false', async () => {
    const line = csvLineSql([{ yesNo: sql<boolean>`false` }, { text: sql<string | null>`NULL::text` }]);
    const result = await sql<{ line: string }>`SELECT ${line} AS line`.execute(t.db);
    expect(result.rows[0]?.line).toBe('No,\r\n');
  });
});
