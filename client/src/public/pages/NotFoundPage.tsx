import { Link } from '@tanstack/react-router';

export function NotFoundPage() {
  return (
    <main className="page not-found">
      <h1 className="not-found-code">404</h1>
      <p className="not-found-message">Oops! Page not found</p>
      <p className="muted">The page you were looking for has moved or never existed.</p>
      <Link to="/" className="button">
        Return to Home
      </Link>
    </main>
  );
}
