import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '#shared/site/config.ts';
import { pagesManifestPath, readPrerenderManifest, sameSite } from '../prerender/manifest.ts';

const SOURCES = ['client', 'shared', 'vite.config.ts', 'package-lock.json', 'server/prerender'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child)));
  }
  return newest;
}

/**
 * The build is stale when any client source is newer than its last step's output, the prerendered
 * pages' manifest (written last, so an interrupted build counts as stale), or when the site identity
 * it baked in (SITE_*, APP_URL) is not the one configured now: the footer would show the old one.
 */
export function clientBuildIsStale(root: string, outDir: string, site?: SiteConfig): boolean {
  const manifest = pagesManifestPath(outDir);
  if (!existsSync(manifest) || !existsSync(path.join(outDir, 'index.html'))) return true;
  const builtAt = statSync(manifest).mtimeMs;
  if (SOURCES.some((source) => newestMtime(path.join(root, source)) > builtAt)) return true;
  return site !== undefined && !sameSite(readPrerenderManifest(outDir)?.site, site);
}

function run(root: string, label: string, args: string[]): void {
  const result = spawnSync(process.execPath, args, {
    cwd: root,
    stdio: 'inherit',
    // A production build even when started from a test run (NODE_ENV=test would bundle React's
    // development build).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error(`${label} failed (exit ${result.status ?? 'signal'})`);
}

/** `npm run build`: the browser bundle, the prerenderer's SSR bundle, then the prerendered pages. */
export function buildClient(root: string): void {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  run(root, 'Client build', [vite, 'build']);
  run(root, 'SSR build', [vite, 'build', '--ssr', 'src/entry-server.tsx']);
  run(root, 'Prerendering', [path.join(root, 'server', 'cli', 'prerender.ts')]);
}
