import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { noindexRoutes, publicRoutes } from '#shared/content/routes.ts';
import type { SiteConfig } from '#shared/site/config.ts';
import { adminShellPreloads, type PageAssets, pageAssets, type ViteManifest } from './assets.ts';
import { BOOT_ENTRY_ATTRIBUTE, BOOT_PRELOAD_ATTRIBUTE } from '#shared/site/boot-attributes.ts';
import { cspForTrackingTags, type TrackingIds } from './csp.ts';
import {
  type CspSources,
  type NotFoundPage,
  PAGES_DIR,
  pagesManifestPath,
  type PrerenderedPage,
  type PrerenderManifest,
} from './manifest.ts';

/** What dist/ssr/entry-server.js exports (client/src/entry-server.tsx). */
interface ServerEntry {
  renderPage(path: string): Promise<{
    status: 200 | 404;
    html: string;
    routeIds: string[];
    seed: { path: string; status: number };
  }>;
  site: SiteConfig;
  analyticsIds: TrackingIds;
}

/**
 * Not-found pages: a path each route family renders as not found, and the file served for unknown
 * paths the pattern matches. The last one, without a pattern, matches no route at all.
 */
export const NOT_FOUND_PAGES: readonly { pattern: string | null; path: string; file: string }[] = [
  { pattern: '^/blog/[^/]+$', path: '/blog/__not-found__', file: 'blog-404.html' },
  { pattern: '^/sell-watch-[^/]+$', path: '/sell-watch-__not-found__', file: 'city-404.html' },
  { pattern: '^/sell-[^/]+-watch$', path: '/sell-__not-found__-watch', file: 'brand-404.html' },
  { pattern: null, path: '/__not-found__', file: '404.html' },
];

/** JSON that cannot end the surrounding script element. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
}

export interface FinishOptions {
  assets: PageAssets;
  seed: unknown;
  canonicalUrl: string | null;
  noindex: boolean;
}

/**
 * Adds what React does not render: the stylesheets, the boot script with the entry and preloads it
 * loads once the page has painted (client/src/boot.ts), the page's data for the first render, and
 * for pages whose routes set no canonical link or robots rule (the sell and marketing-preferences
 * pages) those too. No executable inline script is added, so the strict Content-Security-Policy
 * (script-src 'self') holds. Only the boot script is fetched with the page, at low priority: the
 * prerendered page is complete without scripts, so its stylesheet and hero image go first, and the
 * app's scripts neither delay nor hold back its first and largest paints (Lighthouse mobile first
 * contentful paint 1.65 s -> 0.77 s, largest 1.65-1.85 s -> 0.94-1.44 s; bench/README.md).
 */
export function finishDocument(html: string, options: FinishOptions): string {
  const head: string[] = [];
  for (const href of options.assets.css) head.push(`<link rel="stylesheet" href="${escapeAttribute(href)}">`);
  const boot = escapeAttribute(options.assets.boot);
  const entry = escapeAttribute(options.assets.entry);
  const preloads = escapeAttribute(options.assets.preloads.join(' '));
  head.push(
    `<script type="module" src="${boot}" ${BOOT_ENTRY_ATTRIBUTE}="${entry}" ` +
      `${BOOT_PRELOAD_ATTRIBUTE}="${preloads}" fetchpriority="low"></script>`,
  );
  if (options.canonicalUrl && !/<link[^>]+rel="canonical"/.test(html)) {
    const url = escapeAttribute(options.canonicalUrl);
    head.push(`<link rel="canonical" href="${url}">`);
    if (!/property="og:url"/.test(html)) head.push(`<meta property="og:url" content="${url}">`);
  }
  if (options.noindex && !/<meta[^>]+name="robots"/.test(html))
    head.push('<meta name="robots" content="noindex">');
  const data = `<script type="application/json" id="__page_data">${scriptSafeJson(options.seed)}</script>`;
  if (!html.includes('</head>') || !html.includes('</body>'))
    throw new Error('Rendered page is not a full document');
  return html.replace('</head>', `${head.join('')}</head>`).replace('</body>', `${data}</body>`);
}

/** The SPA shell (Vite's index.html, served for /admin addresses) with module preloads added once. */
export function withPreloads(shell: string, preloads: readonly string[]): string {
  const links = preloads
    .filter((href) => !shell.includes(`href="${escapeAttribute(href)}"`))
    .map((href) => `<link rel="modulepreload" href="${escapeAttribute(href)}">`);
  if (!shell.includes('</head>')) throw new Error('The SPA shell has no </head>');
  return shell.replace('</head>', `${links.join('')}</head>`);
}

/** "/" → "index.html", "/blog/x" → "blog/x.html". */
export function fileForPath(pagePath: string): string {
  return pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
}

export interface PrerenderOptions {
  /** dist/client: Vite's client build, where the pages are written. */
  clientDir: string;
  /** The SSR build of client/src/entry-server.tsx. */
  serverEntry: string;
  log?: (line: string) => void;
}

export async function prerender(options: PrerenderOptions): Promise<PrerenderManifest> {
  const log = options.log ?? (() => undefined);
  const viteManifest = JSON.parse(
    readFileSync(path.join(options.clientDir, '.vite', 'manifest.json'), 'utf8'),
  ) as ViteManifest;
  const entry = (await import(pathToFileURL(options.serverEntry).href)) as ServerEntry;
  const appUrl = entry.site.url;
  const pagesDir = path.join(options.clientDir, PAGES_DIR);
  mkdirSync(pagesDir, { recursive: true });

  const write = async (pagePath: string, file: string, expected: 200 | 404): Promise<PrerenderedPage> => {
    const page = await entry.renderPage(pagePath);
    if (page.status !== expected)
      throw new Error(`${pagePath} rendered with status ${page.status}, expected ${expected}`);
    const noindex = expected === 404 || noindexRoutes.includes(pagePath);
    const html = finishDocument(page.html, {
      assets: pageAssets(viteManifest, page.routeIds, page.status === 404),
      seed: page.seed,
      canonicalUrl:
        expected === 200 && !noindex ? (pagePath === '/' ? `${appUrl}/` : `${appUrl}${pagePath}`) : null,
      noindex,
    });
    const target = path.join(pagesDir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, html);
    log(`  ${expected} ${pagePath} → ${PAGES_DIR}/${file} (${(html.length / 1024).toFixed(1)} kB)`);
    return { file, status: expected, noindex };
  };

  const pages: Record<string, PrerenderedPage> = {};
  for (const pagePath of publicRoutes) pages[pagePath] = await write(pagePath, fileForPath(pagePath), 200);
  const notFound: NotFoundPage[] = [];
  for (const page of NOT_FOUND_PAGES) {
    notFound.push({ ...(await write(page.path, page.file, 404)), pattern: page.pattern });
  }

  const shellFile = path.join(options.clientDir, 'index.html');
  writeFileSync(shellFile, withPreloads(readFileSync(shellFile, 'utf8'), adminShellPreloads(viteManifest)));

  const csp: CspSources = cspForTrackingTags(entry.analyticsIds);
  const manifest: PrerenderManifest = {
    builtAt: new Date().toISOString(),
    appUrl,
    site: entry.site,
    pages,
    notFound,
    csp,
  };
  writeFileSync(pagesManifestPath(options.clientDir), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}
