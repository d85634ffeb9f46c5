import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { plantPageSeed, readPageSeed } from './page-data.ts';
import { isAdminPath } from './layout/PublicLayout.tsx';
import { createPublicRouter } from './router.tsx';
import './styles/index.css';

async function createRouterForPage(): Promise<AnyRouter> {
  if (!isAdminPath(window.location.pathname)) return createPublicRouter();
  const { createAdminRouter } = await import('./admin-router.tsx');
  return createAdminRouter();
}

/**
 * Resolves once the browser has had a chance to paint the prerendered page: after the next frame,
 * or within 100 ms where no frame comes (a background tab runs no animation frames). Hydration is
 * one long task; started before the first frame, it holds back the page's first paint until it ends.
 */
function paintFirst(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 100);
  });
}

/**
 * Prerendered pages are hydrated: the first page's loader data comes from the JSON the prerenderer
 * embedded, so the first render matches the HTML without a request. Pages without it (the admin
 * SPA shell, the dev server) and prerendered pages whose content depends on a query string they
 * were not rendered with (the marketing-preferences link) are rendered in the browser instead.
 */
async function start() {
  const router = await createRouterForPage();
  const seed = readPageSeed(document);
  plantPageSeed(seed);
  await router.load();
  plantPageSeed(null);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  if (seed && !(seed.searchDependent && window.location.search)) {
    await paintFirst();
    // Marks the router as hydrating server-rendered HTML, as TanStack's own hydrate() does, so it
    // renders the same tree as the prerenderer (no client-only Suspense wrapper at the top).
    router.ssr = { manifest: undefined };
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (input stays responsive; total blocking time drops).
    startTransition(() => {
      hydrateRoot(document, app);
    });
  } else {
    createRoot(document).render(app);
  }
}

void start();
