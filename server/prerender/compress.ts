import { readdirSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

// Source maps are left alone: only developer tools fetch them, and they are large to compress.
const COMPRESSIBLE = /\.(js|css|svg|json|txt|xml|html)$/;
/** Below this size gzip's own framing (18 bytes) eats most of what it could save. */
const MIN_BYTES = 256;

function compressibleFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    const stats = statSync(file);
    if (stats.isDirectory()) return compressibleFiles(file);
    return COMPRESSIBLE.test(name) && stats.size >= MIN_BYTES ? [file] : [];
  });
}

function compressInThread(files: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./compress-worker.ts', import.meta.url), { workerData: files });
    let compressed: number | null = null;
    worker.once('message', (count: number) => (compressed = count));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      code === 0 && compressed !== null
        ? resolve(compressed)
        : reject(new Error(`a compression thread exited with code ${code}`)),
    );
  });
}

/**
 * Writes .br and .gz copies next to every compressible file under `dirs`, which @fastify/static
 * (preCompressed: true) sends to browsers that accept them. Zopfli is slow (about 20 s of CPU for a
 * build), so the files are shared out among one thread per core, largest first. Returns how many
 * files got a compressed copy.
 */
export async function precompress(dirs: string[]): Promise<number> {
  const files = dirs
    .flatMap(compressibleFiles)
    .map((file) => ({ file, size: statSync(file).size }))
    .sort((a, b) => b.size - a.size);
  const threads = Math.max(1, Math.min(os.availableParallelism(), files.length));
  const shares: Array<{ files: string[]; bytes: number }> = Array.from({ length: threads }, () => ({
    files: [],
    bytes: 0,
  }));
  for (const { file, size } of files) {
    const lightest = shares.reduce((min, share) => (share.bytes < min.bytes ? share : min));
    lightest.files.push(file);
    lightest.bytes += size;
  }
  const counts = await Promise.all(
    shares.filter((s) => s.files.length > 0).map((s) => compressInThread(s.files)),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}
