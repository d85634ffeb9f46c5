import sanitizeHtml from 'sanitize-html';
import { htmlToPlainText } from '../email/plain-text.ts';

// What is kept of an e-mailed reply (decision 060): the seller's new words, without the quoted
// history every mail program appends. No maintained parser fits (see the decision), so this is a
// small rule set, each rule tested on the shapes Gmail, Apple Mail and Outlook produce.

/** A line that opens the quoted history: everything from it on is the earlier conversation. */
const HISTORY_OPENERS: readonly RegExp[] = [
  // Gmail, Apple Mail, Thunderbird: "On Tue, 24 Nov 2026 at 10:02, Sterling <x@y> wrote:".
  /^On\b.{0,300}\bwrote:\s*$/i,
  // Outlook and older clients.
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^-{2,}\s*Forwarded message\s*-{2,}\s*$/i,
  // French and German clients ("Le … a écrit :", "Am … schrieb …:").
  /^Le\b.{0,300}\ba écrit\s?:\s*$/i,
  /^Am\b.{0,300}\bschrieb\b.{0,300}:\s*$/i,
];

/** Outlook's header block: "From: …" followed within three lines by "Sent:" or "Date:". */
function opensOutlookHeader(lines: readonly string[], index: number): boolean {
  if (!/^\*?From:\*?\s/i.test(lines[index] ?? '')) return false;
  return lines.slice(index + 1, index + 4).some((line) => /^\*?(Sent|Date):\*?\s/i.test(line));
}

/** Trailers that carry no words of the seller's. */
const TRAILERS: readonly RegExp[] = [/^Sent from my \w+/i, /^Get Outlook for \w+/i, /^_{5,}$/];

export function stripQuotedHistory(text: string): string {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const kept: string[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const line = (lines[i] ?? '').trimEnd();
    const joined = `${line} ${(lines[i + 1] ?? '').trim()}`;
    if (HISTORY_OPENERS.some((rule) => rule.test(line))) break;
    // Gmail wraps a long "On … wrote:" line in two.
    if (/^On\b/i.test(line) && HISTORY_OPENERS[0]?.test(joined)) break;
    if (opensOutlookHeader(lines, i)) break;
    // The signature delimiter (RFC 3676): a signature is not part of the message.
    if (line === '--') break;
    if (line.startsWith('>')) continue;
    kept.push(line);
  }
  while (kept.length > 0 && (kept.at(-1) === '' || TRAILERS.some((t) => t.test(kept.at(-1) ?? ''))))
    kept.pop();
  const result = kept.join('\n').trim();
  // A reply that is nothing but quotes (or a rule gone wrong) keeps its text rather than vanishing.
  return result === '' ? text.trim() : result;
}

/** Elements mail programs wrap the quoted history in. */
function isQuotedHistory(frame: sanitizeHtml.IFrame): boolean {
  if (frame.tag === 'blockquote') return true;
  const className = frame.attribs.class ?? '';
  const id = frame.attribs.id ?? '';
  return (
    /\b(gmail_quote|gmail_attr|yahoo_quoted|moz-cite-prefix)\b/.test(className) ||
    /^(divRplyFwdMsg|appendonsend)$/.test(id)
  );
}

const REPLY_HTML: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'div', 'span', 'b', 'strong', 'i', 'em', 'u', 'ul', 'ol', 'li', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowProtocolRelative: false,
  // Mail from outside: nothing that loads, runs or styles (images come as attachments).
  disallowedTagsMode: 'discard',
  nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  transformTags: {
    a: (tagName, attribs) => ({ tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow' } }),
  },
};

/**
 * The reply's HTML without its quoted history, sanitised for storage: a few text tags and links,
 * no images, styles, scripts or forms.
 */
export function sanitizeReplyHtml(html: string): string {
  // First pass drops the quoted history whole (its text too); the second allows only text tags.
  const withoutHistory = sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    exclusiveFilter: isQuotedHistory,
  });
  return sanitizeHtml(withoutHistory, REPLY_HTML).trim();
}

/**
 * The most sanitised HTML kept of one reply (decision 068): a 3,000,007-character HTML part was
 * stored whole. The timeline shows the text, so the HTML is a record, and 256 K characters hold
 * any letter a seller writes.
 */
export const MAX_REPLY_HTML_CHARS = 256 * 1024;

/** Ends a reply's HTML that was cut to MAX_REPLY_HTML_CHARS. */
export const REPLY_HTML_CUT_NOTE = '<p>[…message shortened: only its first 256 K characters are kept]</p>';

/** Opening a high surrogate (U+D800–U+DBFF): cutting after one would leave half a character. */
const endsInHalfCharacter = (text: string) => /[\uD800-\uDBFF]$/.test(text);

/** Cuts a partial tag or character off the end of a cut. */
function cleanCut(html: string): string {
  let head = html;
  const open = head.lastIndexOf('<');
  if (open > head.lastIndexOf('>')) head = head.slice(0, open);
  return endsInHalfCharacter(head) ? head.slice(0, -1) : head;
}

/**
 * Sanitised reply HTML within MAX_REPLY_HTML_CHARS: a longer one keeps its start, cut at a tag
 * boundary with its open elements closed, and a note of how much was cut.
 */
export function cappedReplyHtml(html: string): string {
  if (html.length <= MAX_REPLY_HTML_CHARS) return html;
  const note = REPLY_HTML_CUT_NOTE;
  const room = MAX_REPLY_HTML_CHARS - note.length;
  let kept = html.slice(0, room);
  // Re-sanitised so the cut leaves no element open; closing tags may push it past the cap, so it is
  // cut again by the excess (a few rounds suffice), and at worst left with elements open.
  for (let round = 0; round < 4; round += 1) {
    const closed = sanitizeHtml(cleanCut(kept), REPLY_HTML);
    if (closed.length <= room) return `${closed}${note}`;
    kept = kept.slice(0, Math.max(0, kept.length - (closed.length - room) - 64));
  }
  return `${cleanCut(kept.slice(0, room))}${note}`;
}

/** The plain text kept of a reply: its text part, or its HTML as text, quoted history removed. */
export function replyBodyText(text: string | null, html: string | null): string {
  if (text && text.trim() !== '') return stripQuotedHistory(text);
  if (html) return stripQuotedHistory(htmlToPlainText(sanitizeReplyHtml(html)));
  return '';
}
