import { describe, expect, it, vi } from 'vitest';
import { buildPageData } from '#shared/content/pages/build.ts';
import { defaultSiteConfig } from '#shared/site/config.ts';

vi.stubGlobal('__SITE_CONFIG__', defaultSiteConfig);
const { notFoundHead, seoHead } = await import('./seo.ts');

describe('seoHead', () => {
  it('renders title, description, canonical, Open Graph, Twitter and JSON-LD', () => {
    const data = buildPageData('/blog/how-to-value-your-luxury-watch', defaultSiteConfig);
    if (!data) throw new Error('missing article');
    const head = seoHead(data.seo);
    expect(head.meta[0]).toEqual({ title: data.seo.title });
    const by = (key: 'name' | 'property', value: string) =>
      head.meta.find((m) => (m as Record<string, unknown>)[key] === value)?.content;
    expect(by('name', 'description')).toBe(data.seo.description);
    expect(by('property', 'og:type')).toBe('article');
    expect(by('property', 'og:url')).toBe(data.seo.canonicalUrl);
    expect(by('property', 'og:image')).toBe(data.seo.image.url);
    expect(by('name', 'twitter:card')).toBe('summary_large_image');
    expect(by('property', 'article:published_time')).toBe('2025-04-15');
    expect(head.links).toEqual([{ rel: 'canonical', href: data.seo.canonicalUrl }]);
    const jsonLd = head.meta.filter((m) => 'script:ld+json' in (m as object));
    expect(jsonLd).toHaveLength(data.seo.jsonLd.length);
    expect(by('name', 'robots')).toBeUndefined();
  });

  it('keeps not-found views out of search results', () => {
    const head = notFoundHead('Page Not Found | X');
    expect(head.meta).toContainEqual({ title: 'Page Not Found | X' });
    expect(head.meta).toContainEqual({ name: 'robots', content: 'noindex' });
  });
});
