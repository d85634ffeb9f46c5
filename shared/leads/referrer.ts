// The page a seller's visit came from (decision 100): another site's address, kept as its origin
// and path only. The query and fragment are dropped, as a search engine's or webmail's carries what
// the visitor typed or who they are; our own pages are no source; an over-long path is cut.

/** The column's size (`enquiries.referrer`). */
export const MAX_REFERRER_LENGTH = 300;

function httpUrl(raw: string | null | undefined): URL | null {
  const value = raw?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Origin and path of an http(s) address, cut to the column's size; null for anything else. */
export function trimReferrer(raw: string | null | undefined): string | null {
  const url = httpUrl(raw);
  return url ? `${url.origin}${url.pathname}`.slice(0, MAX_REFERRER_LENGTH) : null;
}

/** `document.referrer` as a source: null when empty, not http(s), or one of our own pages. */
export function externalReferrer(raw: string | null | undefined, ownOrigin: string): string | null {
  const url = httpUrl(raw);
  return url && url.origin !== ownOrigin ? trimReferrer(raw) : null;
}
