import { describe, expect, it } from 'vitest';
import {
  isWritingHtml,
  looksLikeHtml,
  plainTextToHtml,
  replyBodyHtml,
  textParagraphs,
} from './reply-body.ts';

describe('a reply written as plain text', () => {
  it('becomes a paragraph per blank-line block and a <br> per line break', () => {
    expect(plainTextToHtml('Hi Jane,\n\nSaturday works.\nAny time after ten.\n\nKind regards')).toBe(
      '<p>Hi Jane,</p><p>Saturday works.<br>Any time after ten.</p><p>Kind regards</p>',
    );
  });

  it('treats several blank lines, spaces on them and Windows line ends as one break', () => {
    expect(plainTextToHtml('One\r\n\r\n\r\nTwo\n  \t\nThree  \n')).toBe('<p>One</p><p>Two</p><p>Three</p>');
  });

  it('escapes what would read as markup and leaves merge tags for the merge', () => {
    expect(plainTextToHtml('Dear {{first_name}},\n\n5 < 7 & "papers" > none')).toBe(
      '<p>Dear {{first_name}},</p><p>5 &lt; 7 &amp; &quot;papers&quot; &gt; none</p>',
    );
  });

  it('gives nothing for blank text', () => {
    expect(plainTextToHtml(' \n\n \n')).toBe('');
  });
});

describe('telling HTML from writing', () => {
  it.each([
    ['<p>Hi</p>', true],
    ['Hi<br>there', true],
    ['Hi<br/>there', true],
    ['<!DOCTYPE html><html></html>', true],
    ['</div>', true],
    ['<!-- a note -->', true],
    ['<a href="https://example.com">link</a>', true],
    ['5 < 7 and 9 > 8', false],
    ['Hi <3 see you', false],
    ['{{first_name}}, thanks', false],
    ['Email me at <jane@example.com>', false],
  ])('%j is HTML: %s', (text, html) => {
    expect(looksLikeHtml(text)).toBe(html);
  });

  it('keeps HTML as it came and turns writing into paragraphs', () => {
    expect(replyBodyHtml('<p>Hi</p>\n\n<p>There</p>')).toBe('<p>Hi</p>\n\n<p>There</p>');
    expect(replyBodyHtml('Hi\n\nThere')).toBe('<p>Hi</p><p>There</p>');
  });
});

describe('text as the paragraphs a reader sees', () => {
  it('splits at blank lines and keeps single line breaks inside a paragraph', () => {
    expect(textParagraphs('Hi Jane,\n\nSaturday works.\nAfter ten.\n\n\nKind regards\n')).toEqual([
      'Hi Jane,',
      'Saturday works.\nAfter ten.',
      'Kind regards',
    ]);
  });

  it('has no paragraph for empty text', () => {
    expect(textParagraphs('')).toEqual([]);
    expect(textParagraphs('\n \n')).toEqual([]);
  });
});

describe('HTML the composer can hold', () => {
  it.each([
    ['', true],
    ['<p>Hi <strong>Jane</strong>,</p><p>Saturday<br>works.</p>', true],
    ['<ul><li><p>One</p></li></ul><p><a href="https://example.com" target="_blank">site</a></p>', true],
    ['<p style="color: red">Hi</p>', false],
    ['<table><tr><td>Hi</td></tr></table>', false],
    ['<!DOCTYPE html><html><body><p>Hi</p></body></html>', false],
    ['<p>Hi</p><img src="https://example.com/a.png" alt="">', false],
    ['<p>Hi</p><!-- note -->', false],
  ])('%j: %s', (html, writing) => {
    expect(isWritingHtml(html)).toBe(writing);
  });
});
