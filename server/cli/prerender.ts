import path from 'node:path';
import { precompress } from '../prerender/compress.ts';
import { PAGES_DIR } from '../prerender/manifest.ts';
import { prerender } from '../prerender/prerender.ts';

// Step 3 of `npm run build`: renders every public route of the SSR build to dist/client/_pages.
const root = process.cwd();
const clientDir = path.join(root, 'dist', 'client');
const started = performance.now();
console.log('prerendering public pages');
const manifest = await prerender({
  clientDir,
  serverEntry: path.join(root, 'dist', 'ssr', 'entry-server.js'),
  log: (line) => console.log(line),
});
const compressed = await precompress([path.join(clientDir, 'assets'), path.join(clientDir, PAGES_DIR)]);
console.log(
  `prerendered ${Object.keys(manifest.pages).length + manifest.notFound.length} pages for ${manifest.appUrl} and compressed ${compressed} assets in ${Math.round(performance.now() - started)} ms`,
);
