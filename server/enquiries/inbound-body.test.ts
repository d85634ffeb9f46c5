import { describe, expect, it } from 'vitest';
import { replyBodyText, sanitizeReplyHtml, stripQuotedHistory } from './inbound-body.ts';

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
