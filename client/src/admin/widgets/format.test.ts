import { describe, expect, it } from 'vitest';
import { formatAge, formatCount, formatRate, progressPercent } from './format.ts';

describe('format', () => {
  it('formats rates with one decimal and an em dash for none', () => {
    expect(formatRate(null)).toBe('—');
    expect(formatRate(0)).toBe('0.0%');
    expect(formatRate(34.56)).toBe('34.6%');
  });

  it('formats counts and progress', () => {
    expect(formatCount(50000)).toBe('50,000');
    expect(progressPercent(0, 0)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(2, 3)).toBe(67);
    expect(progressPercent(5, 3)).toBe(100);
  });
});

describe('formatAge', () => {
  const now = Date.parse('2026-01-02T12:00:00Z');
  it('says how long ago, in the largest useful unit', () => {
    expect(formatAge('2026-01-02T11:59:40Z', now)).toBe('just now');
    expect(formatAge('2026-01-02T11:48:00Z', now)).toBe('12 min ago');
    expect(formatAge('2026-01-02T09:00:00Z', now)).toBe('3 h ago');
    expect(formatAge('2025-12-31T12:00:00Z', now)).toBe('2 d ago');
    expect(formatAge('2026-01-03T00:00:00Z', now)).toBe('just now');
  });
});
