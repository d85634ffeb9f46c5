import sanitizeHtml from 'sanitize-html';

/*
 * Article bodies are sanitised on the server and at prerender time, never in the browser (the
 * sanitiser would add tens of kilobytes to every article page). Browser code must not import
 * this module; it receives already-clean HTML as page data.
 */

const allowedTags = [
  'h2',
  'h3',
  'h4',
  'p',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'em',
  'b',
  'i',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'br',
];

/** Keeps the article markup the spec allows; drops scripts, styles, event handlers and foreign schemes. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags,
    // target and rel are only ever set by the transform below, which replaces whatever the source had.
    allowedAttributes: { a: ['href', 'target', 'rel'], th: ['scope'] },
    allowedSchemes: ['https', 'mailto', 'tel'],
    allowProtocolRelative: false,
    transformTags: {
      a: (tagName, attribs): sanitizeHtml.Tag => {
        const href = attribs.href ?? '';
        // Links to other sites open in a new tab and pass no referrer or window handle.
        return /^https:/i.test(href)
          ? { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } }
          : { tagName, attribs: { href } };
      },
    },
  }).trim();
}

/** Internal links (paths starting with "/") in an HTML fragment, for link checks. */
export function internalLinks(html: string): string[] {
  return [...html.matchAll(/<a\s[^>]*href="(\/[^"#?]*)[^"]*"/gi)].map((m) => m[1] ?? '');
}
