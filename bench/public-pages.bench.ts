import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import { createServer } from '#server/app.ts';
import { buildClient, clientBuildIsStale } from '#server/cli/client-build.ts';
import { createDatabase } from '#server/db/database.ts';
import { PAGES_DIR, readPrerenderManifest } from '#server/prerender/manifest.ts';
import { buildSiteConfig } from '#shared/site/config.ts';
import { testServices } from '#test/support/services.ts';

/**
 * `npm run bench -- public-pages`: the JavaScript and CSS each prerendered public page loads
 * (gzip, as in the .gz files the server sends), then Lighthouse (mobile and desktop presets) on the
 * home page, a city page, a brand page and an article, served by the real server from dist/.
 * Builds first when dist/ is missing or stale. Chromium: CHROMIUM_PATH or /usr/bin/chromium.
 */

const root = path.resolve(import.meta.dirname, '..');
const clientDir = path.join(root, 'dist', 'client');
// PUBLIC_PAGES_LIGHTHOUSE_ROUTES and _PRESETS (comma-separated) narrow the Lighthouse runs.
const LIGHTHOUSE_PAGES = process.env.PUBLIC_PAGES_LIGHTHOUSE_ROUTES?.split(',') ?? [
  '/',
  '/sell-watch-sydney',
  '/sell-rolex-watch',
  '/blog/how-to-value-your-luxury-watch',
];
const LIGHTHOUSE_PRESETS = (
  process.env.PUBLIC_PAGES_LIGHTHOUSE_PRESETS?.split(',') ?? ['mobile', 'desktop']
).map((preset) => {
  if (preset !== 'mobile' && preset !== 'desktop') throw new Error(`Unknown Lighthouse preset ${preset}`);
  return preset;
});
// The goal the router's own modules (scroll, HeadContent) must meet on a landing or article page
// for us to keep them rather than a smaller copy (decision 010).
const BUDGET_KB = 115;
// A folder for the full Lighthouse reports (JSON), to see what a score is made of.
const reportsDir = process.env.PUBLIC_PAGES_LIGHTHOUSE_REPORTS;
if (reportsDir) mkdirSync(reportsDir, { recursive: true });

/**
 * kB the server sends for `file` to a client accepting `encoding`: the build's compressed copy
 * (zopfli for gzip), or the file itself where compressing did not pay (server/prerender/compress.ts).
 */
function servedKb(file: string, encoding: 'gz' | 'br'): number {
  const compressed = path.join(clientDir, `${file}.${encoding}`);
  return statSync(existsSync(compressed) ? compressed : path.join(clientDir, file)).size / 1024;
}
const gzipKb = (file: string) => servedKb(file, 'gz');
const brotliKb = (file: string) => servedKb(file, 'br');

/**
 * The scripts a prerendered page starts with: the boot script and what it loads once the page has
 * painted (its entry and preloads; prerender.ts finishDocument), or the entry and preloads of a
 * page without a boot script.
 */
function startupScripts(html: string): string[] {
  const boot = /<script type="module" src="([^"]+)"([^>]*)>/.exec(html);
  const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(boot?.[2] ?? '')?.[1] ?? '';
  const loaded = [attribute('data-entry'), ...attribute('data-preload').split(' ')];
  const preloads = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? '');
  return [boot?.[1] ?? '', ...loaded, ...preloads].filter(Boolean);
}

function pageWeights(html: string): { js: number; jsBrotli: number; css: number; files: number } {
  const scripts = startupScripts(html);
  const sheets = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)];
  return {
    js: scripts.reduce((sum, file) => sum + gzipKb(file), 0),
    jsBrotli: scripts.reduce((sum, file) => sum + brotliKb(file), 0),
    css: sheets.reduce((sum, m) => sum + gzipKb(m[1] ?? ''), 0),
    files: scripts.length,
  };
}

async function waitForDevtools(port: number, chromium: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (chromium.exitCode !== null) throw new Error(`Chromium exited with code ${chromium.exitCode}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/json/version`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its DevTools port');
}

/**
 * One Lighthouse run, repeated (up to 3 times) when Lighthouse itself failed to record the trace
 * (a `runtimeError` such as NO_NAVSTART, seen about once in ten runs on a busy machine), which
 * would otherwise print a performance score of 0 for a page that loaded fine.
 */
async function audit(url: string, flags: Flags, preset: 'mobile' | 'desktop'): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    const run = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const lhr: Result | undefined = run?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (!lhr.runtimeError || attempt === 3) return lhr;
    console.log(`${''.padEnd(53)}Lighthouse failed (${lhr.runtimeError.code}), running again`);
  }
}

/** Every script the page loaded during the Lighthouse run, at the gzip size the server sends. */
function scriptGzipKb(lhr: Result, origin: string): number {
  const requests = lhr.audits['network-requests']?.details;
  if (!requests || requests.type !== 'table') return Number.NaN;
  return requests.items
    .map((item) => (item.resourceType === 'Script' && typeof item.url === 'string' ? item.url : ''))
    .filter((url) => url.startsWith(`${origin}/`))
    .reduce((sum, url) => sum + gzipKb(new URL(url).pathname.slice(1)), 0);
}

if (clientBuildIsStale(root, clientDir)) {
  console.log('building (dist/ is missing or older than its sources)');
  buildClient(root);
}
const manifest = readPrerenderManifest(clientDir);
if (!manifest) throw new Error('no prerendered pages in dist/client');

console.log("\nJavaScript and CSS loaded by each public page at start-up, kB as served: gzip (the build's");
console.log('zopfli .gz copies) and Brotli for JS, gzip for CSS. Chunks loaded later (web-vitals after the');
console.log("load event, the mobile drawer) are in the Lighthouse table's last columns.\n");
console.log(
  `${'page'.padEnd(52)} ${'JS'.padStart(7)} ${'JS br'.padStart(7)} ${'files'.padStart(5)} ${'CSS'.padStart(6)}`,
);
let over = 0;
for (const [route, page] of Object.entries(manifest.pages)) {
  const weights = pageWeights(readFileSync(path.join(clientDir, PAGES_DIR, page.file), 'utf8'));
  if (weights.js > BUDGET_KB) over += 1;
  console.log(
    `${route.padEnd(52)} ${weights.js.toFixed(1).padStart(7)} ${weights.jsBrotli.toFixed(1).padStart(7)} ${String(weights.files).padStart(5)} ${weights.css.toFixed(1).padStart(6)}`,
  );
}
console.log(
  `\n${over} of ${Object.keys(manifest.pages).length} pages load more than ${BUDGET_KB} kB of JavaScript (gzip).`,
);

const db = createDatabase({ connectionString: 'postgres://nobody:x@127.0.0.1:9/none', max: 1 });
const appUrl = manifest.appUrl;
const server = await createServer({
  services: testServices(db, { config: { appUrl, site: buildSiteConfig({ APP_URL: appUrl }) } }),
  clientDir,
  logLevel: 'warn',
});
const origin = (await server.start(0, '127.0.0.1')).replace('localhost', '127.0.0.1');

const debuggingPort = 9300 + Math.floor(Math.random() * 500);
const profile = mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'));
const chromium = spawn(
  process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    `--remote-debugging-port=${debuggingPort}`,
    `--user-data-dir=${profile}`,
    'about:blank',
  ],
  { stdio: 'ignore' },
);

try {
  await waitForDevtools(debuggingPort, chromium);
  const flags: Flags = { port: debuggingPort, output: 'json', logLevel: 'error' };
  const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
  console.log(
    `\nLighthouse ${origin} (scores 0-100; JS br = script bytes transferred (Brotli), JS gz = the same\n` +
      'scripts at their gzip size as served; both include chunks loaded after start-up):\n',
  );
  console.log(
    `${'page'.padEnd(44)} ${'preset'.padEnd(8)} ${categories.map((c) => c.slice(0, 6).padStart(7)).join('')} ${'LCP ms'.padStart(7)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'JS br'.padStart(6)} ${'JS gz'.padStart(6)}`,
  );
  for (const route of LIGHTHOUSE_PAGES) {
    for (const preset of LIGHTHOUSE_PRESETS) {
      const lhr = await audit(`${origin}${route}`, flags, preset);
      const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const resources = lhr.audits['resource-summary']?.details;
      const scriptBytes =
        resources && resources.type === 'table'
          ? Number(resources.items.find((item) => item.resourceType === 'script')?.transferSize ?? 0)
          : Number.NaN;
      console.log(
        `${route.padEnd(44)} ${preset.padEnd(8)} ${categories.map((c) => String(score(c)).padStart(7)).join('')} ${Math.round(numeric('largest-contentful-paint')).toString().padStart(7)} ${Math.round(numeric('total-blocking-time')).toString().padStart(7)} ${numeric('cumulative-layout-shift').toFixed(3).padStart(6)} ${(scriptBytes / 1024).toFixed(1).padStart(6)} ${scriptGzipKb(lhr, origin).toFixed(1).padStart(6)}`,
      );
      if (reportsDir) {
        const name = `${route === '/' ? 'home' : route.slice(1).replaceAll('/', '_')}-${preset}.json`;
        writeFileSync(path.join(reportsDir, name), JSON.stringify(lhr));
      }
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id);
      if (failing.length) console.log(`${''.padEnd(53)}failed audits: ${failing.join(', ')}`);
    }
  }
} finally {
  chromium.kill('SIGTERM');
  await server.stop();
  await db.destroy();
  rmSync(profile, { recursive: true, force: true });
}
