import { brandCatalog, cityCatalog } from './catalog.ts';
import type { NavigationItem } from './types.ts';

/** Brands whose menu entries carry the 'Popular' tag (docs/spec/public-site.md §2, mobile drawer). */
const featuredBrands: readonly string[] = ['Rolex', 'Patek Philippe'];

export const brandNavItems: readonly NavigationItem[] = brandCatalog.map((b) => ({
  to: b.path,
  label: b.name,
  description: `${b.highlights.join(', ')} and more`,
  icon: 'watch',
  featured: featuredBrands.includes(b.name),
}));

export const locationNavItems: readonly NavigationItem[] = cityCatalog.map((c) => ({
  to: c.path,
  label: c.city,
  description: c.state,
  icon: 'map-pin',
  featured: false,
}));

export const serviceNavItems: readonly NavigationItem[] = [
  {
    to: '/watch-authentication',
    label: 'Authentication',
    description: 'How our watchmakers verify a watch',
    icon: 'shield-check',
    featured: false,
  },
  {
    to: '/blog',
    label: 'Watch Insights',
    description: 'Guides on selling, valuing and authenticating watches',
    icon: 'book-open',
    featured: false,
  },
];
