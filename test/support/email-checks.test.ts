import { describe, expect, it } from 'vitest';
import { checkRenderedEmail, GMAIL_CLIP_BYTES } from './email-checks.ts';

// The checker must find what it promises to find (decision 051, "Checks"): a clean message says
// nothing, and each fault of a broken one is named once.

const page = (body: string, head = '') =>
  `<!doctype html>\n<html lang="en-AU"><head><meta charset="utf-8"><title>Hi</title>${head}</head><body>${body}</body></html>`;

describe('checkRenderedEmail', () => {
  it('finds nothing in a clean message', async () => {
    const html = page('<p>Hello, <a href="https://watches.example/sell">sell your watch</a>.</p>');
    expect(await checkRenderedEmail({ html, text: 'Hello, sell your watch' })).toEqual([]);
  });

  it('names each fault of a broken message', async () => {
    const html = page(
      '<p style="opacity:0.5">Hi {{first_name}}</p><img src="/logo.png" width="10" height="10">' +
        '<a href="/sell" target="_blank">Sell</a><p style="opacity:0.5">again</p>',
    );
    const findings = await checkRenderedEmail({
      html,
      text: `Hi {{first_name}}\n${'word '.repeat(20)}\nhttps://watches.example/${'x'.repeat(90)}`,
    });
    expect(findings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^html-validate wcag\/h37: /),
        'doiuse-email: `opacity` is not supported by `outlook.windows`',
        'doiuse-email: `target attribute` is not supported by `gmail.desktop-webmail`',
        'merge tag: the HTML has "{{" left',
        'merge tag: the text part has "{{" left',
        expect.stringMatching(/^image without alt text: <img src="\/logo.png"/),
        'relative link: src="/logo.png"',
        'relative link: href="/sell"',
        expect.stringMatching(/^text part: a line of 100 characters/),
      ]),
    );
    // Reported once per message, however often the feature is used.
    expect(
      findings.filter((f) => f.includes('`opacity` is not supported by `outlook.windows`')),
    ).toHaveLength(1);
    // A lone URL may run past 78: it cannot be broken.
    expect(findings.filter((f) => f.startsWith('text part:'))).toHaveLength(1);
  });

  it('accepts what decision 051 accepts, for the clients it names only', async () => {
    const css = '<style>@media only screen and (max-width:620px){.pad{padding:8px !important}}</style>';
    expect(await checkRenderedEmail({ html: page('<p class="pad">Hi</p>', css) })).toEqual([]);
    const findings = await checkRenderedEmail({ html: page('<p style="border-radius:4px">Hi</p>') });
    expect(findings).toEqual([]);
    // A feature outside the list is a finding.
    const outline = await checkRenderedEmail({ html: page('<p style="outline:none">Hi</p>') });
    expect(outline).toEqual(['doiuse-email: `outline` is not supported by `outlook.windows`']);
  });

  it('finds a message Gmail would clip', async () => {
    const html = page(`<p>${'a'.repeat(GMAIL_CLIP_BYTES)}</p>`);
    const findings = await checkRenderedEmail({ html });
    expect(findings.some((f) => f.startsWith('size: the HTML is '))).toBe(true);
  });
});
