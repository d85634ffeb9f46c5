import { describe, expect, it } from 'vitest';
import { mailtoHref, telHref } from './contact-links.ts';

describe('the seller contact links', () => {
  it('dials the digits of a phone number as typed, keeping a leading plus', () => {
    expect(telHref('0412 345 678')).toBe('tel:0412345678');
    expect(telHref(' +61 (2) 9876-5432 ')).toBe('tel:+61298765432');
    expect(telHref('n/a')).toBeNull();
  });

  it('mails the address without letting it add headers', () => {
    expect(mailtoHref('desk.seller@example.com')).toBe('mailto:desk.seller@example.com');
    expect(mailtoHref('a+b@example.com')).toBe('mailto:a%2Bb@example.com');
    expect(mailtoHref('x@example.com?cc=y@example.com')).toBe('mailto:x@example.com%3Fcc%3Dy@example.com');
  });
});
