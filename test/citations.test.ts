import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Code cites the project's own decision records and the specs copied into docs/,
// never a file outside the repository. This keeps every citation pointing at something that exists.

const root = path.resolve(import.meta.dirname, '..');
const CODE_FOLDERS = [
  'server',
  'client',
  'shared',
  'worker',
  'migrations',
  'bench',
  'e2e',
  'test',
  'scripts',
];
const CODE_FILE = /\.(ts|tsx|css)$/;

function codeFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === 'node_modules' || name.endsWith('.gen.ts')) continue;
    if (statSync(full).isDirectory()) codeFiles(full, out);
    else if (CODE_FILE.test(name)) out.push(full);
  }
  return out;
}

const files = CODE_FOLDERS.filter((folder) => existsSync(path.join(root, folder))).flatMap((folder) =>
  codeFiles(path.join(root, folder)),
);
const records = new Set(
  readdirSync(path.join(root, 'docs', 'decisions'))
    .map((name) => /^(\d{3})-.+\.md$/.exec(name)?.[1])
    .filter((id): id is string => id !== undefined),
);

function matches(pattern: RegExp): string[] {
  const found: string[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(pattern)) found.push(`${path.relative(root, file)}: ${match[0]}`);
  }
  return found;
}

describe('citations in code', () => {
  it('name no brief outside the repository', () => {
    // Written as character classes so this file does not match itself.
    expect(matches(/[D]ESIGN(\.md| decision| §)|[S]TACK\.md|\.\.\/shared\/[s]pec/g)).toEqual([]);
  });

  it('cite the specs by their copy in docs/spec', () => {
    const bare = matches(/(?<!docs\/spec\/(admin|public-site)\.md )\b[s]pec §/g);
    expect(bare).toEqual([]);
  });

  it('cite decisions or the spec, never an issue number', () => {
    // An issue is closed and forgotten; the rule it led to lives in a decision record or the spec.
    // Upstream libraries' tracker URLs (github.com/owner/repo/issues/123) carry no space before the
    // number, so they stay allowed. The samples are assembled so this file does not match itself.
    const issueNumber = /\b[Ii]ssues? #?\d+/g;
    const word = 'ssue';
    expect(`// I${word} 19 item 3: x`.match(issueNumber)).toEqual([`I${word} 19`]);
    expect(`// see i${word}s #12 and`.match(issueNumber)).toEqual([`i${word}s #12`]);
    expect('// github.com/kysely-org/kysely/issues/123'.match(issueNumber)).toBeNull();
    expect(matches(issueNumber)).toEqual([]);
  });

  it('cite decision records that exist', () => {
    const cited = matches(/\b[Dd]ecisions? (\d{3})(?:(?:,| and) (\d{3}))*/g).flatMap((hit) =>
      [...(hit.split(': ').pop() ?? '').matchAll(/\d{3}/g)].map((m) => [hit, m[0]] as const),
    );
    expect(cited.length).toBeGreaterThan(40);
    expect(cited.filter(([, id]) => !records.has(id)).map(([hit]) => hit)).toEqual([]);
  });
});
