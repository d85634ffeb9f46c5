import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// We reach dependencies through their public API. An assignment to an
// underscore-prefixed field (`x._scroll = …`, `x.__key = …`) is writing someone's private state.

const root = path.resolve(import.meta.dirname, '..');
/**
 * Globals, not a dependency's fields: the one Meta's documented pixel snippet defines, and our
 * own event log for tests (client/src/public/analytics.ts).
 */
const ALLOWED = new Set(['window._fbq', 'window.__analyticsEvents']);

function sourceFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const full = path.join(folder, name);
    if (name === 'node_modules' || name.endsWith('.gen.ts')) continue;
    if (statSync(full).isDirectory()) sourceFiles(full, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

describe('dependencies are used through their public API', () => {
  it('no code under client/ or server/ assigns to an underscore-prefixed field', () => {
    const writes: string[] = [];
    for (const file of [
      ...sourceFiles(path.join(root, 'client')),
      ...sourceFiles(path.join(root, 'server')),
    ]) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(/([\w$.]+)\.(_{1,2}[A-Za-z]\w*)\s*(?:=(?!=)|\+=|-=|\?\?=|\|\|=)/g)) {
        const target = `${match[1]}.${match[2]}`;
        if (!ALLOWED.has(target)) writes.push(`${path.relative(root, file)}: ${match[0]}`);
      }
    }
    expect(writes).toEqual([]);
  });
});
