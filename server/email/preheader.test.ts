import { describe, expect, it } from 'vitest';
import { preheaderHtml, withPreheader } from './preheader.ts';

describe('preheaderHtml', () => {
  it('hides the escaped text and fills the rest of the preview with invisible entities', () => {
    const html = preheaderHtml(' Rolex & <Omega> ');
    expect(html).toMatch(
      /^<div style="display:none;max-height:0;mso-hide:all" data-skip-in-text="true">Rolex &amp; &lt;Omega&gt;(?:&#847;&zwnj;&nbsp;){100}<\/div>$/,
    );
  });

  it('is nothing without text', () => {
    expect(preheaderHtml('  ')).toBe('');
    expect(withPreheader('<body><p>Hi</p></body>', '')).toBe('<body><p>Hi</p></body>');
  });
});

describe('withPreheader', () => {
  it('puts it first in the body, after the opening tag and its attributes', () => {
    const out = withPreheader(
      '<html><head><title>x</title></head><body style="margin:0"><p>Hi</p></body></html>',
      'Hello',
    );
    expect(
      out.startsWith('<html><head><title>x</title></head><body style="margin:0"><div style="display:none;'),
    ).toBe(true);
    expect(out.endsWith('</div><p>Hi</p></body></html>')).toBe(true);
  });

  it('puts it first of all in a fragment without a body', () => {
    expect(withPreheader('<p>Hi</p>', 'Hello')).toMatch(
      /^<div [^>]+>Hello(?:&#847;&zwnj;&nbsp;)+<\/div><p>Hi<\/p>$/,
    );
  });
});
