import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SiteConfig } from '#shared/site/config.ts';
import { withPreheader } from '../preheader.ts';

/*
 * The one layout every e-mail goes through (decision 051): a whole document (doctype, lang, head
 * metas, title), a hidden preheader, the brand header, a 600 px column that is fluid below 600 px
 * (so it is one column on a phone even where media queries are stripped), a table-based button
 * and the identity footer. Written with createElement, not JSX: the server runs TypeScript by type
 * stripping, which takes no .tsx (decision 051). Rendered synchronously with react-dom/server, so
 * the builders stay plain functions and a campaign renders its shell once, not once per recipient.
 */

/** The site's text-safe gold (client tokens.css --gold: 5.4:1 on the paper colour). */
export const GOLD = '#8c6516';
const INK = '#17130f';
const MUTED = '#5c544b';
const PAPER = '#fbf8f3';
const LINE = '#e6ddd0';
export const SERIF = "'Iowan Old Style', 'Palatino Linotype', Palatino, 'Book Antiqua', Georgia, serif";
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

/** Where the header's logo is served from (client/public, scripts/generate-images.ts). */
export const LOGO_PATH = '/assets/email/logo.png';

export type LayoutSite = Pick<SiteConfig, 'name' | 'url'>;

export interface LayoutProps {
  site: LayoutSite;
  /** The document's title: the subject. */
  title: string;
  /** The inbox's preview text, hidden in the message itself. */
  preheader?: string | null | undefined;
  /** The message's HTML, escaped by its builder. */
  body: string;
  /** The footer's HTML (identity, and for marketing the unsubscribe line). */
  footer: string;
  /** CSS a campaign's own `<head>` carried; sanitised with it. */
  extraCss?: string | undefined;
}

// Gmail and Apple Mail honour the head's rules; the inline styles carry the rest. The fluid table
// needs no rule to go one column; these only tighten the padding on a phone.
const headCss = `body{margin:0;padding:0;-webkit-text-size-adjust:100%}
table,td{border-collapse:collapse}
img{border:0;text-decoration:none}
p,li,td{font-family:${SANS}}
@media only screen and (max-width:620px){.email-pad{padding-left:16px !important;padding-right:16px !important}}`;

const table = (style: CSSProperties, children: ReactNode, attributes: Record<string, string> = {}) =>
  h(
    'table',
    { role: 'presentation', cellPadding: 0, cellSpacing: 0, border: 0, style, ...attributes },
    h('tbody', null, children),
  );

const raw = (html: string) => h('div', { dangerouslySetInnerHTML: { __html: html } });

function brandHeader(site: LayoutSite): ReactNode {
  return h(
    'tr',
    null,
    h(
      'td',
      {
        className: 'email-pad',
        style: { padding: '24px 32px', borderBottom: `2px solid ${GOLD}`, backgroundColor: '#ffffff' },
      },
      table(
        {},
        h(
          'tr',
          null,
          h(
            'td',
            { style: { verticalAlign: 'middle', paddingRight: '12px' } },
            // Img's outline:none is unsupported in Outlook for Windows (Can I email) and hides no
            // focus ring in a mail client: left out (decision 051, "Checks").
            h(Img, {
              src: `${site.url}${LOGO_PATH}`,
              alt: site.name,
              width: 48,
              height: 48,
              style: { outline: undefined },
            }),
          ),
          h(
            'td',
            {
              style: {
                verticalAlign: 'middle',
                fontFamily: SERIF,
                fontSize: '22px',
                lineHeight: '28px',
                color: GOLD,
              },
            },
            site.name,
          ),
        ),
      ),
    ),
  );
}

function layout(props: LayoutProps): ReactNode {
  return h(
    Html,
    { lang: 'en-AU', dir: 'ltr' },
    // Our own head, not react-email's: its http-equiv charset next to ours would declare it twice.
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'x-apple-disable-message-reformatting' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('meta', { name: 'supported-color-schemes', content: 'light' }),
      h('title', null, props.title),
      h('style', { dangerouslySetInnerHTML: { __html: headCss + (props.extraCss ?? '') } }),
    ),
    h(
      Body,
      { style: { margin: 0, padding: 0, backgroundColor: PAPER, color: INK } },
      table(
        { width: '100%', backgroundColor: PAPER },
        h(
          'tr',
          null,
          h(
            'td',
            { align: 'center', style: { padding: '24px 8px' } },
            // Outlook on Windows knows no max-width: a fixed 600 px table for it alone.
            raw(
              '<!--[if mso]><table role="presentation" width="600" cellpadding="0" cellspacing="0" border="0"><tr><td><![endif]-->',
            ),
            table(
              {
                width: '100%',
                maxWidth: '600px',
                margin: '0 auto',
                backgroundColor: '#ffffff',
                border: `1px solid ${LINE}`,
              },
              [
                h('tr', { key: 'h' }, h('td', null, table({ width: '100%' }, brandHeader(props.site)))),
                h(
                  'tr',
                  { key: 'b' },
                  h(
                    'td',
                    {
                      className: 'email-pad',
                      style: {
                        padding: '24px 32px',
                        fontFamily: SANS,
                        fontSize: '16px',
                        lineHeight: '24px',
                        color: INK,
                        // A word longer than a phone's line (a link someone typed or pasted)
                        // breaks instead of widening the message past the screen (decision 094).
                        wordBreak: 'break-word',
                      },
                    },
                    raw(props.body),
                  ),
                ),
                h(
                  'tr',
                  { key: 'f' },
                  h(
                    'td',
                    { className: 'email-pad', style: { padding: '0 32px 24px', color: MUTED } },
                    raw(props.footer),
                  ),
                ),
              ],
              { width: '100%', align: 'center' },
            ),
            raw('<!--[if mso]></td></tr></table><![endif]-->'),
          ),
        ),
      ),
    ),
  );
}

// React 19 hoists a preload <link> for every image into the head; a mail client has no use for it.
const preloadLink = /<link rel="preload"[^>]*>/g;
// Each raw() wrapper is a <div> React needs to hold the HTML; it has no style and no meaning.
const rawWrapper = /<div>(<!--\[if mso\]>[\s\S]*?<!\[endif\]-->)<\/div>/g;

/** A whole e-mail document around `body`: everything the layout promises (decision 051). */
export function emailDocument(props: LayoutProps): string {
  const markup = renderToStaticMarkup(layout(props)).replace(preloadLink, '').replace(rawWrapper, '$1');
  // The preheader is the campaign path's own (preheader.ts), not react-email's Preview, whose
  // opacity and overflow Can I email lists as unsupported in Outlook and Yahoo (decision 051).
  return `<!doctype html>\n${withPreheader(markup, props.preheader ?? '')}`;
}

const buttonCell: CSSProperties = { backgroundColor: GOLD, borderRadius: '4px' };
const buttonLink: CSSProperties = {
  display: 'inline-block',
  padding: '12px 24px',
  color: '#ffffff',
  backgroundColor: GOLD,
  borderRadius: '4px',
  fontFamily: SANS,
  fontSize: '16px',
  fontWeight: 600,
  lineHeight: '20px',
  textDecoration: 'none',
};

/**
 * A bulletproof button: the colour on a table cell (`bgcolor`, which Outlook paints) and the
 * padding on the link through react-email's Button, whose mso-padding trick Outlook honours.
 */
export function emailButton(url: string, label: string): string {
  return withoutButtonTarget(renderToStaticMarkup(buttonElement(url, label)));
}

/** The same button as an element, for a body built with react (body.ts). */
export function buttonElement(url: string, label: string): ReactNode {
  return h(
    'table',
    { role: 'presentation', cellPadding: 0, cellSpacing: 0, border: 0, style: { margin: '16px 0' } },
    h(
      'tbody',
      null,
      h(
        'tr',
        null,
        h(
          'td',
          { align: 'center', bgcolor: GOLD, style: buttonCell },
          h(Button, { href: url, style: buttonLink }, label),
        ),
      ),
    ),
  );
}

/**
 * Button adds target="_blank", which Gmail and Yahoo do not support (Can I email) and every
 * webmail ignores: links there open in a new tab anyway (decision 051, "Checks"). Text React
 * rendered has its quotes escaped, so only an attribute matches.
 */
export function withoutButtonTarget(markup: string): string {
  return markup.replaceAll(' target="_blank"', '');
}
