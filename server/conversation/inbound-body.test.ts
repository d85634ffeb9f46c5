import { describe, expect, it } from 'vitest';
import {
  cappedReplyHtml,
  MAX_REPLY_HTML_CHARS,
  REPLY_HTML_CUT_NOTE,
  replyBodyText,
  sanitizeReplyHtml,
  stripQuotedHistory,
} from './inbound-body.ts';

describe('quoted history of an e-mailed reply (decision 060)', () => {
  it('cuts at Gmail and Apple Mail attributions, also when wrapped over two lines', () => {
    expect(
      stripQuotedHistory('Yes, Thursday.\n\nOn 24 Nov 2026, at 10:02, Sterling <a@b.au> wrote:\n> When?'),
    ).toBe('Yes, Thursday.');
    expect(
      stripQuotedHistory(
        'Yes.\r\nOn Tue, 24 Nov 2026 at 10:02, Sterling Watch Buyers\r\n<a@b.au> wrote:\r\n> When?',
      ),
    ).toBe('Yes.');
  });

  it("cuts at Outlook's header block and Original Message line", () => {
    expect(
      stripQuotedHistory(
        'Fine by me.\n\n________________________________\nFrom: Sterling <a@b.au>\nSent: Tuesday\nSubject: Re',
      ),
    ).toBe('Fine by me.');
    expect(stripQuotedHistory('Fine.\n-----Original Message-----\nFrom: x')).toBe('Fine.');
  });

  it('drops quoted lines, the signature and "Sent from my iPhone"', () => {
    expect(stripQuotedHistory('> earlier\nMy answer\n> more\n\nSent from my iPhone')).toBe('My answer');
    expect(stripQuotedHistory('My answer\n-- \nOlivia Brown\n0400 000 000')).toBe('My answer');
  });

  it('keeps a message that is nothing but quotes rather than losing it', () => {
    expect(stripQuotedHistory('> only a quote')).toBe('> only a quote');
  });

  it('keeps a line that merely starts with "On"', () => {
    expect(stripQuotedHistory('On Thursday I can come.\nBest, Olivia')).toBe(
      'On Thursday I can come.\nBest, Olivia',
    );
  });
});

describe('reply HTML', () => {
  it('drops quoted blocks, scripts, styles, images and event handlers', () => {
    const html =
      '<style>p{}</style><p onclick="x()">Hi <img src="https://t.example/p.gif"><a href="javascript:alert(1)">x</a><a href="https://ok.example">ok</a></p><script>alert(1)</script><div class="gmail_quote">On … wrote:<blockquote>old</blockquote></div>';
    expect(sanitizeReplyHtml(html)).toBe(
      '<p>Hi <a rel="noopener noreferrer nofollow">x</a><a href="https://ok.example" rel="noopener noreferrer nofollow">ok</a></p>',
    );
  });

  it('gives the HTML as text when there is no text part', () => {
    expect(replyBodyText(null, '<p>Thursday works.</p><blockquote>old</blockquote>')).toBe('Thursday works.');
    expect(replyBodyText('', null)).toBe('');
  });
});

describe('the HTML kept of a long reply (decision 068)', () => {
  it('keeps HTML up to 262,144 characters as it is', () => {
    expect(MAX_REPLY_HTML_CHARS).toBe(262_144);
    const exact = `<p>${'a'.repeat(262_144 - 7)}</p>`;
    expect(exact).toHaveLength(262_144);
    expect(cappedReplyHtml(exact)).toBe(exact);
  });

  it('cuts one character over at a tag boundary, closes what was open and adds the note', () => {
    const html = `<div><p>${'b'.repeat(300_000)}</p></div>`;
    const kept = cappedReplyHtml(html);
    expect(kept.length).toBeLessThanOrEqual(262_144);
    expect(kept.endsWith(`</p></div>${REPLY_HTML_CUT_NOTE}`)).toBe(true);
    expect(kept.startsWith('<div><p>bbb')).toBe(true);
  });

  it('never leaves half a tag or half a character at the cut', () => {
    // "😀" is two UTF-16 units; the cut falls inside a run of them and inside an <a> tag.
    const emoji = `<p>${'😀'.repeat(140_000)}</p>`;
    const kept = cappedReplyHtml(emoji);
    expect(kept.endsWith(`😀</p>${REPLY_HTML_CUT_NOTE}`)).toBe(true);
    expect(kept.length).toBeLessThanOrEqual(262_144);
    const links = `${'<a href="https://example.com/a-long-path">x</a>'.repeat(7_000)}`;
    const cut = cappedReplyHtml(links);
    expect(cut.endsWith(`</a>${REPLY_HTML_CUT_NOTE}`)).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(262_144);
  });
});
