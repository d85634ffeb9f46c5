import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/decisions is a log (docs/decisions/README.md): every record opens with its title, a Date
// line and a Status line; the index lists every record, and every number below the highest that
// is not a record is listed as retired, so no citation can silently point at nothing.

const DIR = path.resolve(import.meta.dirname, '../docs/decisions');
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const STATUS = /^Status: (accepted(, amended by \d{3} \(.+\)(, by \d{3} \(.+\))*)?|superseded by \d{3})$/;

const files = readdirSync(DIR).filter((name) => name !== 'README.md');
const records = files.map((name) => {
  const match = RECORD_FILE.exec(name);
  return { name, number: match?.[1] ?? null, lines: readFileSync(path.join(DIR, name), 'utf8').split('\n') };
});
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
const [listed = '', retiredSection = ''] = index.split(/^## Retired numbers$/m);

/** Every three-digit number on the retired section's list lines. */
const retired = retiredSection
  .split('\n')
  .filter((line) => line.startsWith('- '))
  .flatMap((line) => (line.split(':')[0] ?? '').match(/\d{3}/g) ?? []);

const numbers = records.map((r) => r.number).filter((n): n is string => n !== null);

describe('decision records', () => {
  it('are named NNN-words.md, one file per number', () => {
    expect(records.filter((r) => r.number === null).map((r) => r.name)).toEqual([]);
    const seen = new Set<string>();
    const repeated = numbers.filter((n) => (seen.has(n) ? true : (seen.add(n), false)));
    expect(repeated).toEqual([]);
  });

  it('each open with "# NNN Title", a Date line and a Status line, in that order', () => {
    const wrong = records.flatMap(({ name, number, lines }) => {
      const [title = '', blank = '', date = '', status = '', after = ''] = lines;
      const problems: string[] = [];
      if (!title.startsWith(`# ${number} `)) problems.push(`${name}: title "${title}"`);
      if (blank !== '' || after !== '') problems.push(`${name}: a blank line around Date/Status`);
      const day = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date)?.[1];
      if (!day || Number.isNaN(Date.parse(day))) problems.push(`${name}: date line "${date}"`);
      if (!STATUS.test(status)) problems.push(`${name}: status line "${status}"`);
      return problems;
    });
    expect(wrong).toEqual([]);
  });

  it('amend or supersede only by a later record that exists', () => {
    const wrong = records.flatMap(({ name, number, lines }) => {
      const status = lines[3] ?? '';
      const cited = [...status.matchAll(/(?:amended by|superseded by|, by) (\d{3})/g)].map((m) => m[1] ?? '');
      return cited
        .filter((n) => !numbers.includes(n) || Number(n) <= Number(number))
        .map((n) => `${name} cites ${n}`);
    });
    expect(wrong).toEqual([]);
  });

  it('are each listed in the index by number and file', () => {
    const missing = records
      .filter(({ name, number }) => !listed.includes(`- [${number}](${name})`))
      .map((r) => r.name);
    expect(missing).toEqual([]);
    const linked = [...listed.matchAll(/^- \[(\d{3})\]\(([^)]+)\)/gm)].map((m) => m[2]);
    expect(linked.filter((file) => !files.includes(file ?? ''))).toEqual([]);
  });

  it('leave no number unaccounted for: every gap is listed as retired, and no record is', () => {
    const highest = Math.max(...numbers.map(Number));
    const gaps: string[] = [];
    for (let n = 1; n < highest; n += 1) {
      const number = String(n).padStart(3, '0');
      if (!numbers.includes(number)) gaps.push(number);
    }
    expect(gaps.filter((n) => !retired.includes(n))).toEqual([]);
    expect(retired.filter((n) => numbers.includes(n))).toEqual([]);
    // The numbers retired when this check was written (docs/decisions/README.md).
    expect(retired).toEqual(expect.arrayContaining(['031', '033', '040', '041', '042', '045', '055']));
  });
});
