import { type AnyRouteMatch, useRouterState } from '@tanstack/react-router';
import type { JSX } from 'react';

/*
 * The document head of the current page, from the `head` option of its matched routes (title,
 * meta, JSON-LD as a `script:ld+json` meta entry, links): all our routes use. TanStack's
 * HeadContent does the same and more (manifest preloads and styles, head scripts, inline CSS,
 * nonces), 1.4 kB (gzip) of the entry every public page loads; bench/README.md, public-pages.
 * Same order and precedence: the deepest route wins a title and a meta name/property.
 */

type Meta = JSX.IntrinsicElements['meta'];
type Link = JSX.IntrinsicElements['link'];

export type HeadTag =
  | { tag: 'title'; children: string }
  | { tag: 'meta'; attrs: Meta }
  | { tag: 'json-ld'; children: string }
  | { tag: 'link'; attrs: Link };

const SCRIPT_ESCAPES: Record<string, string> = {
  '&': '\\u0026',
  '>': '\\u003e',
  '<': '\\u003c',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/** JSON safe inside a <script> element: nothing in it can close the element or start markup. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[&><\u2028\u2029]/g, (c) => SCRIPT_ESCAPES[c] ?? c);
}

/** Matches up to the first that has not finished loading (its head is not known yet). */
function presented(matches: readonly AnyRouteMatch[]): readonly AnyRouteMatch[] {
  const pending = matches.findIndex((match) => match.status !== 'success');
  return pending === -1 ? matches : matches.slice(0, pending + 1);
}

function unique<T>(tags: T[]): T[] {
  const seen = new Set<string>();
  return tags.filter((tag) => {
    const key = JSON.stringify(tag);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function headTags(allMatches: readonly AnyRouteMatch[]): HeadTag[] {
  const matches = presented(allMatches);
  const tags: HeadTag[] = [];
  const named = new Set<string>();
  let title: HeadTag | null = null;
  for (const match of [...matches].reverse()) {
    const metas: ReadonlyArray<Meta | undefined> = match.meta ?? [];
    for (const meta of [...metas].reverse()) {
      if (!meta) continue;
      if (meta.title) {
        title ??= { tag: 'title', children: meta.title };
      } else if ('script:ld+json' in meta) {
        tags.push({ tag: 'json-ld', children: scriptSafeJson(meta['script:ld+json']) });
      } else {
        const key = meta.name ?? meta.property;
        if (key) {
          if (named.has(key)) continue;
          named.add(key);
        }
        tags.push({ tag: 'meta', attrs: meta });
      }
    }
  }
  if (title) tags.push(title);
  tags.reverse();
  const links = matches.flatMap((match) => (match.links ?? []).filter((link) => link !== undefined));
  return [...unique(tags), ...unique(links.map((attrs): HeadTag => ({ tag: 'link', attrs })))];
}

function renderTag(tag: HeadTag) {
  const key = JSON.stringify(tag);
  switch (tag.tag) {
    case 'title':
      return (
        <title key={key} suppressHydrationWarning>
          {tag.children}
        </title>
      );
    case 'meta':
      return <meta key={key} {...tag.attrs} suppressHydrationWarning />;
    case 'json-ld':
      return (
        <script
          key={key}
          type="application/ld+json"
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: tag.children }}
        />
      );
    case 'link':
      return <link key={key} {...tag.attrs} suppressHydrationWarning />;
  }
}

/** Place inside <head>: the current page's head tags, updated on every navigation. */
export function PageHead() {
  const matches = useRouterState({ select: (state) => state.matches });
  return <>{headTags(matches).map(renderTag)}</>;
}
