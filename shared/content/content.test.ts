import { describe, expect, it } from 'vitest';
import { defaultSiteConfig, type SiteConfig } from '../site/config.ts';
import * as content from './index.ts';
import {
  brandFaqs,
  brandGrid,
  brandNavItems,
  brandPages,
  cities,
  cityCards,
  cityFaqs,
  findBrandBySlug,
  findCityBySlug,
  homeFaqs,
  homeTestimonials,
  howToSellSteps,
  locationNavItems,
  officialBrandLinks,
  otherCities,
  publicRoutes,
  quickAnswers,
  recentPurchases,
  serviceNavItems,
  testimonials,
  testimonialsForBrand,
  testimonialsForCity,
  trustBadges,
  watchBrandChoices,
  watchConditionChoices,
} from './index.ts';
import type { FaqItem } from './types.ts';

const site: SiteConfig = defaultSiteConfig;

const citySlugOrder = [
  'sydney',
  'melbourne',
  'brisbane',
  'perth',
  'adelaide',
  'canberra',
  'darwin',
  'hobart',
];
const brandSlugOrder = [
  'rolex',
  'richard-mille',
  'audemars-piguet',
  'patek-philippe',
  'fp-journe',
  'vacheron-constantin',
  'cartier',
];
const articleSlugs = [
  'complete-guide-selling-rolex-australia',
  'best-places-sell-patek-philippe-australia-2025',
  'where-to-sell-rolex-australia-2025-guide',
  'authenticate-vintage-omega-speedmaster',
  'patek-philippe-vs-audemars-piguet-investment',
  'watch-market-trends-australia-2025',
  'complete-guide-watch-condition-grading',
  'how-to-value-your-luxury-watch',
];
// Written out by hand so the test checks routes.ts rather than repeating its construction.
const expectedRoutes = [
  '/',
  '/blog',
  '/sell',
  '/watch-authentication',
  '/terms',
  '/privacy',
  '/unsubscribe',
  '/confirm-subscription',
  '/certificates/verify',
  ...citySlugOrder.map((c) => `/sell-watch-${c}`),
  ...brandSlugOrder.map((b) => `/sell-${b}-watch`),
  ...articleSlugs.map((s) => `/blog/${s}`),
];

/** Every string under a `to` or `url` key, at any depth. */
function collectLinks(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) {
    for (const v of value) collectLinks(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if ((key === 'to' || key === 'url') && typeof v === 'string') out.push(v);
      else collectLinks(v, out);
    }
  }
  return out;
}

/** All content, including what the functions produce for every city and brand. */
function allContent(): unknown[] {
  const exported = Object.values(content).filter((v) => typeof v !== 'function');
  return [
    ...exported,
    homeFaqs(site),
    trustBadges(site),
    howToSellSteps(site),
    quickAnswers(site),
    homeTestimonials(),
    ...cities.flatMap((c) => [cityFaqs(c, site), testimonialsForCity(c), otherCities(c.urlSlug)]),
    ...brandPages.flatMap((b) => [brandFaqs(b, site), testimonialsForBrand(b)]),
  ];
}

function allFaqs(): FaqItem[] {
  return [
    ...homeFaqs(site),
    ...quickAnswers(site),
    ...cities.flatMap((c) => cityFaqs(c, site)),
    ...brandPages.flatMap((b) => brandFaqs(b, site)),
  ];
}

describe('cities', () => {
  it('lists the 8 cities in the spec order', () => {
    expect(cities.map((c) => c.urlSlug)).toEqual(citySlugOrder.map((c) => `sell-watch-${c}`));
  });

  it('uses the spec postcodes and full state names', () => {
    const postcodes = Object.fromEntries(cities.map((c) => [c.city, c.schemaData.address.postalCode]));
    expect(postcodes).toEqual({
      Sydney: '2000',
      Melbourne: '3000',
      Brisbane: '4000',
      Perth: '6000',
      Adelaide: '5000',
      Hobart: '7000',
      Darwin: '0800',
      Canberra: '2601',
    });
    expect(findCityBySlug('canberra')?.state).toBe('Australian Capital Territory');
    expect(findCityBySlug('sydney')?.state).toBe('New South Wales');
  });

  it('has 8 distinct local areas each and serves the first 6', () => {
    for (const c of cities) {
      expect(c.localAreas).toHaveLength(8);
      expect(new Set(c.localAreas).size).toBe(8);
      expect(c.schemaData.areaServed).toEqual(c.localAreas.slice(0, 6));
      expect(c.schemaData.address.addressCountry).toBe('AU');
      expect(c.schemaData.address.addressLocality).toBe(c.city);
    }
  });

  it('has coordinates inside Australia', () => {
    for (const c of cities) {
      expect(c.schemaData.geo.latitude).toBeGreaterThan(-44);
      expect(c.schemaData.geo.latitude).toBeLessThan(-10);
      expect(c.schemaData.geo.longitude).toBeGreaterThan(112);
      expect(c.schemaData.geo.longitude).toBeLessThan(154);
    }
  });

  it('finds a city by either slug form', () => {
    expect(findCityBySlug('perth')?.city).toBe('Perth');
    expect(findCityBySlug('sell-watch-perth')?.city).toBe('Perth');
    expect(findCityBySlug('/sell-watch-perth')?.city).toBe('Perth');
    expect(findCityBySlug('geelong')).toBeUndefined();
  });

  it('otherCities returns the first 4 of the other cities, never itself', () => {
    for (const c of cities) {
      const others = otherCities(c.urlSlug);
      expect(others).toHaveLength(4);
      expect(others).not.toContain(c);
      expect(others).toEqual(cities.filter((o) => o !== c).slice(0, 4));
    }
    expect(otherCities('sydney').map((c) => c.city)).toEqual(['Melbourne', 'Brisbane', 'Perth', 'Adelaide']);
  });

  it('has a card per city', () => {
    expect(cityCards.map((c) => c.url)).toEqual(citySlugOrder.map((c) => `/sell-watch-${c}`));
  });
});

describe('brands', () => {
  it('lists the 7 brand pages in the spec order', () => {
    expect(brandPages.map((b) => b.urlSlug)).toEqual(brandSlugOrder.map((b) => `sell-${b}-watch`));
  });

  it('has 8 distinct popular models each and a hero image', () => {
    for (const b of brandPages) {
      expect(b.popularModels).toHaveLength(8);
      expect(new Set(b.popularModels).size).toBe(8);
      expect(b.heroImage).toMatch(/^[a-z-]+-hero\.webp$/);
      expect(b.heroImageAlt).not.toBe('');
      expect(b.schemaData.brand).toBe(b.brandName);
    }
  });

  it('finds a brand by either slug form', () => {
    expect(findBrandBySlug('sell-fp-journe-watch')?.brandName).toBe('F.P. Journe');
    expect(findBrandBySlug('fp-journe')?.brandName).toBe('F.P. Journe');
    expect(findBrandBySlug('sell-omega-watch')).toBeUndefined();
  });

  it('links the 14 official brand sites over https and the 7 brand pages internally', () => {
    expect(officialBrandLinks).toHaveLength(14);
    expect(officialBrandLinks.map((l) => l.name)).toEqual(watchBrandChoices.slice(0, 14));
    for (const l of officialBrandLinks) {
      expect(l.internal).toBe(false);
      expect(l.url).toMatch(/^https:\/\/www\.[a-z-]+\.com$/);
    }
    expect(brandGrid).toHaveLength(7);
    expect(brandGrid.every((l) => l.internal)).toBe(true);
  });
});

describe('slugs', () => {
  it('are unique across all pages', () => {
    const slugs = [...cities.map((c) => c.urlSlug), ...brandPages.map((b) => b.urlSlug)];
    expect(new Set(slugs).size).toBe(15);
    expect(new Set(publicRoutes).size).toBe(publicRoutes.length);
  });
});

describe('choices', () => {
  it('has the 17 brands and 5 conditions, exactly', () => {
    expect(watchBrandChoices).toEqual([
      'Rolex',
      'Omega',
      'Patek Philippe',
      'Audemars Piguet',
      'Cartier',
      'Tudor',
      'Breitling',
      'IWC',
      'Panerai',
      'Vacheron Constantin',
      'Jaeger-LeCoultre',
      'Hublot',
      'Richard Mille',
      'F.P. Journe',
      'TAG Heuer',
      'Chopard',
      'Other',
    ]);
    expect(watchConditionChoices).toEqual([
      'Excellent - Like new',
      'Very Good - Minor wear',
      'Good - Moderate wear',
      'Fair - Significant wear',
      'Needs Service/Repair',
    ]);
  });
});

describe('navigation', () => {
  it('has 7 brands with Rolex and Patek Philippe featured, 8 locations and 2 services', () => {
    expect(brandNavItems).toHaveLength(7);
    expect(brandNavItems.filter((i) => i.featured).map((i) => i.label)).toEqual(['Rolex', 'Patek Philippe']);
    expect(locationNavItems).toHaveLength(8);
    expect(serviceNavItems.map((i) => [i.label, i.to])).toEqual([
      ['Authentication', '/watch-authentication'],
      ['Watch Insights', '/blog'],
    ]);
  });
});

describe('home', () => {
  it('has 3 steps, 6 recent purchases and 4 trust badges', () => {
    expect(howToSellSteps(site)).toHaveLength(3);
    expect(recentPurchases).toHaveLength(6);
    expect(new Set(recentPurchases.map((p) => p.id)).size).toBe(6);
    for (const p of recentPurchases) {
      expect(p.image).toMatch(/^recent-\d\.webp$/);
      expect(p.alt).not.toBe('');
    }
    expect(trustBadges(site)).toHaveLength(4);
  });

  it('states the configured claims', () => {
    const titles = trustBadges(site).map((b) => b.title);
    expect(titles).toContain('4.9 from 312 reviews');
    expect(titles).toContain('Over 5,000 transactions');
    expect(titles).toContain('Established 2020');
    expect(titles).toContain('24-hour response');
  });
});

describe('testimonials', () => {
  it('has at least 9 samples with valid ratings from at least 8 places', () => {
    expect(testimonials.length).toBeGreaterThanOrEqual(9);
    expect(new Set(testimonials.map((t) => t.location)).size).toBeGreaterThanOrEqual(8);
    for (const t of testimonials) expect([1, 2, 3, 4, 5]).toContain(t.rating);
  });

  it('picks 3 distinct testimonials for every page, deterministically', () => {
    const picks = [
      homeTestimonials(),
      ...cities.map((c) => testimonialsForCity(c)),
      ...brandPages.map((b) => testimonialsForBrand(b)),
    ];
    for (const p of picks) {
      expect(p).toHaveLength(3);
      expect(new Set(p).size).toBe(3);
    }
    expect(new Set(homeTestimonials().map((t) => t.location)).size).toBe(3);
    expect(testimonialsForCity(cities[0]!)).toEqual(testimonialsForCity(cities[0]!));
  });

  it('puts local and brand testimonials first', () => {
    for (const c of cities) expect(testimonialsForCity(c)[0]?.location).toBe(`${c.city}, ${c.stateCode}`);
    for (const b of brandPages) expect(testimonialsForBrand(b)[0]?.text).toContain(b.brandName);
  });
});

describe('FAQs', () => {
  it('has 5 home, 6 city and 6 brand questions', () => {
    expect(homeFaqs(site)).toHaveLength(5);
    for (const c of cities) expect(cityFaqs(c, site)).toHaveLength(6);
    for (const b of brandPages) expect(brandFaqs(b, site)).toHaveLength(6);
  });

  it('states the terms of docs/spec/public-site.md §1 on every FAQ page', () => {
    const pages = [
      homeFaqs(site),
      ...cities.map((c) => cityFaqs(c, site)),
      ...brandPages.map((b) => brandFaqs(b, site)),
    ];
    for (const faqs of pages) {
      const text = faqs.map((f) => f.answer).join(' ');
      expect(text).toContain('no fees');
      expect(text).toContain('preliminary');
      expect(text).toContain('revised offer');
      expect(text).toContain('returned to you at our expense');
      expect(text).toContain('no cooling-off period');
      expect(text).toContain(`within ${site.claims.responseHours} hours`);
      expect(text).toContain(site.claims.paymentPromise);
    }
  });

  it('follows a changed configuration instead of hard-coding claims', () => {
    const other: SiteConfig = {
      ...site,
      claims: { ...site.claims, responseHours: 12, paymentPromise: 'Payment on the spot' },
    };
    const text = [...homeFaqs(other), ...cityFaqs(cities[0]!, other), ...brandFaqs(brandPages[0]!, other)]
      .map((f) => f.answer)
      .join(' ');
    expect(text).toContain('within 12 hours');
    expect(text).toContain('Payment on the spot');
    expect(text).not.toContain('24 hours');
  });

  it('never contradicts the configured claims', () => {
    const text = JSON.stringify(allContent()) + JSON.stringify(allFaqs());
    // The old site's conflicting figures (docs/spec/public-site.md §1); none may appear beside the configured ones.
    const contradictions = [
      /10,000/,
      /\b847\b/,
      /85-92/,
      /20 million/,
      /100% accura/,
      /30 minutes/,
      /3-5 business days/,
    ];
    for (const re of contradictions) expect(text.match(re)?.[0], String(re)).toBeUndefined();
  });

  it('has unique questions per page', () => {
    const pages = [
      homeFaqs(site),
      ...cities.map((c) => cityFaqs(c, site)),
      ...brandPages.map((b) => brandFaqs(b, site)),
    ];
    for (const faqs of pages) expect(new Set(faqs.map((f) => f.question)).size).toBe(faqs.length);
  });
});

describe('links', () => {
  it('exports the known public routes', () => {
    expect([...publicRoutes].sort()).toEqual([...expectedRoutes].sort());
  });

  it('points every internal link at a public route and every external one at https', () => {
    const links = allContent().flatMap((v) => collectLinks(v));
    expect(links.length).toBeGreaterThan(40);
    for (const link of links) {
      if (link.startsWith('/')) expect(expectedRoutes, link).toContain(link);
      else expect(link, link).toMatch(/^https:\/\//);
    }
  });

  it('keeps meta descriptions within 160 characters', () => {
    for (const page of [...cities, ...brandPages]) {
      expect(page.metaDescription.length, page.urlSlug).toBeLessThanOrEqual(160);
    }
  });
});
