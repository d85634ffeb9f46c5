import { Img } from '@react-email/img';
import { createElement as h, type CSSProperties, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import sanitizeHtml from 'sanitize-html';
import type { Block, BlockDocument, LeafBlock } from '#shared/templates/blocks.ts';
import { emailButton, GOLD, SERIF, type LayoutSite } from './layout.ts';

/*
 * A block document as the body of the layout (decision 054): the one renderer, used when a blocks
 * template is saved (its HTML is stored beside the JSON) and by the editor's live preview, so what
 * the admin sees is what is sent. Built from the layout's pieces (its button, type and colours,
 * decision 051). The fixed footer renders nothing here: the sending path adds the compliance
 * footer to every marketing message (decision 004) and the identity footer to every reply.
 */

const INK = '#17130f';
const MUTED = '#5c544b';
const LINE = '#e6ddd0';
const SANS = "'Helvetica Neue', Helvetica, Arial, sans-serif";

/** What the body needs of the site: its address, where uploaded images are served from. */
type BlockSite = Pick<LayoutSite, 'url'>;

/** The column's content width: 600 px less the layout's 32 px padding each side. */
export const CONTENT_WIDTH = 536;
/** A column of a two-column row, and its gap: two fit side by side in 536 px, not in a phone's. */
const COLUMN_WIDTH = 260;
/** Where an uploaded image's e-mail variant (1200 px wide, email_images) is served from. */
export function emailImagePath(uploadId: string): string {
  return `/api/email-images/${uploadId}`;
}

const headingSizes: Record<1 | 2 | 3, { fontSize: string; lineHeight: string }> = {
  1: { fontSize: '28px', lineHeight: '34px' },
  2: { fontSize: '22px', lineHeight: '28px' },
  3: { fontSize: '18px', lineHeight: '24px' },
};

const paragraph: CSSProperties = {
  margin: '0 0 16px',
  fontFamily: SANS,
  fontSize: '16px',
  lineHeight: '24px',
};
const paragraphCss =
  'margin: 0 0 16px; font-family: Helvetica, Arial, sans-serif; font-size: 16px; line-height: 24px;';

/**
 * Rich text as the editor wrote it, held to the markup the schema allows (the schema refused
 * anything else; this is the safety net) and given the inline styles mail clients need.
 */
export function richTextHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: ['p', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    // A merge tag as a whole link ({{unsubscribe_url}}) is no scheme; sanitize-html would drop it
    // as relative, which it is not once filled.
    allowProtocolRelative: false,
    transformTags: {
      p: sanitizeHtml.simpleTransform('p', { style: paragraphCss }),
      ul: sanitizeHtml.simpleTransform('ul', { style: `${paragraphCss} padding-left: 24px;` }),
      ol: sanitizeHtml.simpleTransform('ol', { style: `${paragraphCss} padding-left: 24px;` }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, style: `color: ${GOLD}; text-decoration: underline;` },
      }),
    },
  });
}

function imageSource(site: BlockSite, block: { uploadId?: string | null; url?: string | null }): string {
  if (block.uploadId) return `${site.url}${emailImagePath(block.uploadId)}`;
  return block.url ?? '';
}

function image(src: string, alt: string, width: number): ReactNode {
  return h(Img, {
    src,
    alt,
    width,
    // Img's default outline:none is unsupported in Outlook for Windows: left out (decision 051).
    style: {
      display: 'block',
      width: '100%',
      maxWidth: `${width}px`,
      height: 'auto',
      margin: '0 0 16px',
      outline: undefined,
    },
  });
}

function leaf(site: BlockSite, block: LeafBlock, width: number): string {
  switch (block.type) {
    case 'heading':
      return renderToStaticMarkup(
        h(
          `h${block.level}`,
          {
            style: {
              margin: '0 0 16px',
              fontFamily: SERIF,
              fontWeight: 'normal',
              color: INK,
              ...headingSizes[block.level],
            },
          },
          block.text,
        ),
      );
    case 'richText':
      return `<div>${richTextHtml(block.html)}</div>`;
    case 'image': {
      const picture = image(imageSource(site, block), block.alt, width);
      return renderToStaticMarkup(block.href ? h('a', { href: block.href }, picture) : picture);
    }
    case 'button':
      return emailButton(block.url, block.label);
    case 'divider':
      return renderToStaticMarkup(
        h('hr', { style: { border: 'none', borderTop: `1px solid ${LINE}`, margin: '24px 0' } }),
      );
    case 'spacer':
      return renderToStaticMarkup(
        h('div', {
          style: { height: `${block.size}px`, lineHeight: `${block.size}px`, fontSize: '1px' },
          'aria-hidden': 'true',
        }),
      );
    case 'watch':
      return renderToStaticMarkup(
        h(
          'div',
          { style: { margin: '0 0 24px' } },
          image(imageSource(site, block), block.alt, width),
          h(
            'p',
            {
              style: {
                ...paragraph,
                margin: '0 0 4px',
                color: GOLD,
                fontSize: '13px',
                lineHeight: '18px',
                letterSpacing: '1px',
                textTransform: 'uppercase',
              },
            },
            block.brand,
          ),
          h(
            'p',
            {
              style: {
                ...paragraph,
                margin: '0 0 8px',
                fontFamily: SERIF,
                fontSize: '20px',
                lineHeight: '26px',
                color: INK,
              },
            },
            block.model,
          ),
          block.text ? h('p', { style: { ...paragraph, color: MUTED } }, block.text) : null,
        ),
      );
  }
}

/**
 * Two columns that stack on a phone without media queries (many clients strip them): each is an
 * inline-block at most 260 px wide, so two fit in the 536 px column and one per line below that.
 */
function columns(site: BlockSite, left: readonly LeafBlock[], right: readonly LeafBlock[]): string {
  const column = (blocks: readonly LeafBlock[]) =>
    `<div class="block-column" style="display: inline-block; width: 100%; max-width: ${COLUMN_WIDTH}px; vertical-align: top; font-size: 16px; text-align: left;">${blocks.map((b) => leaf(site, b, COLUMN_WIDTH)).join('')}</div>`;
  // font-size 0 on the row: the white space between two inline-blocks would otherwise push the
  // second below the first at exactly 536 px.
  return `<div style="font-size: 0; text-align: left;">${column(left)}<div class="block-gap" style="display: inline-block; width: 16px;"></div>${column(right)}</div>`;
}

function block(site: BlockSite, b: Block): string {
  if (b.type === 'footer') return '';
  if (b.type === 'columns') return columns(site, b.left, b.right);
  return leaf(site, b, CONTENT_WIDTH);
}

/**
 * The document's blocks as the layout's body HTML, merge tags kept for the sending path to fill.
 * React escapes every text; `{{` and `}}` pass through untouched.
 */
export function renderBlocksBody(site: BlockSite, doc: BlockDocument): string {
  // React 19 hoists a preload <link> for each image; the body has no head to put it in.
  return doc.blocks
    .map((b) => block(site, b))
    .join('\n')
    .replace(/<link rel="preload"[^>]*>/g, '');
}
