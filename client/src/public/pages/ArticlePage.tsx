import { Link, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { ArticlePageData } from '#shared/content/pages/types.ts';
import { PostCard, PostMeta } from '../components/blog.tsx';
import { site } from '../../site.ts';

export function ArticlePage({ data }: { data: ArticlePageData }) {
  const { post, related } = data;
  const router = useRouter();

  // Internal links inside the article body navigate in the app instead of reloading the page.
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
      return;
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!href?.startsWith('/') || link?.target) return;
    event.preventDefault();
    void router.navigate({ href });
  };

  return (
    <main className="page article-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <Link to="/">Home</Link>
          </li>
          <li>
            <Link to="/blog">Blog</Link>
          </li>
          <li aria-current="page">{post.title}</li>
        </ol>
      </nav>
      <article className="article">
        <header className="article-header">
          <span className="badge">{post.category}</span>
          <h1>{post.title}</h1>
          <p className="lead">{post.excerpt}</p>
          <PostMeta post={post} />
        </header>
        {/* Sanitised on the server (shared/content/blog/sanitize.ts) before it reaches the page. */}
        <div className="prose" onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: post.content }} />
      </article>
      <aside className="cta-card" aria-labelledby="article-cta-title">
        <h2 id="article-cta-title">Ready to Sell Your Luxury Watch?</h2>
        <p>
          Get a free, no-obligation valuation from certified watchmakers. We respond within{' '}
          {site.claims.responseHours} hours.
        </p>
        <Link to="/sell" className="button button-gold button-large">
          Get Your Free Valuation
        </Link>
      </aside>
      <section className="related" aria-labelledby="related-title">
        <h2 id="related-title">Related Articles</h2>
        <div className="post-grid post-grid-2">
          {related.map((p) => (
            <PostCard key={p.slug} post={p} />
          ))}
        </div>
      </section>
    </main>
  );
}
