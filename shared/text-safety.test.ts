import { describe, expect, it } from 'vitest';
import { hasUnstorableText, isStorableText } from './text-safety.ts';

describe('storable text', () => {
  it('refuses NUL and lone surrogates anywhere in a value, keys included', () => {
    expect(isStorableText('Olivia Brown – Rolex ✓ 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(hasUnstorableText({ data: { email_id: '\u0000' } })).toBe(true);
    expect(hasUnstorableText({ list: ['ok', ['deep\udfff']] })).toBe(true);
    expect(hasUnstorableText({ 'key\u0000': 1 })).toBe(true);
    expect(hasUnstorableText({ fine: ['a', 1, null, true, { b: 'c' }] })).toBe(false);
  });
});
