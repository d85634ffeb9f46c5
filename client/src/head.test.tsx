import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  HeadContent,
  notFound,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

/*
 * What the public pages rely on from TanStack's HeadContent (decision 010), through its public
 * API: the deepest route wins the title and each meta name or property, tags keep their order and
 * repeats are dropped, JSON-LD cannot close its script element, and a route whose loader found
 * nothing gives the head of its not-found view rather than the routes below it.
 */

function testRouter(path: string) {
  const root = createRootRoute({
    head: () => ({
      meta: [
        { title: 'Site' },
        { name: 'description', content: 'site description' },
        { property: 'og:site_name', content: 'Site' },
      ],
      links: [{ rel: 'icon', href: '/favicon.svg' }],
    }),
    // As in routes/__root.tsx: a whole document with HeadContent in its head.
    shellComponent: ({ children }) => (
      <html lang="en">
        <head>
          <HeadContent />
        </head>
        <body>{children}</body>
      </html>
    ),
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/page',
    head: () => ({
      meta: [
        { title: 'Page' },
        { name: 'description', content: 'page description' },
        { 'script:ld+json': { '@type': 'Thing', name: '</script><b>&\u2028' } },
      ],
      links: [
        { rel: 'canonical', href: 'https://example.com/page' },
        { rel: 'icon', href: '/favicon.svg' },
      ],
    }),
  });
  const section = createRoute({
    getParentRoute: () => root,
    path: '/section',
    loader: () => {
      throw notFound();
    },
    head: () => ({ meta: [{ title: 'Section' }] }),
  });
  const child = createRoute({
    getParentRoute: () => section,
    path: '/child',
    head: () => ({ meta: [{ title: 'Child' }] }),
  });
  return createRouter({
    routeTree: root.addChildren([page, section.addChildren([child])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
}

async function renderedHead(path: string): Promise<string> {
  const router = testRouter(path);
  await router.load();
  return renderToString(<RouterProvider router={router} />);
}

describe('HeadContent', () => {
  it('lets the deepest route win the title and each meta name, keeps order, drops repeats', async () => {
    const html = await renderedHead('/page');
    // React writes title, meta and link elements (hoistables) before the head's other children.
    expect(html).toContain(
      '<head><title>Page</title>' +
        '<meta property="og:site_name" content="Site"/>' +
        '<meta name="description" content="page description"/>' +
        '<link rel="icon" href="/favicon.svg"/>' +
        '<link rel="canonical" href="https://example.com/page"/>' +
        '<script type="application/ld+json">' +
        '{"@type":"Thing","name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\u2028"}</script></head>',
    );
    expect(html.match(/<title/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.match(/<link rel="icon"/g)).toHaveLength(1);
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('site description');
  });

  it('keeps JSON-LD parseable back to its value', async () => {
    const html = await renderedHead('/page');
    const json = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual({ '@type': 'Thing', name: '</script><b>&\u2028' });
  });

  it('keeps the head of a route whose loader found nothing (its not-found view), not of routes below', async () => {
    const html = await renderedHead('/section/child');
    expect(html.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Section</title>']);
  });
});
