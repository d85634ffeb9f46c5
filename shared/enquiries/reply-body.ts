// A reply is writing, not HTML (decision 093): the desk's composer sends paragraphs (<p>) and line
// breaks (<br>), and whatever sends plain text instead (an API caller, a flow's older template)
// gets the same shape, so the e-mail, its text part and the seller's page keep the paragraphs.

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

// Any tag (opening, closing, comment or doctype) makes the text HTML; `a < b` does not.
const HTML_TAG = /<(?:[a-z][a-z0-9-]*(?:\s[^>]*)?\/?|\/[a-z][a-z0-9-]*\s*|!--[\s\S]*?--|!doctype[^>]*)>/i;

// A blank line (spaces allowed) ends a paragraph; so do any further blank lines.
const PARAGRAPH_BREAK = /\r?\n[ \t]*(?:\r?\n[ \t]*)+/;

/** True when the text holds an HTML tag; plain writing does not. */
export function looksLikeHtml(text: string): boolean {
  return HTML_TAG.test(text);
}

/**
 * Plain text as HTML: escaped, a paragraph per blank-line-separated block, a <br> per line break
 * inside one. `{{merge_tags}}` pass through untouched, to be merged (escaped) afterwards.
 */
export function plainTextToHtml(text: string): string {
  return textParagraphs(text)
    .map((paragraph) => {
      const escaped = paragraph.replace(/[&<>"]/g, (c) => ESCAPES[c] ?? c);
      return `<p>${escaped.split(/\r?\n/).join('<br>')}</p>`;
    })
    .join('');
}

/** A reply's body as HTML: HTML as it came, plain text as paragraphs and line breaks. */
export function replyBodyHtml(body: string): string {
  return looksLikeHtml(body) ? body : plainTextToHtml(body);
}

/**
 * Text (a reply's text part, a seller's message) as the paragraphs a reader sees: split at blank
 * lines, each trimmed, a single line break kept inside its paragraph, empty ones dropped.
 */
export function textParagraphs(text: string): string[] {
  return text
    .split(PARAGRAPH_BREAK)
    .map((paragraph) =>
      paragraph
        .split(/\r?\n/)
        .map((line) => line.trimEnd())
        .join('\n')
        .trim(),
    )
    .filter((paragraph) => paragraph !== '');
}

// What the composer writes (decision 093): paragraphs, line breaks, bold, italic, lists, links.
const WRITING_TAGS = new Set(['p', 'br', 'strong', 'em', 'b', 'i', 'ul', 'ol', 'li', 'a']);

/**
 * True when the HTML holds nothing the composer cannot: a saved reply template like this opens in
 * it without losing anything; one with a table, styles or images opens as HTML.
 */
export function isWritingHtml(html: string): boolean {
  if (/<!--|<!doctype/i.test(html)) return false;
  for (const match of html.matchAll(/<\/?([a-z][a-z0-9-]*)/gi)) {
    if (!WRITING_TAGS.has((match[1] ?? '').toLowerCase())) return false;
  }
  return !/\sstyle\s*=/i.test(html);
}
