import { describe, expect, it } from 'vitest';
import { iso } from './iso.ts';

describe('iso', () => {
  it('writes a Date in UTC with milliseconds', () => {
    expect(iso(new Date(Date.UTC(2026, 11, 7, 1, 30)))).toBe('2026-12-07T01:30:00.000Z');
  });

  it('reads a string with an offset and writes it in UTC', () => {
    expect(iso('2026-12-07T12:30:00+11:00')).toBe('2026-12-07T01:30:00.000Z');
  });

  it('keeps null', () => {
    expect(iso(null)).toBeNull();
  });
});
