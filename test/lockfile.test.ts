import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Lock {
  packages: Record<string, { optionalDependencies?: Record<string, string> }>;
}

// `npm ci` refuses a lock that names an optional dependency without recording it. The registry
// reachable here lacks some other-platform builds, so `npm install` can drop them silently.
describe('package-lock.json', () => {
  it('records every optional dependency it names (else run node scripts/complete-lockfile.ts)', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lock;
    const missing: string[] = [];
    for (const [location, entry] of Object.entries(lock.packages)) {
      for (const name of Object.keys(entry.optionalDependencies ?? {})) {
        const nested = `${location}/node_modules/${name}`;
        if (!lock.packages[nested] && !lock.packages[`node_modules/${name}`])
          missing.push(`${name} (from ${location || 'root'})`);
      }
    }
    expect(missing).toEqual([]);
  });
});
