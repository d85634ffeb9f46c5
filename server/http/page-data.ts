import type { FastifyInstance } from 'fastify';
import { buildPageData } from '#shared/content/pages/build.ts';
import type { PageData } from '#shared/content/pages/types.ts';
import type { SiteConfig } from '#shared/site/config.ts';

/**
 * GET /api/page-data?path=/sell-watch-sydney: the data a content page renders, for client-side
 * navigation (the first page arrives prerendered with its data). 404 for paths without a page.
 */
export function registerPageDataRoute(app: FastifyInstance, site: SiteConfig): void {
  // Content is fixed for the life of the process, so each page's JSON is built once.
  const cache = new Map<string, string | null>();
  const render = (path: string): string | null => {
    if (!cache.has(path)) {
      const data: PageData | null = buildPageData(path, site);
      // Unknown paths are not cached, so probing random paths cannot grow the map.
      if (!data) return null;
      cache.set(path, JSON.stringify(data));
    }
    return cache.get(path) ?? null;
  };

  app.get<{ Querystring: { path?: unknown } }>('/api/page-data', (req, reply) => {
    const path = req.query.path;
    if (typeof path !== 'string' || !path.startsWith('/') || path.length > 200) {
      return reply.code(400).send({ error: 'The "path" query parameter must be a site path.' });
    }
    const json = render(path);
    if (json === null) return reply.code(404).send({ error: 'No page at this path.' });
    return reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(json);
  });
}
