import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask.ts';

describe('maskEmail', () => {
  it('keeps the first character and the domain', () => {
    expect(maskEmail('john@example.com')).toBe('j***@example.com');
    expect(maskEmail('Jane.Citizen+watches@mail.example.com.au')).toBe('J***@mail.example.com.au');
  });

  it('hides the length of the local part', () => {
    expect(maskEmail('a@example.com')).toBe('a***@example.com');
    expect(maskEmail('ab@example.com')).toBe('a***@example.com');
    expect(maskEmail('abcdefghijkl@example.com')).toBe('a***@example.com');
  });

  it('keeps a whole non-BMP first character and uses the last @ for quoted local parts', () => {
    expect(maskEmail('😀smile@example.com')).toBe('😀***@example.com');
    expect(maskEmail('"a@b"@example.com')).toBe('"***@example.com');
  });

  it('never echoes something that is not an address', () => {
    expect(maskEmail('no-at-sign')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
