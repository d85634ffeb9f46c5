import { describe, expect, it } from 'vitest';
import { htmlToPlainText, withPlainText } from './plain-text.ts';

describe('htmlToPlainText', () => {
  it('keeps links as text [url], once when the text is the address', () => {
    expect(
      htmlToPlainText(
        '<p>See the <a href="https://x.example/market?a=1&amp;b=2">market update</a>.</p>' +
          '<p><a href="https://x.example/a">https://x.example/a</a></p>',
      ),
    ).toBe('See the market update [https://x.example/market?a=1&b=2].\n\nhttps://x.example/a');
  });

  it('leaves out images, styles and the head; keeps headings in their own case', () => {
    expect(
      htmlToPlainText(
        '<html><head><title>T</title><style>p{color:red}</style></head><body>' +
          '<h1>Hello {{first_name}}</h1><img src="logo.png" alt="Logo"><p>Body</p></body></html>',
      ),
    ).toBe('Hello {{first_name}}\n\nBody');
  });

  it('keeps merge tags in link targets so they can be filled per recipient', () => {
    expect(htmlToPlainText('<a href="{{unsubscribe_url}}">Unsubscribe</a>')).toBe(
      'Unsubscribe [{{unsubscribe_url}}]',
    );
  });
});

describe('withPlainText', () => {
  it('adds a text part from the HTML, keeps one already there, and leaves text-only messages alone', () => {
    expect(withPlainText({ html: '<p>Hi</p>' })).toEqual({ html: '<p>Hi</p>', text: 'Hi' });
    expect(withPlainText({ html: '<p>Hi</p>', text: 'Own' })).toEqual({ html: '<p>Hi</p>', text: 'Own' });
    expect(withPlainText({ text: 'Only text' })).toEqual({ text: 'Only text' });
  });
});
