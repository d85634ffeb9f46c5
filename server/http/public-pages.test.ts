import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPageData } from '#shared/content/pages/build.ts';
import type { PageData } from '#shared/content/pages/types.ts';
import { indexableRoutes, noindexRoutes, publicRoutes } from '#shared/content/routes.ts';
import { buildSiteConfig } from '#shared/site/config.ts';
import { testServices } from '#test/support/services.ts';
import { type AppServer, createServer } from '../app.ts';
import { buildClient, clientBuildIsStale } from '../cli/client-build.ts';
import { createDatabase, type Database } from '../db/database.ts';
import { type PrerenderManifest, readPrerenderManifest } from '../prerender/manifest.ts';

/*
 * The real server over the real build: every public route answers with its prerendered HTML
 * (head tags, heading, structured data) before any JavaScript runs. Builds dist/ first when it is
 * missing or older than its sources.
 */
const root = path.resolve(import.meta.dirname, '..', '..');
const clientDir = path.join(root, 'dist', 'client');

let server: AppServer;
let db: Database;
let manifest: PrerenderManifest;

beforeAll(async () => {
  if (clientBuildIsStale(root, clientDir)) buildClient(root);
  const built = readPrerenderManifest(clientDir);
  if (!built) throw new Error('the build left no prerender manifest');
  manifest = built;
  // These routes never touch the database; an unreachable one proves it.
  db = createDatabase({ connectionString: 'postgres://nobody:x@127.0.0.1:9/none', max: 1 });
  const site = buildSiteConfig({ APP_URL: manifest.appUrl });
  server = await createServer({
    services: testServices(db, { config: { appUrl: manifest.appUrl, site } }),
    clientDir,
    logLevel: 'silent',
  });
}, 300_000);

afterAll(async () => {
  await server.stop();
  await db.destroy();
});

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'" };
function decode(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#x27);/g, (_, name: string) => entities[name] ?? '');
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = new RegExp(
    `<meta ${attribute}="${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}" content="([^"]*)"`,
  ).exec(html);
  return tag?.[1] === undefined ? undefined : decode(tag[1]);
}

function title(html: string): string | undefined {
  const match = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return match === undefined ? undefined : decode(match);
}

function h1(html: string): string {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return decode(match.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, ''));
}

/** The entry and preloads the page's boot script loads once the page has painted (client/src/boot.ts). */
function bootedScripts(html: string): string[] {
  const boot = /<script type="module" src="[^"]+" data-entry="([^"]+)" data-preload="([^"]*)"/.exec(html);
  return boot ? [boot[1] ?? '', ...(boot[2] ?? '').split(' ').filter(Boolean)] : [];
}

function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as Record<string, unknown>,
  );
}

function expectedHeading(data: PageData): string {
  switch (data.kind) {
    case 'home':
      return data.hero.title;
    case 'city':
    case 'brand':
      return data.heroTitle;
    case 'blog':
      return 'Guides to Selling, Valuing and Authenticating Luxury Watches';
    case 'article':
      return data.post.title;
    case 'authentication':
      return 'Luxury Watch Authentication';
    case 'legal':
      return data.document.title;
  }
}

async function get(url: string, headers: Record<string, string> = {}) {
  return server.app.inject({ method: 'GET', url, headers });
}

describe('prerendered public pages', () => {
  it('prerendered every public route', () => {
    expect(Object.keys(manifest.pages).sort()).toEqual([...publicRoutes].sort());
  });

  it.each(publicRoutes)('%s has its content and head in the HTML', async (route) => {
    const res = await get(route);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html.startsWith('<!DOCTYPE html><html lang="en-AU">')).toBe(true);
    const canonical = route === '/' ? `${manifest.appUrl}/` : `${manifest.appUrl}${route}`;
    expect(title(html)).toBeTruthy();
    expect(metaContent(html, 'name', 'description')).toBeTruthy();
    expect(h1(html)).not.toBe('');

    // Every page can be shared: the four social tags are in the HTML (decision 010).
    for (const [attribute, key] of [
      ['property', 'og:title'],
      ['property', 'og:description'],
      ['property', 'og:image'],
      ['name', 'twitter:title'],
    ] as const) {
      expect(metaContent(html, attribute, key), `${route} ${key}`).toBeTruthy();
    }
    expect(metaContent(html, 'property', 'og:title')).toBe(title(html));
    expect(metaContent(html, 'property', 'og:image')).toMatch(/^https?:\/\/.+\/assets\//);

    const data = buildPageData(route, buildSiteConfig({ APP_URL: manifest.appUrl }));
    if (noindexRoutes.includes(route)) {
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      return;
    }
    expect(html).toContain(`<link rel="canonical" href="${canonical}"`);
    expect(metaContent(html, 'property', 'og:url')).toBe(canonical);
    expect(html).not.toMatch(/<meta name="robots"/);
    if (!data) return; // the sell page: its tags come from the route (checked above)
    expect(title(html)).toBe(data.seo.title);
    expect(metaContent(html, 'name', 'description')).toBe(data.seo.description);
    expect(metaContent(html, 'property', 'og:title')).toBe(data.seo.title);
    expect(metaContent(html, 'property', 'og:description')).toBe(data.seo.description);
    expect(metaContent(html, 'property', 'og:image')).toBe(data.seo.image.url);
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'name', 'twitter:title')).toBe(data.seo.title);
    expect(h1(html)).toBe(expectedHeading(data));
    expect(jsonLd(html)).toEqual(JSON.parse(JSON.stringify(data.seo.jsonLd)));
  });

  it('gives landing pages a local business and an FAQ page, and articles a blog posting', async () => {
    const landing = publicRoutes.filter((r) => r === '/' || /^\/sell-.+/.test(r));
    expect(landing).toHaveLength(16);
    for (const route of landing) {
      const types = jsonLd((await get(route)).body).map((b) => b['@type']);
      expect(types, route).toEqual(expect.arrayContaining(['LocalBusiness', 'FAQPage']));
    }
    for (const route of publicRoutes.filter((r) => r.startsWith('/blog/'))) {
      const posting = jsonLd((await get(route)).body).find((b) => b['@type'] === 'BlogPosting');
      expect(posting, route).toMatchObject({
        '@context': 'https://schema.org',
        url: `${manifest.appUrl}${route}`,
      });
    }
  });

  it('shows a sanitised article body with its call to action and related articles', async () => {
    const html = (await get('/blog/how-to-value-your-luxury-watch')).body;
    expect(html).toContain('Ready to Sell Your Luxury Watch?');
    expect(html).toContain('Get Your Free Valuation');
    expect(html).toContain('Related Articles');
    expect(html).toContain('href="/blog/complete-guide-selling-rolex-australia"');
    expect(html).toContain('href="/blog/authenticate-vintage-omega-speedmaster"');
    expect(html).toContain('15 April 2025');
    expect(html).toContain('11 min read');
    expect(html).toContain('<div class="prose"><p>');
  });

  it('runs no inline script and keeps the strict script policy', async () => {
    for (const route of ['/', '/blog/how-to-value-your-luxury-watch', '/sell', '/nope']) {
      const res = await get(route);
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toMatch(/script-src 'self'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      const inline = [
        ...res.body.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g),
      ];
      expect(
        inline.map((m) => m[0]),
        route,
      ).toEqual([]);
    }
  });

  it('loads no admin routes, admin or Mantine code on public pages', async () => {
    for (const route of [
      '/',
      '/sell-watch-sydney',
      '/sell-rolex-watch',
      '/blog',
      '/blog/how-to-value-your-luxury-watch',
    ]) {
      const html = (await get(route)).body;
      const files = [
        ...[...html.matchAll(/<(?:script type="module" src|link rel="stylesheet" href)="([^"]+)"/g)].map(
          (m) => m[1] ?? '',
        ),
        ...bootedScripts(html),
      ];
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) {
        const code = readFileSync(path.join(clientDir, file), 'utf8');
        expect(code, `${route} loads ${file}`).not.toMatch(/mantine/i);
        expect(code, `${route} loads ${file}`).not.toContain('Email Campaign Manager');
        // The public router's tree has no admin routes: no definitions, no lazy imports of them.
        expect(code, `${route} loads ${file}`).not.toContain('/admin/_guarded');
        expect(code, `${route} loads ${file}`).not.toContain('AdminShell');
      }
    }
  });

  it('answers compressed and with cache headers', async () => {
    const page = await get('/', { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeTruthy();
    const again = await get('/', { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    const [entry] = bootedScripts((await get('/')).body);
    const asset = await get(entry ?? '', { 'accept-encoding': 'gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('redirects a trailing slash to the canonical path', async () => {
    const res = await get('/blog/?utm_source=x');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/blog?utm_source=x');
  });
});

describe('unknown paths', () => {
  it.each(['/nope', '/blog/a/b', '/sell-watch-geelong', '/sell-omega-watch'])(
    '%s is the not-found page with status 404 and noindex',
    async (route) => {
      const res = await get(route);
      expect(res.statusCode).toBe(404);
      expect(res.headers['x-robots-tag']).toBe('noindex');
      expect(res.body).toContain('<meta name="robots" content="noindex"/>');
      expect(h1(res.body)).toBe('404');
      expect(res.body).toContain('Oops! Page not found');
      expect(res.body).toContain('href="/"');
      expect(res.body).not.toContain('rel="canonical"');
    },
  );

  it('answers an unknown article with the article not-found view and status 404', async () => {
    const res = await get('/blog/no-such-article');
    expect(res.statusCode).toBe(404);
    expect(h1(res.body)).toBe('Article Not Found');
    expect(res.body).toContain('Back to Blog');
    expect(res.body).toContain('href="/blog"');
    expect(res.body).toMatch(/<meta name="robots" content="noindex/);
  });

  it('keeps API paths as JSON 404s and serves the admin area its SPA shell', async () => {
    expect((await get('/api/nope')).json()).toEqual({ error: 'Not found' });
    for (const route of ['/admin', '/admin/login', '/admin/campaigns/12']) {
      const res = await get(route);
      expect(res.statusCode, route).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('__page_data');
      expect(res.headers['x-robots-tag']).toBe('noindex');
      // The admin router and its layout are fetched with the entry, not after it.
      const preloads = [...res.body.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
      expect(preloads.some((href) => /\/assets\/admin-router-[\w-]+\.js$/.test(href ?? ''))).toBe(true);
      for (const href of preloads) expect(existsSync(path.join(clientDir, href ?? ''))).toBe(true);
    }
  });
});

describe('SEO routes and page data', () => {
  it('lists every indexable route in sitemap.xml', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(indexableRoutes.length);
    for (const route of indexableRoutes) {
      expect(locs).toContain(route === '/' ? `${manifest.appUrl}/` : `${manifest.appUrl}${route}`);
    }
  });

  it('keeps crawlers out of /admin in robots.txt', async () => {
    const res = await get('/robots.txt');
    expect(res.body).toContain('Disallow: /admin');
    expect(res.body).toContain(`Sitemap: ${manifest.appUrl}/sitemap.xml`);
  });

  it('serves page data for client-side navigation', async () => {
    const city = await get('/api/page-data?path=/sell-watch-sydney');
    expect(city.statusCode).toBe(200);
    expect(city.json()).toMatchObject({ kind: 'city', city: 'Sydney' });
    expect((await get('/api/page-data?path=/sell-watch-geelong')).statusCode).toBe(404);
    expect((await get('/api/page-data?path=sell')).statusCode).toBe(400);
    expect((await get('/api/page-data')).statusCode).toBe(400);
  });
});
