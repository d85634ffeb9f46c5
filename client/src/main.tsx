import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { plantPageSeed, readPageSeed } from './page-data.ts';
import { isAdminPath } from './public/layout/PublicLayout.tsx';
import { createPublicRouter } from './router.tsx';
import './public/styles/index.css';

async function createRouterForPage(): Promise<AnyRouter> {
  if (!isAdminPath(window.location.pathname)) return createPublicRouter();
  const { createAdminRouter } = await import('./admin-router.tsx');
  return createAdminRouter();
}

/**
 * Ends the current task. Evaluating the entry, creating the router, loading the first route and
 * hydrating are each a task of their own: one task doing them all held the main thread 30-50 ms
 * (120-200 ms on Lighthouse's 4x slower mobile CPU, most of it counted as blocking time).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Marks the document (data-app-ready) once React has taken it over, from which point its menus,
 * drawer and forms answer; end-to-end tests wait for it before they interact.
 */
function MarkAppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = 'true';
  }, []);
  return null;
}

/**
 * Prerendered pages are hydrated: the first page's loader data comes from the JSON the prerenderer
 * embedded, so the first render matches the HTML without a request. Pages without it (the admin
 * SPA shell, the dev server) and prerendered pages whose content depends on a query string they
 * were not rendered with (the marketing-preferences link) are rendered in the browser instead.
 */
async function start() {
  await nextTask();
  const router = await createRouterForPage();
  await nextTask();
  const seed = readPageSeed(document);
  plantPageSeed(seed);
  await router.load();
  plantPageSeed(null);
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
      <MarkAppReady />
    </StrictMode>
  );
  if (seed && !(seed.searchDependent && window.location.search)) {
    await nextTask();
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
