import { escapeHtml } from '#shared/templates/variables.ts';

/*
 * The preheader (decision 011): the line a mail client shows after the subject in its inbox list.
 * Clients take it from the first text of the body, so it goes first, hidden from the opened
 * message (display:none for most clients, mso-hide:all for Outlook on Windows, max-height and
 * overflow for those that ignore display:none). Without filler after it the list would carry on
 * into the body's own first words ("Hello Olivia, Demand for…"); the zero-width and non-breaking
 * entities fill the rest of the preview with nothing visible.
 */

/** One unit of filler: combining grapheme joiner, zero-width non-joiner, non-breaking space. */
const FILLER_UNIT = '&#847;&zwnj;&nbsp;';
/** Enough to fill Gmail's and Apple Mail's longest previews (about 140 characters) after any text. */
const FILLER_UNITS = 100;
const FILLER = FILLER_UNIT.repeat(FILLER_UNITS);

const HIDDEN_STYLE = 'display:none;max-height:0;overflow:hidden;mso-hide:all';

/**
 * The hidden preview text for `text` (plain text: it is escaped here), or '' when there is none.
 * The current marketing path and the react-email layout both put it at the very start of the body.
 */
export function preheaderHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return `<div style="${HIDDEN_STYLE}">${escapeHtml(trimmed)}${FILLER}</div>`;
}

const bodyOpen = /<body\b[^>]*>/i;

/** `html` with the preview text as the first content of its body (or first of all, without one). */
export function withPreheader(html: string, text: string): string {
  const hidden = preheaderHtml(text);
  if (hidden === '') return html;
  const open = bodyOpen.exec(html);
  if (!open) return `${hidden}${html}`;
  const at = open.index + open[0].length;
  return `${html.slice(0, at)}${hidden}${html.slice(at)}`;
}
