import { brandPages } from './brands.ts';
import { cities } from './cities.ts';

/**
 * Slugs of the built-in blog articles (DESIGN decision 2). Kept here rather than read from the blog
 * collection so route checks and the sitemap do not load every article body.
 */
export const articleSlugs = [
  'complete-guide-selling-rolex-australia',
  'best-places-sell-patek-philippe-australia-2025',
  'where-to-sell-rolex-australia-2025-guide',
  'authenticate-vintage-omega-speedmaster',
  'patek-philippe-vs-audemars-piguet-investment',
  'watch-market-trends-australia-2025',
  'complete-guide-watch-condition-grading',
  'how-to-value-your-luxury-watch',
] as const;

export type ArticleSlug = (typeof articleSlugs)[number];

export const staticRoutes = [
  '/',
  '/blog',
  '/sell',
  '/watch-authentication',
  '/terms',
  '/privacy',
  '/unsubscribe',
] as const;

/** Every public route the site serves; any other path is the not-found page. */
export const publicRoutes: string[] = [
  ...staticRoutes,
  ...cities.map((c) => `/${c.urlSlug}`),
  ...brandPages.map((b) => `/${b.urlSlug}`),
  ...articleSlugs.map((s) => `/blog/${s}`),
];

/** Routes for sitemap.xml: the marketing-preferences page is noindex, so it is left out. */
export const indexableRoutes: string[] = publicRoutes.filter((r) => r !== '/unsubscribe');

export function isPublicRoute(path: string): boolean {
  return publicRoutes.includes(path);
}
