import './zod-csp.ts';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routeTree.gen.ts';
import { routerOptions } from './router.tsx';

/**
 * The router of pages opened at an /admin address: the whole route tree, admin and public pages
 * (an admin following a link to the site stays in this router). Loaded lazily by main.tsx.
 */
export function createAdminRouter() {
  return createRouter({ routeTree, ...routerOptions({}) });
}

// Links and hooks are typed against the whole tree; the public router's routes are a subset of it.
declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAdminRouter>;
  }
}
