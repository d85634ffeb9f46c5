import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';

/**
 * Zopfli writes ordinary gzip that is 3-4% smaller than zlib's level 9 (bench/README.md,
 * public-pages), at about 100 times the CPU: worth it once per build for files sent on every visit.
 * More iterations than this gain less than 0.1%.
 */
const ZOPFLI_ITERATIONS = 5;

/**
 * Writes `<file>.gz` (zopfli) and `<file>.br` (brotli, quality 11) beside `file`, each only when it
 * is smaller than the file itself (otherwise the file is sent as it is). Returns whether it wrote any.
 */
export async function compressFile(file: string): Promise<boolean> {
  const content = readFileSync(file);
  const brotli = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
  if (brotli.length < content.length) writeFileSync(`${file}.br`, brotli);
  const gzip = await gzipAsync(content, { numiterations: ZOPFLI_ITERATIONS });
  if (gzip.length < content.length) writeFileSync(`${file}.gz`, gzip);
  return brotli.length < content.length || gzip.length < content.length;
}
