import { compile, type SelectorDefinition } from 'html-to-text';

/*
 * The text/plain alternative of an HTML e-mail (decision 024). A multipart message reads in any
 * client and scores better with spam filters than HTML alone. html-to-text does the conversion;
 * the options keep what a reader of the text needs: every link as `text [url]`, no images, and
 * headings in their own case, so a merge tag in a heading (`{{first_name}}`) is still a tag after
 * conversion and can be filled per recipient.
 */
const selectors: SelectorDefinition[] = [
  { selector: 'a', options: { linkBrackets: ['[', ']'], hideLinkHrefIfSameAsText: true } },
  { selector: 'img', format: 'skip' },
  // The layout (decision 051): the hidden preheader is not part of the message, and its tables
  // are layout, each cell its own block rather than cells run together on one line. A table of
  // facts (cells of class "fact") reads one "Label: value" line a row.
  { selector: '[data-skip-in-text=true]', format: 'skip' },
  { selector: 'table', format: 'block' },
  { selector: 'tr', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  { selector: 'td', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  { selector: 'th', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
  { selector: 'th.fact', format: 'inline' },
  { selector: 'td.fact', format: 'inline' },
  { selector: 'h1', options: { uppercase: false } },
  { selector: 'h2', options: { uppercase: false } },
  { selector: 'h3', options: { uppercase: false } },
  { selector: 'h4', options: { uppercase: false } },
  { selector: 'h5', options: { uppercase: false } },
  { selector: 'h6', options: { uppercase: false } },
];
const convert = compile({ wordwrap: 78, selectors });
// A page wraps text to its own width: lines cut at 78 characters would read ragged on a phone.
const convertUnwrapped = compile({ wordwrap: false, selectors });

/** The plain-text part of an e-mail whose HTML is `html`. */
export function htmlToPlainText(html: string): string {
  return convert(html).trim();
}

/**
 * What a reader of a page sees of an e-mail's HTML (an enquiry reply on the seller's page,
 * decision 093): the same conversion, paragraphs apart by a blank line, lines not wrapped.
 */
export function htmlToReadingText(html: string): string {
  return convertUnwrapped(html).trim();
}

/** The message with a text part derived from its HTML, unless it carries its own text already. */
export function withPlainText<M extends { html?: string | undefined; text?: string | undefined }>(
  message: M,
): M {
  if (message.text !== undefined || message.html === undefined) return message;
  return { ...message, text: htmlToPlainText(message.html) };
}
