import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const sprite = readFileSync(path.join(import.meta.dirname, 'icons.svg'), 'utf8');
const symbols = new Set([...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
const clientSrc = path.resolve(import.meta.dirname, '..');
const contentDir = path.resolve(import.meta.dirname, '../../../shared/content');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every value of an `icon` key anywhere in `value`. */
function iconKeys(value: unknown, found = new Set<string>(), seen = new Set<unknown>()): Set<string> {
  if (typeof value !== 'object' || value === null || seen.has(value)) return found;
  seen.add(value);
  for (const [key, child] of Object.entries(value)) {
    if (key === 'icon' && typeof child === 'string') found.add(child);
    else iconKeys(child, found, seen);
  }
  return found;
}

describe('icons.svg', () => {
  it('has a 24x24 symbol with a path for each icon, each id once', () => {
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(20);
    expect(new Set(ids).size).toBe(ids.length);
    for (const symbol of sprite.match(/<symbol [^>]*>.*?<\/symbol>/g) ?? [])
      expect(symbol).toMatch(/viewBox="0 0 24 24"><path d="[^"]+"\/>/);
  });

  it('has every icon the code names', () => {
    const used = new Set<string>();
    for (const file of sourceFiles(clientSrc)) {
      for (const m of readFileSync(file, 'utf8').matchAll(/<Icon\b[^>]*\bname="([^"]+)"/g))
        used.add(m[1] ?? '');
    }
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !symbols.has(name))).toEqual([]);
  });

  it('has every icon the site content names', async () => {
    const used = new Set<string>();
    for (const file of sourceFiles(contentDir)) iconKeys(await import(file), used);
    // Proves the scan reaches the content (ten icons today), not an exact count.
    expect(used.size).toBeGreaterThan(5);
    expect([...used].filter((name) => !symbols.has(name))).toEqual([]);
  });
});
