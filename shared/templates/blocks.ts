import { z } from 'zod';
import { unfillableTags, unfillableTagsMessage, type TemplateKind } from './kinds.ts';

/*
 * A template built from blocks instead of hand-written HTML (decision 054). The document is stored
 * as JSON beside the HTML the server renders from it, so every sending path keeps reading
 * html_content. Text fields take merge tags like the HTML does and are checked by the same rule
 * (decision 011): a tag the template's kind cannot fill is refused with the same message.
 */

export const BLOCK_DOCUMENT_VERSION = 1;
export const MAX_BLOCKS = 60;
export const MAX_COLUMN_BLOCKS = 10;
const MAX_SHORT_TEXT = 300;
const MAX_RICH_TEXT = 20_000;
const MAX_URL = 2000;

export const BLOCK_MESSAGES = {
  headingRequired: 'Heading text is required',
  richTextRequired: 'Text is required',
  richTextMarkup: 'Text may hold only paragraphs, bold, italic, links, lists and line breaks',
  altRequired: 'Describe the image for readers who do not see it (alt text is required)',
  imageSource: 'Upload an image or give its address',
  labelRequired: 'Button label is required',
  urlRequired: 'Link address is required',
  urlAbsolute: 'Links must start with https:// or http://, or be a link tag such as {{unsubscribe_url}}',
  brandRequired: 'Brand is required',
  modelRequired: 'Model is required',
  footerLast: 'The footer is always the last block',
  footerMissing: 'The footer cannot be removed',
  footerOnce: 'There is only one footer',
  tooMany: `A template can have at most ${MAX_BLOCKS} blocks`,
  tooManyInColumn: `A column can have at most ${MAX_COLUMN_BLOCKS} blocks`,
} as const;

const tagOnly = /^\{\{\s*\w+\s*\}\}$/;
const absoluteUrl = /^https?:\/\/[^\s"'<>]+$/i;

/** A link a mail client can follow: absolute http(s), or one merge tag filled with such a link. */
export const blockUrlSchema = z
  .string({ error: BLOCK_MESSAGES.urlRequired })
  .trim()
  .min(1, BLOCK_MESSAGES.urlRequired)
  .max(MAX_URL, `Link addresses must be less than ${MAX_URL} characters`)
  .refine(
    (url) => tagOnly.test(url) || (absoluteUrl.test(url) && !/[\r\n]/.test(url)),
    BLOCK_MESSAGES.urlAbsolute,
  );

const line = (required: string, max = MAX_SHORT_TEXT) =>
  z
    .string({ error: required })
    .refine((s) => !/[\r\n]/.test(s), 'Line breaks are not allowed here')
    .trim()
    .min(1, required)
    .max(max, `Must be less than ${max} characters`);

const optionalLine = (max = MAX_SHORT_TEXT) =>
  z.string().trim().max(max, `Must be less than ${max} characters`).default('');

/** The markup the rich-text editor (tiptap's starter kit with links) writes, and nothing else. */
export const RICH_TEXT_TAGS = ['p', 'strong', 'em', 'a', 'ul', 'ol', 'li', 'br'] as const;
const anyTag = /<\/?([a-zA-Z][a-zA-Z0-9]*)\b[^>]*>/g;
const hrefAttribute = /<a\b[^>]*\bhref\s*=\s*"([^"]*)"/gi;

function richTextMarkupOk(html: string): boolean {
  for (const match of html.matchAll(anyTag)) {
    const name = (match[1] ?? '').toLowerCase();
    if (!(RICH_TEXT_TAGS as readonly string[]).includes(name)) return false;
  }
  for (const match of html.matchAll(hrefAttribute)) {
    const href = (match[1] ?? '').trim().replace(/&amp;/g, '&');
    if (!blockUrlSchema.safeParse(href).success && !/^(?:mailto|tel):/i.test(href)) return false;
  }
  return true;
}

/** The visible words of rich text, for "is it empty?" and for the merge-tag check. */
export function richTextWords(html: string): string {
  return html.replace(anyTag, ' ').replace(/\s+/g, ' ').trim();
}

const imageSource = {
  /** An upload (the image pipeline's e-mail-width variant, decision 054) … */
  uploadId: z.uuid().nullish(),
  /** … or an absolute address of an image hosted elsewhere. */
  url: z
    .string()
    .trim()
    .max(MAX_URL)
    .refine((u) => u === '' || absoluteUrl.test(u), BLOCK_MESSAGES.urlAbsolute)
    .nullish(),
  alt: line(BLOCK_MESSAGES.altRequired),
};

const hasSource = (image: { uploadId?: string | null | undefined; url?: string | null | undefined }) =>
  Boolean(image.uploadId) || Boolean(image.url);

const headingBlock = z.object({
  type: z.literal('heading'),
  text: line(BLOCK_MESSAGES.headingRequired, 200),
  level: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(2),
});

const richTextBlock = z.object({
  type: z.literal('richText'),
  html: z
    .string()
    .max(MAX_RICH_TEXT, `Text must be less than ${MAX_RICH_TEXT} characters`)
    .refine((html) => richTextWords(html) !== '', BLOCK_MESSAGES.richTextRequired)
    .refine(richTextMarkupOk, BLOCK_MESSAGES.richTextMarkup),
});

const imageBlock = z
  .object({
    type: z.literal('image'),
    ...imageSource,
    href: blockUrlSchema.nullish(),
  })
  .refine(hasSource, { message: BLOCK_MESSAGES.imageSource, path: ['url'] });

const buttonBlock = z.object({
  type: z.literal('button'),
  label: line(BLOCK_MESSAGES.labelRequired, 80),
  url: blockUrlSchema,
});

const dividerBlock = z.object({ type: z.literal('divider') });

export const SPACER_SIZES = [8, 16, 24, 32, 48] as const;
const spacerBlock = z.object({
  type: z.literal('spacer'),
  size: z.union(SPACER_SIZES.map((s) => z.literal(s))).default(24),
});

const watchBlock = z
  .object({
    type: z.literal('watch'),
    ...imageSource,
    brand: line(BLOCK_MESSAGES.brandRequired, 80),
    model: line(BLOCK_MESSAGES.modelRequired, 120),
    text: optionalLine(600),
  })
  .refine(hasSource, { message: BLOCK_MESSAGES.imageSource, path: ['url'] });

const footerBlock = z.object({ type: z.literal('footer') });

/** What a column may hold: every content block but columns (one level deep) and the footer. */
const leafBlock = z.discriminatedUnion('type', [
  headingBlock,
  richTextBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  spacerBlock,
  watchBlock,
]);

const columnList = z.array(leafBlock).max(MAX_COLUMN_BLOCKS, BLOCK_MESSAGES.tooManyInColumn);

const columnsBlock = z.object({
  type: z.literal('columns'),
  left: columnList,
  right: columnList,
});

export const blockSchema = z.discriminatedUnion('type', [
  headingBlock,
  richTextBlock,
  imageBlock,
  buttonBlock,
  dividerBlock,
  spacerBlock,
  watchBlock,
  columnsBlock,
  footerBlock,
]);

export type Block = z.output<typeof blockSchema>;
export type LeafBlock = z.output<typeof leafBlock>;
export type BlockType = Block['type'];

export const blockDocumentSchema = z
  .object({
    version: z.literal(BLOCK_DOCUMENT_VERSION),
    blocks: z.array(blockSchema).max(MAX_BLOCKS, BLOCK_MESSAGES.tooMany),
  })
  .superRefine((doc, ctx) => {
    const footers = doc.blocks.filter((b) => b.type === 'footer').length;
    if (footers === 0)
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: BLOCK_MESSAGES.footerMissing });
    else if (footers > 1)
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: BLOCK_MESSAGES.footerOnce });
    else if (doc.blocks.at(-1)?.type !== 'footer')
      ctx.addIssue({ code: 'custom', path: ['blocks'], message: BLOCK_MESSAGES.footerLast });
  });

export type BlockDocument = z.output<typeof blockDocumentSchema>;

/** Every text a reader sees or a link follows, for the merge-tag rule. */
export function blockTexts(blocks: readonly Block[] | readonly LeafBlock[]): string[] {
  return blocks.flatMap((block): string[] => {
    switch (block.type) {
      case 'heading':
        return [block.text];
      case 'richText':
        return [block.html];
      case 'image':
        return [block.alt, block.url ?? '', block.href ?? ''];
      case 'button':
        return [block.label, block.url];
      case 'watch':
        return [block.alt, block.url ?? '', block.brand, block.model, block.text];
      case 'columns':
        return [...blockTexts(block.left), ...blockTexts(block.right)];
      default:
        return [];
    }
  });
}

/** The refusal for tags this kind cannot fill (the HTML editor's message), or null. */
export function blockTagIssue(kind: TemplateKind, doc: BlockDocument): string | null {
  const tags = unfillableTags(kind, ...blockTexts(doc.blocks));
  return tags.length > 0 ? unfillableTagsMessage(kind, tags) : null;
}

/** A new document: a heading, a paragraph and the footer that is always there. */
export function starterBlocks(kind: TemplateKind): BlockDocument {
  return {
    version: BLOCK_DOCUMENT_VERSION,
    blocks: [
      { type: 'heading', text: 'Hello {{first_name}},', level: 1 },
      {
        type: 'richText',
        html: kind === 'reply' ? '<p>Thank you for your enquiry.</p>' : '<p>Write your message here.</p>',
      },
      { type: 'footer' },
    ],
  };
}
