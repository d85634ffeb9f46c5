import { describe, expect, it } from 'vitest';
import { articleSlugs } from '../routes.ts';
import {
  articles,
  articleSummaries,
  blogCategories,
  categories,
  countWords,
  filterByCategory,
  findArticle,
  formatReadTime,
  readTimeMinutes,
} from './index.ts';
import { internalLinks, sanitizeArticleHtml } from './sanitize.ts';

describe('blog collection', () => {
  it('holds the 8 articles of decision 002, newest first', () => {
    expect(articles).toHaveLength(8);
    expect([...articles.map((a) => a.slug)].sort()).toEqual([...articleSlugs].sort());
    const dates = articles.map((a) => a.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(articles[0]?.slug).toBe('complete-guide-watch-condition-grading');
    expect(articles.at(-1)?.slug).toBe('complete-guide-selling-rolex-australia');
  });

  it('keeps the route list in routes.ts in step with the collection', () => {
    for (const slug of articleSlugs) expect(findArticle(slug)?.slug).toBe(slug);
  });

  it('has unique slugs and ids, ISO dates and a known category', () => {
    expect(new Set(articles.map((a) => a.slug)).size).toBe(8);
    expect(new Set(articles.map((a) => a.id)).size).toBe(8);
    for (const a of articles) {
      expect(a.publishedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(a.publishedAt))).toBe(false);
      expect(blogCategories).toContain(a.category);
      expect(a.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(a.title.length).toBeGreaterThan(10);
      expect(a.excerpt.length).toBeGreaterThan(40);
      expect(a.author).not.toBe('');
    }
  });

  it('computes read time from the words at 200 per minute, within the spec range', () => {
    for (const a of articles) {
      expect(a.wordCount).toBe(countWords(a.content));
      expect(a.readTime).toBe(`${Math.ceil(a.wordCount / 200)} min read`);
      const minutes = readTimeMinutes(a.wordCount);
      expect(minutes).toBeGreaterThanOrEqual(8);
      expect(minutes).toBeLessThanOrEqual(20);
    }
  });

  it('counts words without tags or entities', () => {
    expect(countWords('<p>One <strong>two</strong> three&nbsp;four &amp; five.</p>')).toBe(5);
    expect(countWords('<h2>Title</h2> — <em>b</em>')).toBe(2);
    expect(countWords('')).toBe(0);
    expect(formatReadTime(2200)).toBe('11 min read');
    expect(formatReadTime(2201)).toBe('12 min read');
    expect(formatReadTime(5)).toBe('1 min read');
  });

  it('lists every category with an article, in the spec order', () => {
    expect(categories).toEqual([
      'Selling Guides',
      'Rolex',
      'Market Trends',
      'Authentication',
      'Investment',
      'Education',
      'Valuation',
    ]);
    for (const c of categories) expect(articles.some((a) => a.category === c)).toBe(true);
  });

  it('filters by category, with null meaning all posts', () => {
    expect(filterByCategory(articles, null)).toHaveLength(8);
    expect(filterByCategory(articles, 'Selling Guides').map((a) => a.slug)).toEqual([
      'best-places-sell-patek-philippe-australia-2025',
      'complete-guide-selling-rolex-australia',
    ]);
    expect(filterByCategory(articles, 'Market Analysis')).toEqual([]);
  });

  it('finds by slug and leaves bodies out of the index list', () => {
    expect(findArticle('how-to-value-your-luxury-watch')?.title).toMatch(/^How to Value/);
    expect(findArticle('nope')).toBeUndefined();
    expect(articleSummaries().every((a) => a.content === '')).toBe(true);
    expect(articleSummaries().map((a) => a.slug)).toEqual(articles.map((a) => a.slug));
  });
});

describe('article HTML', () => {
  it('survives sanitising unchanged apart from formatting', () => {
    for (const a of articles) {
      const clean = sanitizeArticleHtml(a.content);
      expect(countWords(clean)).toBe(a.wordCount);
      expect(clean).not.toMatch(/<(script|style|iframe|img)\b|on\w+=/i);
    }
  });

  it('drops scripts, handlers and unsafe links', () => {
    const dirty =
      '<p onclick="x()">Hi <a href="javascript:alert(1)">a</a><a href="/sell" rel="x">b</a><script>bad()</script><img src=x onerror=y><iframe src="https://e.com"></iframe><a href="https://example.com" target="_top">c</a></p>';
    expect(sanitizeArticleHtml(dirty)).toBe(
      '<p>Hi <a>a</a><a href="/sell">b</a><a href="https://example.com" target="_blank" rel="noopener noreferrer">c</a></p>',
    );
  });

  it('finds internal links', () => {
    expect(
      internalLinks(
        '<a href="/sell">x</a> <a class="y" href="/blog/a#h">y</a> <a href="https://x.com">z</a>',
      ),
    ).toEqual(['/sell', '/blog/a']);
  });
});
