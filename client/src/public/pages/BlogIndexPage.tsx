import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { BlogCategory } from '#shared/content/blog/index.ts';
import type { BlogIndexPageData } from '#shared/content/pages/types.ts';
import { PostCard, PostMeta } from '../components/blog.tsx';
import { Icon } from '../../ui/Icon.tsx';

export function BlogIndexPage({ data }: { data: BlogIndexPageData }) {
  const [category, setCategory] = useState<BlogCategory | null>(null);
  const posts = category === null ? data.posts : data.posts.filter((p) => p.category === category);
  const [featured, ...rest] = posts;
  const chips: { label: string; value: BlogCategory | null }[] = [
    { label: 'All Posts', value: null },
    ...data.categories.map((c) => ({ label: c, value: c })),
  ];
  return (
    <main className="page blog">
      <header className="blog-header">
        <p className="eyebrow">Watch Insights</p>
        <h1>Guides to Selling, Valuing and Authenticating Luxury Watches</h1>
        <p className="lead">Practical advice from our specialists for Australian owners of fine watches.</p>
      </header>
      <div className="chips" role="group" aria-label="Filter articles by category">
        {chips.map((chip) => (
          <button
            key={chip.label}
            type="button"
            className="chip"
            aria-pressed={category === chip.value}
            onClick={() => setCategory(chip.value)}
          >
            {chip.label}
          </button>
        ))}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {posts.length} {posts.length === 1 ? 'article' : 'articles'}
        {category ? ` in ${category}` : ''}
      </p>
      {featured && (
        <article className="featured-post" aria-labelledby="featured-title">
          <p className="featured-label">Featured</p>
          <span className="badge">{featured.category}</span>
          <h2 id="featured-title" className="featured-title">
            <Link to="/blog/$slug" params={{ slug: featured.slug }} className="stretched-link">
              {featured.title}
            </Link>
          </h2>
          <p className="lead">{featured.excerpt}</p>
          <PostMeta post={featured} />
          <span className="text-link" aria-hidden="true">
            Read article <Icon name="arrow-right" size={16} />
          </span>
        </article>
      )}
      {rest.length > 0 && (
        <section aria-labelledby="more-articles">
          <h2 id="more-articles" className="visually-hidden">
            More articles
          </h2>
          <div className="post-grid">
            {rest.map((post) => (
              <PostCard key={post.slug} post={post} />
            ))}
          </div>
        </section>
      )}
    </main>
  );
}
