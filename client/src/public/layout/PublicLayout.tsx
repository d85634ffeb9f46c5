import { Outlet, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { ApiBoundary } from '../../api/boundary.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteHeader } from './SiteHeader.tsx';

export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Scroll to the top on every path change (docs/spec/public-site.md §2); the first page keeps the browser's position. */
function useScrollReset(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    window.scrollTo(0, 0);
  }, [pathname]);
}

/**
 * The analytics module, fetched once the page is up: it takes no part in showing or hydrating a
 * page, so it is not among the scripts every public page starts with (bench/README.md).
 */
const loadAnalytics = () => import('../analytics.ts');

/** How long after a page (or a client-side navigation) settles its page view is sent. */
const PAGE_VIEW_DELAY_MS = 100;

function usePageViews(pathname: string) {
  useEffect(() => {
    const timer = window.setTimeout(() => {
      void loadAnalytics().then((analytics) => analytics.trackPageView(pathname));
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}

function useTrackingSetup() {
  useEffect(() => {
    void loadAnalytics().then((analytics) => {
      analytics.loadTrackingTags();
      analytics.reportWebVitals();
    });
  }, []);
}

/** Public pages get the site header and footer; the admin area brings its own shell. */
export function PublicLayout() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  useScrollReset(pathname);
  usePageViews(pathname);
  useTrackingSetup();
  const page = (
    <ApiBoundary pathname={pathname}>
      <Outlet />
    </ApiBoundary>
  );
  if (isAdminPath(pathname)) return page;
  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <SiteHeader pathname={pathname} />
      <div id="content" tabIndex={-1} className="site-content">
        {page}
      </div>
      <SiteFooter />
    </>
  );
}
