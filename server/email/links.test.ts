import { describe, expect, it } from 'vitest';
import { extractLinks } from './links.ts';

describe('extractLinks', () => {
  it('lists every link with its visible text, in document order', () => {
    const html = `<p>Hi <A class="btn" HREF='https://example.com/sell?utm_source=email&amp;b=1'>
      Get   a <b>valuation</b></A></p>
      <!-- <a href="https://commented.example">no</a> -->
      <a href="https://example.com/logo"><img src="logo.png" alt="Sterling logo"></a>
      <a name="anchor-only">not a link</a>
      <a href="{{unsubscribe_url}}">Unsubscribe</a>`;
    expect(extractLinks(html)).toEqual([
      { href: 'https://example.com/sell?utm_source=email&b=1', text: 'Get a valuation' },
      { href: 'https://example.com/logo', text: 'Sterling logo' },
      { href: '{{unsubscribe_url}}', text: 'Unsubscribe' },
    ]);
  });

  it('closes a link left open at the end of the document', () => {
    expect(extractLinks('<a href="https://x.example">unterminated')).toEqual([
      { href: 'https://x.example', text: 'unterminated' },
    ]);
  });
});
