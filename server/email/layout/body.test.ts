import { describe, expect, it } from 'vitest';
import { createElement as h } from 'react';
import { copyLinkParagraph, lines, noticeHeading, p, renderBody, strong } from './body.ts';
import { buttonElement, emailButton } from './layout.ts';

// Bodies built as react elements (decision 051): what a seller or a member typed is escaped
// without anyone calling escapeHtml, and the parts keep the string builders' shape.

describe('renderBody', () => {
  it('escapes every value, in text and in attributes', () => {
    const typed = `O'Brien <script>alert(1)</script> & "co"`;
    const html = renderBody([p(`Hi ${typed},`), h('a', { href: `https://x.example/?q="><b>` }, typed)]);
    expect(html).toBe(
      '<p>Hi O&#x27;Brien &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;,</p>\n' +
        '<a href="https://x.example/?q=&quot;&gt;&lt;b&gt;">O&#x27;Brien &lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;co&quot;</a>',
    );
  });

  it('joins the parts by newlines and leaves out the empty ones', () => {
    expect(renderBody([p('a'), null, false, '', undefined, p('b ', strong('c'))])).toBe(
      '<p>a</p>\n<p>b <strong>c</strong></p>',
    );
  });

  it('writes a link out for clients that hide the button, skipped in the text part', () => {
    expect(renderBody([copyLinkParagraph('https://x.example/a?b=1&c="2"')])).toBe(
      '<p data-skip-in-text="true">Or copy this link into your browser:<br/><span style="word-break:break-all">https://x.example/a?b=1&amp;c=&quot;2&quot;</span></p>',
    );
  });

  it('keeps typed line breaks as <br>', () => {
    expect(renderBody([p('Conditions: ', ...lines('one\r\ntwo\nthree'))])).toBe(
      '<p>Conditions: one<br/>two<br/>three</p>',
    );
  });

  it('renders the button as emailButton does, without target="_blank"', () => {
    const html = renderBody([buttonElement('https://x.example/a?b=1&c=2', 'Open')]);
    expect(html).toBe(emailButton('https://x.example/a?b=1&c=2', 'Open'));
    expect(html).not.toContain('target=');
    expect(html).toContain('href="https://x.example/a?b=1&amp;c=2"');
  });

  it('gives the notices their serif heading', () => {
    expect(renderBody([noticeHeading('2 <new>')])).toBe(
      '<h1 style="font-family:&#x27;Iowan Old Style&#x27;, &#x27;Palatino Linotype&#x27;, Palatino, &#x27;Book Antiqua&#x27;, Georgia, serif;font-size:22px;font-weight:normal;color:#8c6516;margin:0 0 16px">2 &lt;new&gt;</h1>',
    );
  });
});
