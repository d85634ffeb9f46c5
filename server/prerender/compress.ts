import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

// Source maps are left alone: only developer tools fetch them, and they are large to compress.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;
/** Below this size the compressed copy saves less than the extra file costs. */
const MIN_BYTES = 1024;

/**
 * Writes .br and .gz copies next to every compressible file under `dir`, which @fastify/static
 * (preCompressed: true) sends to browsers that accept them. Returns how many files were compressed.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      count += precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const content = readFileSync(file);
    if (content.length < MIN_BYTES) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    count += 1;
  }
  return count;
}
