import { Link } from '@tanstack/react-router';

/*
 * Its own module, not ArticlePage.tsx's: the route's split not-found chunk imports it, and sharing a
 * module with the article's component chunk would put the article in a third chunk of its own.
 */
export function ArticleNotFound() {
  return (
    <main className="page not-found">
      <h1>Article Not Found</h1>
      <p className="muted">The article you are looking for does not exist or has been moved.</p>
      <Link to="/blog" className="button">
        Back to Blog
      </Link>
    </main>
  );
}
