export const blogCategories = [
  'Selling Guides',
  'Rolex',
  'Market Trends',
  'Authentication',
  'Investment',
  'Market Analysis',
  'Education',
  'Valuation',
] as const;

export type BlogCategory = (typeof blogCategories)[number];

/** One article as written by hand; read time and word count are computed from `html`, never typed. */
export interface BlogArticleSource {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO date, e.g. "2025-03-14". */
  publishedAt: string;
  category: BlogCategory;
  /** Article body as HTML (h2/h3/p/ul/ol/li/a/strong/em/blockquote/table only). Sanitised again before display. */
  html: string;
}
