import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

// `npm run bench` runs every bench/*.bench.ts in turn; `npm run bench -- lead-submit` runs one.
// Each benchmark prints its own figures; bench/README.md records the latest ones.
const dir = import.meta.dirname;
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
const selected = wanted.length ? all.filter((f) => wanted.some((w) => f.startsWith(w))) : all;
if (selected.length === 0) {
  console.error(`No benchmark matches ${wanted.join(', ')}. Available: ${all.join(', ') || 'none'}`);
  process.exit(2);
}
let failed = 0;
for (const file of selected) {
  console.log(`\n=== ${file} ===`);
  const result = spawnSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);
