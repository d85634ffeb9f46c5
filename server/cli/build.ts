import { buildClient } from './client-build.ts';
import { bundleWorker } from './worker-bundle.ts';

// `npm run build`: one command for the client bundle, the SSR bundle, the prerendered pages and
// the production worker's bundle.
buildClient(process.cwd());
await bundleWorker(process.cwd());
