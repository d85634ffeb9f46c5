import { describe, expect, it } from 'vitest';
import { formatAud, formatAudAmount } from './aud.ts';

describe('formatAud', () => {
  it.each([
    [3_140_000, '$31,400.00'],
    [1_250_000, '$12,500.00'],
    [5, '$0.05'],
    [0, '$0.00'],
    [99_999_999_99, '$99,999,999.99'],
  ])('%i cents is %s', (cents, expected) => {
    expect(formatAud(cents)).toBe(expected);
  });
});

describe('formatAudAmount', () => {
  it.each([
    [1_000_000, '10,000.00'],
    [123_456, '1,234.56'],
    [7, '0.07'],
  ])('%i cents is %s', (cents, expected) => {
    expect(formatAudAmount(cents)).toBe(expected);
  });
});
