import { brandCatalog, cityCatalog } from './catalog.ts';

/**
 * Slugs of the built-in blog articles (decision 002). Kept here rather than read from the blog
 * collection so route checks, the sitemap and the browser do not load every article body;
 * blog/index.test.ts checks that the two lists agree.
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

export function isArticleSlug(slug: string): slug is ArticleSlug {
  return (articleSlugs as readonly string[]).includes(slug);
}

/** The public check of a certificate of acceptance (decision 072). */
export const CERTIFICATE_VERIFY_PATH = '/certificates/verify';

/** The double opt-in link's page (decision 016). */
export const CONSENT_CONFIRMATION_PATH = '/confirm-subscription';

export const staticRoutes = [
  '/',
  '/blog',
  '/sell',
  '/watch-authentication',
  '/terms',
  '/privacy',
  '/unsubscribe',
  CONSENT_CONFIRMATION_PATH,
  CERTIFICATE_VERIFY_PATH,
] as const;

/** Every public route the site serves; any other path is the not-found page. */
export const publicRoutes: string[] = [
  ...staticRoutes,
  ...cityCatalog.map((c) => c.path),
  ...brandCatalog.map((b) => b.path),
  ...articleSlugs.map((s) => `/blog/${s}`),
];

/** Public routes kept out of search results: the preferences and confirmation pages are personal. */
export const noindexRoutes: readonly string[] = ['/unsubscribe', CONSENT_CONFIRMATION_PATH];

/** Routes for sitemap.xml. */
export const indexableRoutes: string[] = publicRoutes.filter((r) => !noindexRoutes.includes(r));
