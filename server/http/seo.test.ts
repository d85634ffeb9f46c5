import { describe, expect, it } from 'vitest';
import { indexableRoutes, publicRoutes } from '#shared/content/routes.ts';
import { absoluteUrl, robotsTxt, sitemapXml } from './seo.ts';

describe('sitemap.xml', () => {
  it('lists every indexable public route as an absolute URL', () => {
    const xml = sitemapXml('https://watches.example.com.au');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(indexableRoutes.map((r) => absoluteUrl('https://watches.example.com.au', r)));
    expect(locs).toContain('https://watches.example.com.au/');
    expect(locs).toContain('https://watches.example.com.au/blog/how-to-value-your-luxury-watch');
    expect(locs).not.toContain('https://watches.example.com.au/unsubscribe');
    expect(locs).not.toContain('https://watches.example.com.au/confirm-subscription');
    expect(locs).toHaveLength(publicRoutes.length - 2);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
  });

  it('escapes XML in URLs', () => {
    expect(sitemapXml('https://a.au', ['/x&y'])).toContain('<loc>https://a.au/x&amp;y</loc>');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of the admin area and points at the sitemap', () => {
    const robots = robotsTxt('https://watches.example.com.au');
    expect(robots).toContain('Disallow: /admin\n');
    expect(robots).toContain('Disallow: /confirm-subscription\n');
    expect(robots).toContain('Sitemap: https://watches.example.com.au/sitemap.xml');
  });

  it('leaves redirects out of the sitemap', () => {
    const xml = sitemapXml('https://example.com', ['/', '/sell-form', '/sell']);
    expect(xml).not.toContain('/sell-form');
    expect(xml).toContain('<loc>https://example.com/sell</loc>');
  });
});
