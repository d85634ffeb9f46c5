import { describe, expect, it } from 'vitest';
import { matchTotp, totpAt, totpStep } from './totp.ts';

// RFC 6238 Appendix B, SHA-1 rows: the 20-byte ASCII key "12345678901234567890", 8 digits.
const RFC_KEY = new TextEncoder().encode('12345678901234567890');
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

describe('TOTP (RFC 6238)', () => {
  it.each(VECTORS)('at %i s gives %s', (seconds, expected) => {
    expect(totpAt(RFC_KEY, totpStep(new Date(seconds * 1000)), 8)).toBe(expected);
  });

  const now = new Date(1_111_111_111_000);
  const step = totpStep(now);
  const code = (offset: number) => totpAt(RFC_KEY, step + offset);

  it('accepts the current step and one step of clock skew either side, no more', () => {
    expect(matchTotp(RFC_KEY, code(0), now, 0)).toBe(step);
    expect(matchTotp(RFC_KEY, code(-1), now, 0)).toBe(step - 1);
    expect(matchTotp(RFC_KEY, code(1), now, 0)).toBe(step + 1);
    expect(matchTotp(RFC_KEY, code(-2), now, 0)).toBeNull();
    expect(matchTotp(RFC_KEY, code(2), now, 0)).toBeNull();
  });

  it('refuses a replay: a step at or before the last one used', () => {
    expect(matchTotp(RFC_KEY, code(0), now, step)).toBeNull();
    expect(matchTotp(RFC_KEY, code(-1), now, step)).toBeNull();
    expect(matchTotp(RFC_KEY, code(1), now, step)).toBe(step + 1);
  });

  it('refuses anything but six digits', () => {
    expect(matchTotp(RFC_KEY, ` ${code(0)}`, now, 0)).toBeNull();
    expect(matchTotp(RFC_KEY, 'abcdef', now, 0)).toBeNull();
  });
});
