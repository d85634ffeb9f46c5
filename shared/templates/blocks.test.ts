import { describe, expect, it } from 'vitest';
import { BLOCK_MESSAGES, blockDocumentSchema, blockTagIssue, starterBlocks } from './blocks.ts';
import { unfillableTagsMessage } from './kinds.ts';
import { templateBlocksCreateInputSchema } from './schemas.ts';

// unknown: the tests hand it blocks the types would refuse, as a client could send them.
const doc = (...blocks: unknown[]) => ({ version: 1, blocks });
const messages = (input: unknown) => {
  const parsed = blockDocumentSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
};

describe('block documents (decision 054)', () => {
  it('takes every block type, the footer last', () => {
    const parsed = blockDocumentSchema.parse(
      doc(
        { type: 'heading', text: 'Hello {{first_name}}', level: 1 },
        {
          type: 'richText',
          html: '<p>We buy <strong>Rolex</strong>, <em>Omega</em> and <a href="https://example.com/sell">more</a>.</p><ul><li>One</li></ul>',
        },
        { type: 'image', url: 'https://cdn.example.com/w.jpg', alt: 'A steel Submariner' },
        { type: 'button', label: 'Get a valuation', url: 'https://example.com/sell?e={{email}}' },
        { type: 'divider' },
        { type: 'spacer', size: 16 },
        {
          type: 'columns',
          left: [{ type: 'heading', text: 'Left', level: 3 }],
          right: [{ type: 'button', label: 'Preferences', url: '{{preferences_url}}' }],
        },
        {
          type: 'watch',
          uploadId: '5e1f2a3b-4c5d-4e6f-8a7b-9c0d1e2f3a4b',
          alt: 'Omega Speedmaster on a leather strap',
          brand: 'Omega',
          model: 'Speedmaster Professional',
        },
        { type: 'footer' },
      ),
    );
    expect(parsed.blocks).toHaveLength(9);
    expect(parsed.blocks[5]).toEqual({ type: 'spacer', size: 16 });
  });

  it('requires alt text on images and watches', () => {
    expect(
      messages(doc({ type: 'image', url: 'https://cdn.example.com/w.jpg', alt: '  ' }, { type: 'footer' })),
    ).toEqual([BLOCK_MESSAGES.altRequired]);
    expect(
      messages(
        doc(
          { type: 'watch', url: 'https://cdn.example.com/w.jpg', brand: 'Rolex', model: 'GMT' },
          { type: 'footer' },
        ),
      ),
    ).toEqual([BLOCK_MESSAGES.altRequired]);
  });

  it('refuses an image with no source and links that are not absolute', () => {
    expect(messages(doc({ type: 'image', alt: 'A watch' }, { type: 'footer' }))).toEqual([
      BLOCK_MESSAGES.imageSource,
    ]);
    expect(messages(doc({ type: 'button', label: 'Sell', url: '/sell' }, { type: 'footer' }))).toEqual([
      BLOCK_MESSAGES.urlAbsolute,
    ]);
    expect(
      messages(doc({ type: 'button', label: 'Sell', url: 'javascript:alert(1)' }, { type: 'footer' })),
    ).toEqual([BLOCK_MESSAGES.urlAbsolute]);
    expect(
      messages(doc({ type: 'richText', html: '<p><a href="/sell">Sell</a></p>' }, { type: 'footer' })),
    ).toEqual([BLOCK_MESSAGES.richTextMarkup]);
  });

  it('keeps rich text to what the editor writes', () => {
    expect(
      messages(doc({ type: 'richText', html: '<p>Hi</p><script>x</script>' }, { type: 'footer' })),
    ).toEqual([BLOCK_MESSAGES.richTextMarkup]);
    expect(messages(doc({ type: 'richText', html: '<p><img src=x></p>' }, { type: 'footer' }))).toContain(
      BLOCK_MESSAGES.richTextMarkup,
    );
    expect(messages(doc({ type: 'richText', html: '<p> </p>' }, { type: 'footer' }))).toEqual([
      BLOCK_MESSAGES.richTextRequired,
    ]);
  });

  it('keeps the footer, once, last', () => {
    expect(messages(doc({ type: 'divider' }))).toEqual([BLOCK_MESSAGES.footerMissing]);
    expect(messages(doc({ type: 'footer' }, { type: 'divider' }))).toEqual([BLOCK_MESSAGES.footerLast]);
    expect(messages(doc({ type: 'footer' }, { type: 'footer' }))).toEqual([BLOCK_MESSAGES.footerOnce]);
  });

  it('nests columns one level deep and never holds a footer in a column', () => {
    const nested = doc(
      { type: 'columns', left: [{ type: 'columns', left: [], right: [] }], right: [] },
      { type: 'footer' },
    );
    expect(blockDocumentSchema.safeParse(nested).success).toBe(false);
    const footerInColumn = doc(
      { type: 'columns', left: [{ type: 'footer' }], right: [] },
      { type: 'footer' },
    );
    expect(blockDocumentSchema.safeParse(footerInColumn).success).toBe(false);
  });

  it('refuses tags a reply cannot fill, with the HTML editor message, in any text field', () => {
    const reply = blockDocumentSchema.parse(
      doc(
        { type: 'heading', text: 'Hello {{first_name}}', level: 2 },
        {
          type: 'columns',
          left: [],
          right: [{ type: 'button', label: 'Leave', url: '{{unsubscribe_url}}' }],
        },
        { type: 'footer' },
      ),
    );
    expect(blockTagIssue('reply', reply)).toBe(unfillableTagsMessage('reply', ['unsubscribe_url']));
    // A campaign fills custom tags from its own values.
    expect(blockTagIssue('marketing', reply)).toBeNull();
    expect(blockTagIssue('reply', starterBlocks('reply'))).toBeNull();

    const parsed = templateBlocksCreateInputSchema.safeParse({
      kind: 'reply',
      templateName: 'Offer',
      subject: 'Your {{watch}}',
      blocks: reply,
    });
    expect(parsed.success).toBe(false);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['subject', unfillableTagsMessage('reply', ['watch'])],
      ['blocks', unfillableTagsMessage('reply', ['unsubscribe_url'])],
    ]);
  });
});
