import { describe, expect, it } from 'vitest';
import { fileForPath, finishDocument, NOT_FOUND_PAGES, withPreloads } from './prerender.ts';

const assets = {
  boot: '/assets/boot-D.js',
  entry: '/assets/index-A.js',
  css: ['/assets/index-B.css'],
  preloads: ['/assets/page-C.js'],
};
const doc = '<!DOCTYPE html><html><head><title>T</title></head><body><main>x</main></body></html>';

describe('finishDocument', () => {
  it('adds stylesheets, the boot script naming the entry and preloads, the page data, and no inline executable script', () => {
    const html = finishDocument(doc, {
      assets,
      seed: { path: '/', note: '</script><script>alert(1)</script>\u2028' },
      canonicalUrl: null,
      noindex: false,
    });
    expect(html).toContain(
      '<link rel="stylesheet" href="/assets/index-B.css"><script type="module" src="/assets/boot-D.js" data-entry="/assets/index-A.js" data-preload="/assets/page-C.js" fetchpriority="low"></script></head>',
    );
    const data = /<script type="application\/json" id="__page_data">(.*?)<\/script><\/body>/.exec(html)?.[1];
    expect(data).toBeDefined();
    expect(data).not.toContain('</script>');
    expect(JSON.parse(data ?? '')).toEqual({ path: '/', note: '</script><script>alert(1)</script>\u2028' });
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>/g),
    ];
    expect(inline).toEqual([]);
  });

  it('adds a canonical link and og:url only where the page has none', () => {
    const added = finishDocument(doc, {
      assets,
      seed: {},
      canonicalUrl: 'https://x.au/sell',
      noindex: false,
    });
    expect(added).toContain(
      '<link rel="canonical" href="https://x.au/sell"><meta property="og:url" content="https://x.au/sell">',
    );
    const existing = doc.replace('<title>', '<link rel="canonical" href="https://x.au/a"/><title>');
    expect(
      finishDocument(existing, { assets, seed: {}, canonicalUrl: 'https://x.au/b', noindex: false }),
    ).not.toContain('https://x.au/b');
  });

  it('marks noindex pages unless they already carry a robots rule', () => {
    expect(finishDocument(doc, { assets, seed: {}, canonicalUrl: null, noindex: true })).toContain(
      '<meta name="robots" content="noindex">',
    );
    const own = doc.replace('<title>', '<meta name="robots" content="noindex, nofollow"/><title>');
    const html = finishDocument(own, { assets, seed: {}, canonicalUrl: null, noindex: true });
    expect(html.match(/name="robots"/g)).toHaveLength(1);
  });

  it('refuses a fragment', () => {
    expect(() =>
      finishDocument('<main></main>', { assets, seed: {}, canonicalUrl: null, noindex: false }),
    ).toThrow();
  });
});

describe('page files', () => {
  it('maps paths to files', () => {
    expect(fileForPath('/')).toBe('index.html');
    expect(fileForPath('/blog')).toBe('blog.html');
    expect(fileForPath('/blog/a-b')).toBe('blog/a-b.html');
  });

  it('has a not-found page per route family and a catch-all last', () => {
    const match = (p: string) =>
      NOT_FOUND_PAGES.find((n) => n.pattern === null || new RegExp(n.pattern).test(p))?.file;
    expect(match('/blog/unknown')).toBe('blog-404.html');
    expect(match('/sell-watch-geelong')).toBe('city-404.html');
    expect(match('/sell-omega-watch')).toBe('brand-404.html');
    expect(match('/blog/a/b')).toBe('404.html');
    expect(match('/whatever')).toBe('404.html');
    expect(NOT_FOUND_PAGES.at(-1)?.pattern).toBeNull();
    for (const page of NOT_FOUND_PAGES)
      if (page.pattern) expect(new RegExp(page.pattern).test(page.path)).toBe(true);
  });
});

describe('withPreloads', () => {
  const shell =
    '<!doctype html><html><head><script type="module" src="/assets/index-A.js"></script></head><body><div id="root"></div></body></html>';

  it('adds module preloads to the SPA shell once', () => {
    const once = withPreloads(shell, ['/assets/admin-router-B.js', '/assets/layout-C.js']);
    expect(once).toContain(
      '<link rel="modulepreload" href="/assets/admin-router-B.js"><link rel="modulepreload" href="/assets/layout-C.js"></head>',
    );
    expect(withPreloads(once, ['/assets/admin-router-B.js', '/assets/layout-C.js'])).toBe(once);
  });

  it('refuses a shell without a head', () => {
    expect(() => withPreloads('<div id="root"></div>', ['/assets/x.js'])).toThrow();
  });
});
