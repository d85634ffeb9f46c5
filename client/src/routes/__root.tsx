import { createRootRoute, HeadContent } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { loadApiProviders, pathNeedsApi } from '../api/boundary.tsx';
import { PublicLayout } from '../public/layout/PublicLayout.tsx';
import { NotFoundPage } from '../public/pages/NotFoundPage.tsx';
import { captureReferrer, captureUtm } from '../public/sell/utm.ts';
import { notFoundHead } from '../seo.ts';
import { site } from '../site.ts';

/**
 * The whole document, so the prerenderer produces complete pages that the browser hydrates. The
 * head is the router's own HeadContent, from the matched routes' `head` options (decision 010).
 */
function Document({ children }: { children: ReactNode }) {
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <HeadContent />
      </head>
      <body>{children}</body>
    </html>
  );
}

/** Keeps the landing page's utm_* parameters for the visit, whichever page the seller lands on. */
function CaptureUtmOnLoad() {
  useEffect(() => {
    captureUtm();
    captureReferrer();
  }, []);
  return null;
}

function Root() {
  return (
    <>
      <CaptureUtmOnLoad />
      <PublicLayout />
    </>
  );
}

export const Route = createRootRoute({
  beforeLoad: async ({ location }) => {
    if (pathNeedsApi(location.pathname)) await loadApiProviders();
  },
  head: ({ matches }) => {
    const defaults = {
      meta: [
        { title: site.name },
        { name: 'theme-color', content: '#14110f' },
        { property: 'og:site_name', content: site.name },
        { name: 'twitter:card', content: 'summary_large_image' },
      ],
      links: [
        { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
        { rel: 'apple-touch-icon', href: '/assets/icons/apple-touch-icon.png' },
      ],
    };
    // Only the root matched: the path belongs to no page.
    if (matches.length === 1) {
      const notFound = notFoundHead(`Page Not Found | ${site.name}`);
      return { meta: [...defaults.meta, ...notFound.meta], links: defaults.links };
    }
    return defaults;
  },
  shellComponent: Document,
  component: Root,
  notFoundComponent: NotFoundPage,
});
