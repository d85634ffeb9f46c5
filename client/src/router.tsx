import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree as publicRouteTree } from './routeTree.public.gen.ts';

/** Options shared by the public and the admin router. */
export function routerOptions(options: { history?: RouterHistory }) {
  return {
    ...(options.history ? { history: options.history } : {}),
    // Scroll position is reset by the public layout on every path change (docs/spec/public-site.md §2).
    scrollRestoration: false,
    defaultPreload: 'intent' as const,
  };
}

/**
 * The router of the public pages, for the browser and the prerenderer alike: every route but the
 * admin's (routeTree.public.gen.ts, generated without routes/admin/), so the entry that every
 * public page loads carries none of their definitions. Public pages never link into the admin.
 */
export function createPublicRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({ routeTree: publicRouteTree, ...routerOptions(options) });
}
