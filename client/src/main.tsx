import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { plantPageSeed, readPageSeed } from './page-data.ts';
import { createAppRouter } from './router.tsx';
import './styles/index.css';

const router = createAppRouter();

/**
 * Prerendered pages are hydrated: the first page's loader data comes from the JSON the prerenderer
 * embedded, so the first render matches the HTML without a request. Pages without it (the admin
 * SPA shell, the dev server) and prerendered pages whose content depends on a query string they
 * were not rendered with (the marketing-preferences link) are rendered in the browser instead.
 */
async function start() {
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
    // Marks the router as hydrating server-rendered HTML, as TanStack's own hydrate() does, so it
    // renders the same tree as the prerenderer (no client-only Suspense wrapper at the top).
    router.ssr = { manifest: undefined };
    hydrateRoot(document, app);
  } else {
    createRoot(document).render(app);
  }
}

void start();
