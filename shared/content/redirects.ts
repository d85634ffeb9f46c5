/**
 * Old addresses that now live elsewhere, answered with 301 by the server and followed by in-app
 * links. The spec's articles link to /sell-form (docs/spec/public-site.md §3), the sell form's address before
 * /sell. A redirect is never a page: the sitemap leaves these out.
 */
export const PERMANENT_REDIRECTS: Readonly<Record<string, string>> = {
  '/sell-form': '/sell',
};

/** Where an in-site path now lives: itself, or its redirect's target (the query is kept). */
export function currentPath(href: string): string {
  const queryAt = href.search(/[?#]/);
  const path = queryAt === -1 ? href : href.slice(0, queryAt);
  const target = PERMANENT_REDIRECTS[path.replace(/\/+$/, '') || '/'];
  return target ? `${target}${queryAt === -1 ? '' : href.slice(queryAt)}` : href;
}
