import { Link } from '@tanstack/react-router';
import type { BlogPost } from '#shared/content/blog/index.ts';
import { formatCalendarDay } from '#shared/time/format.ts';

/** "20 January 2025": Australian long date (docs/spec/public-site.md §9). Dates are calendar days, so read them as UTC. */
export function formatPublishedDate(isoDate: string): string {
  return formatCalendarDay(isoDate, 'longDate');
}

export function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="post-meta">
      <span>{post.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.publishedAt}>{formatPublishedDate(post.publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{post.readTime}</span>
    </p>
  );
}

export function PostCard({ post, headingLevel = 3 }: { post: BlogPost; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card post-card">
      <span className="badge">{post.category}</span>
      <Heading className="post-card-title">
        <Link to="/blog/$slug" params={{ slug: post.slug }} className="stretched-link">
          {post.title}
        </Link>
      </Heading>
      <p>{post.excerpt}</p>
      <PostMeta post={post} />
    </article>
  );
}
