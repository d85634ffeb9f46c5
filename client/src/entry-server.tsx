import { type AnyRoute, createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { buildPageData } from '#shared/content/pages/build.ts';
import { withApiProviders } from './api/ApiProviders.tsx';
import { provideApi } from './api/boundary.tsx';
import { type PageSeed, setPageDataBuilder } from './page-data.ts';
import { createPublicRouter } from './router.tsx';
import { site } from './site.ts';

/*
 * The prerenderer's entry (built with `vite build --ssr`): renders one path to a complete HTML
 * document. Page data is built in-process from shared/content; the API providers are bundled
 * rather than loaded lazily.
 */
setPageDataBuilder((path) => buildPageData(path, site));
provideApi(withApiProviders);

export interface RenderedPage {
  status: 200 | 404;
  /** The whole document, from the doctype to </html>. */
  html: string;
  /** Matched route ids, root first, so the prerenderer can preload their code. */
  routeIds: string[];
  /** Embedded in the page for the browser's first render. */
  seed: PageSeed;
}

function readsSearch(route: AnyRoute): boolean {
  return Boolean(route.options.validateSearch);
}

export async function renderPage(path: string): Promise<RenderedPage> {
  const router = createPublicRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const matches = router.state.matches;
  const status = matches.some((m) => m.status === 'notFound' || m._notFound) ? 404 : 200;
  const contentMatch = matches.at(-1);
  const loaderData: unknown = contentMatch?.loaderData;
  const data = loaderData && typeof loaderData === 'object' && 'kind' in loaderData ? loaderData : null;
  const html = `<!DOCTYPE html>${renderToString(<RouterProvider router={router} />)}`;
  // Match ids are typed by the registered (whole) tree; this router holds its public part.
  const routeOf = (id: string): AnyRoute | undefined =>
    router.routesById[id as keyof typeof router.routesById];
  return {
    status,
    html,
    routeIds: matches.map((m) => m.routeId),
    seed: {
      path,
      status,
      data: data as PageSeed['data'],
      searchDependent: matches.some((m) => {
        const route = routeOf(m.routeId);
        return route !== undefined && readsSearch(route);
      }),
    },
  };
}

export { analyticsIds } from './public/analytics.ts';
export { site } from './site.ts';
