import { describe, expect, it } from 'vitest';
import { parseDayEntry } from './day-entry.ts';

describe('parseDayEntry', () => {
  it('reads day before month, as Australians write it', () => {
    expect(parseDayEntry('06/12/2026')).toBe('2026-12-06');
    expect(parseDayEntry('6/12/2026')).toBe('2026-12-06');
    expect(parseDayEntry(' 12/6/2026 ')).toBe('2026-06-12');
    expect(parseDayEntry('31.01.2027')).toBe('2027-01-31');
    expect(parseDayEntry('01-02-2027')).toBe('2027-02-01');
  });

  it('reads an ISO day typed or pasted', () => {
    expect(parseDayEntry('2026-12-06')).toBe('2026-12-06');
  });

  it('knows month lengths and leap years', () => {
    expect(parseDayEntry('29/02/2028')).toBe('2028-02-29');
    expect(parseDayEntry('29/02/2027')).toBeNull();
    expect(parseDayEntry('31/04/2027')).toBeNull();
    expect(parseDayEntry('2027-02-30')).toBeNull();
    expect(parseDayEntry('00/12/2026')).toBeNull();
    expect(parseDayEntry('12/13/2026')).toBeNull();
  });

  it('waits for a whole day rather than guess', () => {
    expect(parseDayEntry('')).toBeNull();
    expect(parseDayEntry('06/12/20')).toBeNull();
    expect(parseDayEntry('06/12')).toBeNull();
    expect(parseDayEntry('6 Dec 2026')).toBeNull();
    expect(parseDayEntry('06/12/0999')).toBeNull();
  });
});
