import { describe, expect, it } from 'vitest';
import { externalReferrer, MAX_REFERRER_LENGTH, trimReferrer } from './referrer.ts';

const OWN = 'https://watches.example';

describe('trimReferrer', () => {
  it.each([
    ['https://www.google.com/search?q=sell+my+rolex#top', 'https://www.google.com/search'],
    ['https://www.google.com/', 'https://www.google.com/'],
    ['https://www.google.com', 'https://www.google.com/'],
    ['http://forum.example:8080/t/123?u=jane', 'http://forum.example:8080/t/123'],
    ['  https://news.example/a  ', 'https://news.example/a'],
  ])('keeps origin and path of %s', (raw, expected) => {
    expect(trimReferrer(raw)).toBe(expected);
  });

  it.each([
    [''],
    [null],
    [undefined],
    ['not a url'],
    ['android-app://com.google.android.gm/'],
    ['file:///etc'],
  ])('has no referrer for %s', (raw) => {
    expect(trimReferrer(raw)).toBeNull();
  });

  it('cuts a long path to 300 characters', () => {
    const long = `https://blog.example/${'a'.repeat(400)}`;
    expect(MAX_REFERRER_LENGTH).toBe(300);
    expect(trimReferrer(long)).toBe(`https://blog.example/${'a'.repeat(279)}`);
    expect(trimReferrer(long)).toHaveLength(300);
  });
});

describe('externalReferrer', () => {
  it('drops our own pages, whatever their path', () => {
    expect(externalReferrer('https://watches.example/sell?utm_source=x', OWN)).toBeNull();
    expect(externalReferrer('https://watches.example/', OWN)).toBeNull();
  });

  it('keeps another site, a subdomain of ours and our address over plain http', () => {
    expect(externalReferrer('https://www.google.com/search?q=rolex', OWN)).toBe(
      'https://www.google.com/search',
    );
    expect(externalReferrer('https://blog.watches.example/post', OWN)).toBe(
      'https://blog.watches.example/post',
    );
    expect(externalReferrer('http://watches.example/', OWN)).toBe('http://watches.example/');
  });
});
