import { article as authenticateVintageOmegaSpeedmaster } from './articles/authenticate-vintage-omega-speedmaster.ts';
import { article as bestPlacesSellPatekPhilippe } from './articles/best-places-sell-patek-philippe-australia-2025.ts';
import { article as completeGuideSellingRolex } from './articles/complete-guide-selling-rolex-australia.ts';
import { article as completeGuideWatchConditionGrading } from './articles/complete-guide-watch-condition-grading.ts';
import { article as howToValueYourLuxuryWatch } from './articles/how-to-value-your-luxury-watch.ts';
import { article as patekVsAudemarsInvestment } from './articles/patek-philippe-vs-audemars-piguet-investment.ts';
import { article as watchMarketTrends } from './articles/watch-market-trends-australia-2025.ts';
import { article as whereToSellRolex } from './articles/where-to-sell-rolex-australia-2025-guide.ts';
import { type BlogArticleSource, type BlogCategory, blogCategories } from './types.ts';

export { blogCategories, type BlogCategory } from './types.ts';

/** The spec's blog post entity: the index list carries an empty `content`. */
export interface BlogPost {
  /** 1-based position in publication order (oldest first), stable while articles are only added. */
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  publishedAt: string;
  category: BlogCategory;
  wordCount: number;
  /** e.g. "11 min read", computed from the words (decision 002). */
  readTime: string;
  /** Article HTML as written; sanitise before display (see sanitize.ts). */
  content: string;
}

export const WORDS_PER_MINUTE = 200;

const entityPattern = /&(?:#\d+|#x[\da-f]+|[a-z]+);/gi;

/** Words of an HTML body: tags and entities removed, tokens without a letter or digit ignored. */
export function countWords(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(entityPattern, ' ');
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export function readTimeMinutes(wordCount: number): number {
  return Math.max(1, Math.ceil(wordCount / WORDS_PER_MINUTE));
}

export function formatReadTime(wordCount: number): string {
  return `${readTimeMinutes(wordCount)} min read`;
}

const sources: readonly BlogArticleSource[] = [
  completeGuideSellingRolex,
  bestPlacesSellPatekPhilippe,
  whereToSellRolex,
  patekVsAudemarsInvestment,
  authenticateVintageOmegaSpeedmaster,
  howToValueYourLuxuryWatch,
  watchMarketTrends,
  completeGuideWatchConditionGrading,
];

const byDateAscending = [...sources].sort((a, b) => a.publishedAt.localeCompare(b.publishedAt));

/** All articles, newest first. */
export const articles: readonly BlogPost[] = byDateAscending
  .map((source, index): BlogPost => {
    const wordCount = countWords(source.html);
    return {
      id: index + 1,
      slug: source.slug,
      title: source.title,
      excerpt: source.excerpt,
      author: source.author,
      publishedAt: source.publishedAt,
      category: source.category,
      wordCount,
      readTime: formatReadTime(wordCount),
      content: source.html,
    };
  })
  .reverse();

/** Categories that have at least one article, in the spec's order (the filter chips after 'All Posts'). */
export const categories: readonly BlogCategory[] = blogCategories.filter((category) =>
  articles.some((a) => a.category === category),
);

export function findArticle(slug: string): BlogPost | undefined {
  return articles.find((a) => a.slug === slug);
}

/** The index list: every article without its body. */
export function articleSummaries(): BlogPost[] {
  return articles.map((a) => ({ ...a, content: '' }));
}

/** Articles in one category, or all of them when the category is null ('All Posts'). */
export function filterByCategory<T extends { category: BlogCategory }>(
  posts: readonly T[],
  category: BlogCategory | null,
): T[] {
  return category === null ? [...posts] : posts.filter((p) => p.category === category);
}
