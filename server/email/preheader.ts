import { escapeHtml } from '#shared/templates/variables.ts';

/*
 * The preheader (decision 011): the line a mail client shows after the subject in its inbox list.
 * Clients take it from the first text of the body, so it goes first, hidden from the opened
 * message: display:none for every client we check, mso-hide:all for Outlook on Windows (which
 * supports display:none only in part), max-height:0 besides. No overflow or opacity: Can I email
 * lists them as unsupported in Outlook for Windows and Yahoo, and they hide nothing display:none
 * does not (decision 051, "Checks"). Without filler after it the list would carry on
 * into the body's own first words ("Hello Olivia, Demand for…"); the zero-width and non-breaking
 * entities fill the rest of the preview with nothing visible.
 */

/** One unit of filler: combining grapheme joiner, zero-width non-joiner, non-breaking space. */
const FILLER_UNIT = '&#847;&zwnj;&nbsp;';
/** Enough to fill Gmail's and Apple Mail's longest previews (about 140 characters) after any text. */
const FILLER_UNITS = 100;
const FILLER = FILLER_UNIT.repeat(FILLER_UNITS);

const HIDDEN_STYLE = 'display:none;max-height:0;mso-hide:all';

/**
 * The hidden preview text for `text` (plain text: it is escaped here), or '' when there is none.
 * Every message puts it at the very start of the body (the layout, decision 051); the text
 * converter leaves it out (`data-skip-in-text`).
 */
export function preheaderHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return `<div style="${HIDDEN_STYLE}" data-skip-in-text="true">${escapeHtml(trimmed)}${FILLER}</div>`;
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
