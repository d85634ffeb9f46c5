import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { GOLD, SERIF, withoutButtonTarget } from './layout.ts';

/*
 * A message's body built as react elements (decision 051), so every value a seller or a member
 * typed is escaped by React rather than by a hand-called escapeHtml. Rendered with the layout's
 * renderer, react-dom/server's renderToStaticMarkup, one part at a time and joined by newlines,
 * the shape the string builders had, so the text part (htmlToPlainText) reads the same.
 */

export type BodyPart = ReactNode;

/** The parts as the layout's body HTML; null, false and '' parts are left out. */
export function renderBody(parts: readonly BodyPart[]): string {
  return parts
    .filter((part) => part !== null && part !== undefined && part !== false && part !== '')
    .map((part) => withoutButtonTarget(renderToStaticMarkup(part)))
    .join('\n');
}

/** A paragraph: children are text or elements, never HTML. */
export function p(...children: ReactNode[]): ReactNode {
  return h('p', null, ...children);
}

/** A paragraph with inline style (muted notes, the declaration quote). */
export function styledP(style: CSSProperties, ...children: ReactNode[]): ReactNode {
  return h('p', { style }, ...children);
}

export function strong(...children: ReactNode[]): ReactNode {
  return h('strong', null, ...children);
}

/** Text whose line breaks stay line breaks (`<br>`), as typed in a textarea. */
export function lines(text: string): ReactNode[] {
  return text.split(/\r?\n/).flatMap((line, i) => (i === 0 ? [line] : [h('br'), line]));
}

/** The heading the team's notices open with, in the brand's serif and gold. */
export function noticeHeading(text: string): ReactNode {
  return h(
    'h1',
    {
      style: { fontFamily: SERIF, fontSize: '22px', fontWeight: 'normal', color: GOLD, margin: '0 0 16px' },
    },
    text,
  );
}

/**
 * The button's address written out, for a reader whose client hides the button; the text part
 * lists the button's link already, so this paragraph is skipped there. The address is one long
 * word (a seller's link is over 80 characters): it breaks anywhere, so the message stays as wide
 * as a 375 px phone rather than scrolling sideways (decision 094).
 */
export function copyLinkParagraph(url: string, style?: CSSProperties): ReactNode {
  return h(
    'p',
    { 'data-skip-in-text': 'true', style },
    'Or copy this link into your browser:',
    h('br'),
    h('span', { style: { wordBreak: 'break-all' } }, url),
  );
}
