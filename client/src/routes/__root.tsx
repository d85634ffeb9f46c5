import { createRootRoute, Link, Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

function ScrollToTopOnPathChange() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function NotFound() {
  return (
    <main className="page">
      <h1>404</h1>
      <p>Oops! Page not found</p>
      <Link to="/">Return to Home</Link>
    </main>
  );
}

export const Route = createRootRoute({
  component: () => (
    <>
      <ScrollToTopOnPathChange />
      <Outlet />
    </>
  ),
  notFoundComponent: NotFound,
});
