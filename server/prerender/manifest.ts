import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '#shared/site/config.ts';

/** Where the prerendered pages live inside the client build, and the index the server reads. */
export const PAGES_DIR = '_pages';
export const PAGES_MANIFEST = 'manifest.json';

export interface PrerenderedPage {
  /** Path of the HTML file, relative to the pages folder. */
  file: string;
  status: 200 | 404;
  noindex: boolean;
}

export interface NotFoundPage extends PrerenderedPage {
  /** Regular expression source tested against the path. */
  pattern: string | null;
}

export interface CspSources {
  'script-src': string[];
  'connect-src': string[];
  'img-src': string[];
  'frame-src': string[];
}

export interface PrerenderManifest {
  builtAt: string;
  /** The site URL the canonical links were built from (APP_URL at build time). */
  appUrl: string;
  /** The site identity baked into the pages (SITE_* at build time); absent in older builds. */
  site?: SiteConfig;
  /** Every prerendered public path. */
  pages: Record<string, PrerenderedPage>;
  /**
   * Not-found pages, served with status 404 to unknown paths: the first whose pattern matches the
   * path, else the last (pattern null). Paths that a route matches but whose content is missing
   * (/blog/<unknown>, /sell-watch-<unknown>) get a page rendered through that route, so the
   * browser hydrates the same tree.
   */
  notFound: NotFoundPage[];
  /** Extra Content-Security-Policy sources for the tracking tags configured at build time. */
  csp: CspSources;
}

export function pagesManifestPath(clientDir: string): string {
  return path.join(clientDir, PAGES_DIR, PAGES_MANIFEST);
}

export function readPrerenderManifest(clientDir: string): PrerenderManifest | null {
  const file = pagesManifestPath(clientDir);
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, 'utf8')) as PrerenderManifest;
}

export function sameSite(built: SiteConfig | undefined, current: SiteConfig): boolean {
  return JSON.stringify(built) === JSON.stringify(current);
}
