import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  notFound,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headTags, PageHead, scriptSafeJson } from './head.tsx';

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
    component: () => <PageHead />,
  });
  const page = createRoute({
    getParentRoute: () => root,
    path: '/page',
    head: () => ({
      meta: [
        { title: 'Page' },
        { name: 'description', content: 'page description' },
        { 'script:ld+json': { '@type': 'Thing', name: '</script><b>&' } },
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

describe('headTags', () => {
  it('lets the deepest route win the title and each meta name, keeps order, drops repeats', async () => {
    const router = testRouter('/page');
    await router.load();
    expect(headTags(router.state.matches)).toEqual([
      { tag: 'title', children: 'Page' },
      { tag: 'meta', attrs: { property: 'og:site_name', content: 'Site' } },
      { tag: 'meta', attrs: { name: 'description', content: 'page description' } },
      {
        tag: 'json-ld',
        children: '{"@type":"Thing","name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}',
      },
      { tag: 'link', attrs: { rel: 'icon', href: '/favicon.svg' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://example.com/page' } },
    ]);
  });

  it('keeps the head of a route whose loader found nothing (its not-found view), not of routes below', async () => {
    const router = testRouter('/section/child');
    await router.load();
    expect(router.state.matches.map((m) => m.routeId)).toEqual(['__root__', '/section', '/section/child']);
    const titles = headTags(router.state.matches).filter((tag) => tag.tag === 'title');
    expect(titles).toEqual([{ tag: 'title', children: 'Section' }]);
  });

  it('renders them as head elements, JSON-LD unable to close its script element', async () => {
    const router = testRouter('/page');
    await router.load();
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain('<title>Page</title>');
    expect(html).toContain('<meta name="description" content="page description"/>');
    expect(html).toContain('<link rel="canonical" href="https://example.com/page"/>');
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain(
      '<script type="application/ld+json">{"@type":"Thing","name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}</script>',
    );
    expect(html).not.toContain('site description');
  });
});

describe('scriptSafeJson', () => {
  it('is JSON that parses back to the value', () => {
    const value = { text: '<!-- </script> & \u2028\u2029 "quoted"' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
