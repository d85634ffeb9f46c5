import { describe, expect, it } from 'vitest';
import { formatInZone, isValidTimeZone, zonedWallTimeToUtc } from './schedule.ts';

describe('zonedWallTimeToUtc', () => {
  it('reads the wall-clock time in the given zone, with or without DST', () => {
    // Sydney: UTC+11 in summer (January), UTC+10 in winter (July).
    expect(zonedWallTimeToUtc('2030-01-15 09:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2030-01-14T22:30:00.000Z',
    );
    expect(zonedWallTimeToUtc('2030-07-15T09:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2030-07-14T23:30:00.000Z',
    );
    expect(zonedWallTimeToUtc('2030-07-15 09:30:15', 'Australia/Perth')?.toISOString()).toBe(
      '2030-07-15T01:30:15.000Z',
    );
    expect(zonedWallTimeToUtc('2030-07-15 09:30', 'UTC')?.toISOString()).toBe('2030-07-15T09:30:00.000Z');
  });

  it('moves a time skipped by the spring-forward jump one hour later', () => {
    // Sydney clocks jump from 2:00 to 3:00 on 6 October 2030.
    expect(zonedWallTimeToUtc('2030-10-06 02:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2030-10-05T16:30:00.000Z',
    );
  });

  it('rejects malformed or impossible values and unknown zones', () => {
    expect(zonedWallTimeToUtc('2030-02-31 09:00', 'Australia/Sydney')).toBeNull();
    expect(zonedWallTimeToUtc('2030-13-01 09:00', 'Australia/Sydney')).toBeNull();
    expect(zonedWallTimeToUtc('2030-01-01 24:00', 'Australia/Sydney')).toBeNull();
    expect(zonedWallTimeToUtc('tomorrow', 'Australia/Sydney')).toBeNull();
    expect(zonedWallTimeToUtc('2030-01-01 09:00', 'Mars/Olympus')).toBeNull();
  });
});

describe('isValidTimeZone and formatInZone', () => {
  it('checks IANA names and formats in the zone', () => {
    expect(isValidTimeZone('Australia/Sydney')).toBe(true);
    expect(isValidTimeZone('Nowhere/Special')).toBe(false);
    expect(formatInZone('2030-01-14T22:30:00.000Z', 'Australia/Sydney')).toBe('Jan 15, 2030, 9:30 AM');
  });
});
