import type { PageSeo } from '#shared/content/pages/types.ts';
import { site } from './site.ts';

import type { JSX } from 'react';

type Meta = JSX.IntrinsicElements['meta'];

export interface RouteHead {
  meta: Meta[];
  links: JSX.IntrinsicElements['link'][];
}

/** TanStack's HeadContent renders a meta entry with this key as a JSON-LD script, its JSON escaped. */
function jsonLdMeta(block: object): Meta {
  const entry: Record<string, unknown> = { 'script:ld+json': block };
  return entry;
}

/** Title, description, canonical, Open Graph, Twitter card and JSON-LD for one page. */
export function seoHead(seo: PageSeo): RouteHead {
  const meta: Meta[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
    { property: 'og:type', content: seo.ogType },
    { property: 'og:site_name', content: site.name },
    { property: 'og:locale', content: 'en_AU' },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: seo.description },
    { property: 'og:url', content: seo.canonicalUrl },
    { property: 'og:image', content: seo.image.url },
    { property: 'og:image:alt', content: seo.image.alt },
    { property: 'og:image:width', content: String(seo.image.width) },
    { property: 'og:image:height', content: String(seo.image.height) },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: seo.image.url },
    { name: 'twitter:image:alt', content: seo.image.alt },
  ];
  if (seo.article) {
    meta.push(
      { property: 'article:published_time', content: seo.article.publishedTime },
      { property: 'article:author', content: seo.article.author },
      { property: 'article:section', content: seo.article.section },
    );
  }
  if (seo.noindex) meta.push({ name: 'robots', content: 'noindex' });
  for (const block of seo.jsonLd) meta.push(jsonLdMeta(block));
  return { meta, links: [{ rel: 'canonical', href: seo.canonicalUrl }] };
}

/** Head of a not-found view: never indexed. */
export function notFoundHead(title: string): RouteHead {
  return {
    meta: [
      { title },
      { name: 'description', content: 'The page you were looking for could not be found.' },
      { name: 'robots', content: 'noindex' },
    ],
    links: [],
  };
}
