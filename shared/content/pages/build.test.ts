import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, type SiteConfig } from '../../site/config.ts';
import { articles } from '../blog/index.ts';
import { internalLinks } from '../blog/sanitize.ts';
import { brandPages } from '../brands.ts';
import { brandCatalog, cityCatalog } from '../catalog.ts';
import { cities } from '../cities.ts';
import { publicRoutes } from '../routes.ts';
import { buildPageData, RELATED_ARTICLE_SLUGS } from './build.ts';
import type { PageData, PageDataOf, PageKind } from './types.ts';

const site: SiteConfig = { ...defaultSiteConfig, url: 'https://watches.example.com.au' };
const appRoutes = ['/sell', '/unsubscribe', '/confirm-subscription', '/certificates/verify'];
const contentRoutes = publicRoutes.filter((r) => !appRoutes.includes(r));
const publicDir = path.join(import.meta.dirname, '..', '..', '..', 'client', 'public');

function page<K extends PageKind>(route: string, kind: K): PageDataOf<K> {
  const data = buildPageData(route, site);
  if (data?.kind !== kind) throw new Error(`${route} is not a ${kind} page`);
  return data as PageDataOf<K>;
}

/** Every string under a `to`/`url` key, and every link inside HTML strings, at any depth. */
function links(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) links(v, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'to' || key === 'url') && typeof v === 'string') out.push(v);
      else if (key === 'content' && typeof v === 'string') out.push(...internalLinks(v));
      else links(v, out);
    }
  }
  return out;
}

function jsonLdTypes(data: PageData): string[] {
  return data.seo.jsonLd.map((block) => String(block['@type']));
}

describe('catalog', () => {
  it('names the same cities and brands as the landing pages', () => {
    expect(cityCatalog.map((c) => [c.city, c.state, c.path])).toEqual(
      cities.map((c) => [c.city, c.state, `/${c.urlSlug}`]),
    );
    expect(brandCatalog.map((b) => [b.name, b.path, b.highlights])).toEqual(
      brandPages.map((b) => [b.brandName, `/${b.urlSlug}`, b.popularModels.slice(0, 3)]),
    );
  });
});

describe('page data', () => {
  it('exists for every public content route and for no other path', () => {
    for (const route of contentRoutes) expect(buildPageData(route, site), route).not.toBeNull();
    for (const route of [
      ...appRoutes,
      '/nope',
      '/blog/nope',
      '/sell-watch-geelong',
      '/sell-omega-watch',
      '/sell-watch-sell-watch-sydney',
      '/sell-sell-rolex-watch-watch',
      '/blog/',
    ]) {
      expect(buildPageData(route, site), route).toBeNull();
    }
  });

  it('gives every page a title, a description and a canonical URL on the site', () => {
    const titles = new Set<string>();
    for (const route of contentRoutes) {
      const { seo } = buildPageData(route, site) as PageData;
      expect(seo.title, route).toContain(site.name);
      expect(seo.description.length, route).toBeGreaterThan(50);
      expect(seo.description.length, route).toBeLessThanOrEqual(200);
      expect(seo.canonicalUrl).toBe(
        route === '/' ? 'https://watches.example.com.au/' : `${site.url}${route}`,
      );
      expect(seo.image.url).toMatch(/^https:\/\/watches\.example\.com\.au\/assets\/.+\.jpg$/);
      expect(seo.noindex).toBe(false);
      titles.add(seo.title);
    }
    expect(titles.size).toBe(contentRoutes.length);
  });

  it('describes landing pages as a local business with an FAQ page (docs/spec/public-site.md §9)', () => {
    const landing = ['/', ...cityCatalog.map((c) => c.path), ...brandCatalog.map((b) => b.path)];
    for (const route of landing) {
      const data = buildPageData(route, site) as PageData;
      expect(jsonLdTypes(data), route).toEqual(expect.arrayContaining(['LocalBusiness', 'FAQPage']));
      const business = data.seo.jsonLd.find((b) => b['@type'] === 'LocalBusiness');
      expect(business).toMatchObject({
        openingHoursSpecification: [
          {
            dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
            opens: '09:00',
            closes: '17:00',
          },
        ],
        priceRange: '$$$',
        currenciesAccepted: 'AUD',
        paymentAccepted: 'Cash, Bank Transfer, Cryptocurrency',
        telephone: site.phone,
        makesOffer: [{ price: '0', priceCurrency: 'AUD' }],
      });
      // Survives the trip through HTML as JSON.
      expect(JSON.parse(JSON.stringify(data.seo.jsonLd))).toEqual(data.seo.jsonLd);
    }
    const sydney = page('/sell-watch-sydney', 'city');
    const business = sydney.seo.jsonLd.find((b) => b['@type'] === 'LocalBusiness');
    expect(JSON.stringify(business)).toContain('"geoRadius":50000');
    expect(business).toMatchObject({ address: { postalCode: '2000', addressRegion: 'NSW' } });
  });

  it('builds the home page sections with the spec counts', () => {
    const home = page('/', 'home');
    expect(home.trustBadges).toHaveLength(4);
    expect(home.steps.map((s) => s.title)).toEqual(['Fill Out the Form', 'Visit Our Experts', 'Get Paid']);
    expect(home.authenticationCards.map((c) => c.title)).toEqual([
      'Movement Verification',
      'Case and Dial Inspection',
      'Chronometer Testing',
      'Market Valuation',
    ]);
    expect(home.brands).toHaveLength(7);
    expect(home.cities).toHaveLength(8);
    expect(home.testimonials).toHaveLength(3);
    expect(home.recentPurchases).toHaveLength(6);
    expect(home.faqs).toHaveLength(5);
    expect(home.quickAnswers.length).toBeGreaterThanOrEqual(3);
    // No profile configured: no link to a home page (decision 001).
    expect(home.instagramUrl).toBeNull();
  });

  it('builds city pages from their location', () => {
    for (const c of cityCatalog) {
      const city = page(c.path, 'city');
      expect(city.city).toBe(c.city);
      expect(city.localAreas).toHaveLength(8);
      expect(city.trust).toHaveLength(4);
      expect(city.steps).toHaveLength(3);
      for (const area of city.localAreas.slice(0, 3)) expect(city.steps[1]?.description).toContain(area);
      expect(city.authenticationCards).toHaveLength(4);
      expect(city.brandLinks).toHaveLength(14);
      expect(city.brandLinks.every((b) => b.url.startsWith('https://'))).toBe(true);
      expect(city.otherCities).toHaveLength(4);
      expect(city.otherCities.map((o) => o.city)).not.toContain(c.city);
      expect(city.testimonials).toHaveLength(3);
      expect(city.faqs).toHaveLength(6);
    }
  });

  it('builds brand pages with a bundled hero image', () => {
    for (const b of brandCatalog) {
      const brand = page(b.path, 'brand');
      expect(brand.brandName).toBe(b.name);
      expect(brand.popularModels).toHaveLength(8);
      expect(brand.steps.map((s) => s.title)).toEqual([
        'Submit Your Watch',
        'Expert Authentication',
        'Instant Payment',
      ]);
      expect(brand.checks.map((c) => c.title)).toEqual([
        'Movement Analysis',
        'Case Verification',
        'Serial Numbers',
        'Condition Assessment',
      ]);
      expect(brand.testimonials).toHaveLength(3);
      expect(brand.faqs).toHaveLength(6);
      expect(brand.heroImage.alt).not.toBe('');
      expect(brand.heroImage.src).toBe(`/assets/brands/${b.slug}-hero.webp`);
      for (const file of [brand.heroImage.src, brand.heroImage.src.replace(/\.webp$/, '.jpg')]) {
        expect(existsSync(path.join(publicDir, file)), file).toBe(true);
      }
      expect(jsonLdTypes(brand)).toContain('Service');
    }
  });

  it('ships every image the pages reference, in WebP and JPEG', () => {
    for (const p of page('/', 'home').recentPurchases) {
      expect(existsSync(path.join(publicDir, p.src)), p.src).toBe(true);
      expect(existsSync(path.join(publicDir, p.src.replace(/\.webp$/, '.jpg'))), p.src).toBe(true);
    }
    expect(existsSync(path.join(publicDir, 'assets/og/default.jpg'))).toBe(true);
    expect(existsSync(path.join(publicDir, 'assets/icons/apple-touch-icon.png'))).toBe(true);
  });

  it('builds the blog index and article pages', () => {
    const blog = page('/blog', 'blog');
    expect(blog.posts).toHaveLength(8);
    expect(blog.posts.every((p) => p.content === '')).toBe(true);
    expect(blog.categories.length).toBeGreaterThan(1);
    for (const a of articles) {
      const article = page(`/blog/${a.slug}`, 'article');
      expect(article.seo.title).toBe(`${a.title} | ${site.name} Blog`);
      expect(article.seo.ogType).toBe('article');
      expect(article.seo.article).toEqual({
        publishedTime: a.publishedAt,
        author: a.author,
        section: a.category,
      });
      expect(jsonLdTypes(article)).toContain('BlogPosting');
      expect(article.post.content).not.toBe('');
      expect(article.post.content).not.toMatch(/<script/i);
      expect(article.related.map((r) => r.slug)).toEqual([...RELATED_ARTICLE_SLUGS]);
      expect(article.related.every((r) => r.content === '')).toBe(true);
    }
  });

  it('writes the terms and privacy pages the spec describes', () => {
    const terms = page('/terms', 'legal').document;
    expect(terms.lastUpdated).toBe('January 2025');
    expect(terms.sections.map((s) => s.id)).toEqual([
      'agreement',
      'service',
      'obligations',
      'payment',
      'liability',
      'disputes',
      'contact',
    ]);
    const termsText = JSON.stringify(terms);
    for (const phrase of [
      'no seller fees',
      'preliminary',
      'revised offer',
      'at our expense',
      'no cooling-off period',
    ]) {
      expect(termsText).toContain(phrase);
    }
    expect(termsText).toContain(site.email);
    expect(termsText).toContain(site.phone);
    const privacy = JSON.stringify(page('/privacy', 'legal').document);
    for (const phrase of [
      'Australian Privacy Principles',
      '7 years',
      'within 30 days',
      'Office of the Australian Information Commissioner',
      'https://www.oaic.gov.au',
      'Cookies',
    ]) {
      expect(privacy).toContain(phrase);
    }
  });

  it('builds the authentication page with its four steps and four brand specialities', () => {
    const auth = page('/watch-authentication', 'authentication');
    expect(auth.steps.map((s) => s.title)).toEqual([
      'Visual Inspection',
      'Movement Analysis',
      'Documentation Review',
      'Final Certification',
    ]);
    expect(auth.specialities.map((s) => s.brand)).toEqual([
      'Rolex',
      'Omega',
      'Patek Philippe',
      'Audemars Piguet',
    ]);
    expect(links(auth).filter((l) => l.startsWith('/blog/')).length).toBeGreaterThan(0);
  });

  it('links only to public routes on this site and to https elsewhere', () => {
    const all = contentRoutes.flatMap((route) => links(buildPageData(route, site)));
    expect(all.length).toBeGreaterThan(100);
    for (const link of all) {
      if (link.startsWith('/')) expect(publicRoutes, link).toContain(link.split('#')[0]);
      else expect(link, link).toMatch(/^(https:\/\/|mailto:|tel:)/);
    }
  });

  it('never contradicts the configured claims', () => {
    const text = JSON.stringify(contentRoutes.map((route) => buildPageData(route, site)));
    for (const re of [/10,000/, /\b847\b/, /85-92/, /20 million/, /100% accura/, /3-5 business days/]) {
      expect(text.match(re)?.[0], String(re)).toBeUndefined();
    }
  });
});
