import type { FastifyInstance } from 'fastify';
import { PERMANENT_REDIRECTS } from '#shared/content/redirects.ts';
import { indexableRoutes } from '#shared/content/routes.ts';

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Absolute URL of a route on this site ("/" keeps its slash, as in the canonical links). */
export function absoluteUrl(appUrl: string, route: string): string {
  return route === '/' ? `${appUrl}/` : `${appUrl}${route}`;
}

export function sitemapXml(appUrl: string, routes: readonly string[] = indexableRoutes): string {
  const urls = routes
    .filter((route) => !(route in PERMANENT_REDIRECTS))
    .map((route) => {
      const priority =
        route === '/' ? '1.0' : route === '/sell' ? '0.9' : route.startsWith('/blog/') ? '0.6' : '0.8';
      return `  <url><loc>${escapeXml(absoluteUrl(appUrl, route))}</loc><priority>${priority}</priority></url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(appUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /api/',
    'Disallow: /trpc/',
    'Disallow: /unsubscribe',
    'Disallow: /confirm-subscription',
    '',
    `Sitemap: ${appUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

/** GET /sitemap.xml (every indexable public route) and GET /robots.txt, from the configured APP_URL. */
export function registerSeoRoutes(app: FastifyInstance, appUrl: string): void {
  const base = appUrl.replace(/\/+$/, '');
  const sitemap = sitemapXml(base);
  const robots = robotsTxt(base);
  app.get('/sitemap.xml', (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sitemap),
  );
  app.get('/robots.txt', (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
  for (const [from, to] of Object.entries(PERMANENT_REDIRECTS)) {
    app.get(from, (req, reply) => {
      const queryAt = req.url.indexOf('?');
      return reply.redirect(`${to}${queryAt === -1 ? '' : req.url.slice(queryAt)}`, 301);
    });
  }
}
