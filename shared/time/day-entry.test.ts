import { describe, expect, it } from 'vitest';
import { parseDayEntry, pickerToWallTime, wallTimeToPicker } from './day-entry.ts';

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

describe('the date-time picker and the wall-clock time a form holds', () => {
  it('hands 6 December 2026 at 5:30 pm over and back unchanged', () => {
    expect(wallTimeToPicker('2026-12-06T17:30')).toBe('2026-12-06 17:30:00');
    expect(pickerToWallTime('2026-12-06 17:30:00')).toBe('2026-12-06T17:30');
  });

  it('keeps an empty field empty both ways', () => {
    expect(wallTimeToPicker('')).toBeNull();
    expect(wallTimeToPicker(undefined)).toBeNull();
    expect(pickerToWallTime(null)).toBe('');
  });
});
