import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  formatInZone,
  formatLongDay,
  isValidTimeZone,
  localDate,
  wallPartsAt,
  zonedWallTimeToUtc,
} from './zones.ts';

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
    expect(formatInZone('2030-01-14T22:30:00.000Z', 'Australia/Sydney')).toBe('15 Jan 2030, 9:30 am');
  });
});

describe('isValidTimeZone', () => {
  it('knows real zones and refuses junk', () => {
    expect(isValidTimeZone('Australia/Adelaide')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Australia/Nowhere')).toBe(false);
    expect(isValidTimeZone('../../etc/passwd')).toBe(false);
  });
});

describe('localDate', () => {
  it("reads the day in the given timezone, not the machine's", () => {
    // 20:00 UTC on 25 November is already the 26th in Sydney and Perth, still the 25th in Los Angeles.
    const at = new Date(Date.UTC(2026, 10, 25, 20));
    expect(localDate(at, 'Australia/Sydney')).toBe('2026-11-26');
    expect(localDate(at, 'Australia/Perth')).toBe('2026-11-26');
    expect(localDate(at, 'America/Los_Angeles')).toBe('2026-11-25');
  });
});

// Sydney in 2026-27: AEST (UTC+10) until 2:00 on Sunday 4 October 2026, when clocks jump to 3:00
// AEDT (UTC+11); AEDT until 3:00 on Sunday 4 April 2027, when clocks fall back to 2:00 AEST.
describe('Australia/Sydney across its daylight-saving changes', () => {
  it('turns the day at local midnight, at UTC+10 before the change and UTC+11 after it', () => {
    expect(localDate(new Date('2026-10-03T13:59:59Z'), 'Australia/Sydney')).toBe('2026-10-03');
    expect(localDate(new Date('2026-10-03T14:00:00Z'), 'Australia/Sydney')).toBe('2026-10-04');
    expect(localDate(new Date('2026-10-04T12:59:59Z'), 'Australia/Sydney')).toBe('2026-10-04');
    expect(localDate(new Date('2026-10-04T13:00:00Z'), 'Australia/Sydney')).toBe('2026-10-05');
  });

  it('shows 1:59:59 and then 3:00 on the spring-forward night', () => {
    expect(wallPartsAt(Date.UTC(2026, 9, 3, 15, 59, 59), 'Australia/Sydney')).toBe(
      Date.UTC(2026, 9, 4, 1, 59, 59),
    );
    expect(wallPartsAt(Date.UTC(2026, 9, 3, 16, 0, 0), 'Australia/Sydney')).toBe(
      Date.UTC(2026, 9, 4, 3, 0, 0),
    );
  });

  it('reads 2:30 on the fall-back night, which clocks show twice, as the later (standard-time) one', () => {
    expect(zonedWallTimeToUtc('2027-04-04 02:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2027-04-03T16:30:00.000Z',
    );
    expect(zonedWallTimeToUtc('2027-04-04 03:30', 'Australia/Sydney')?.toISOString()).toBe(
      '2027-04-03T17:30:00.000Z',
    );
  });

  it('counts calendar days straight through a 23-hour day', () => {
    expect(calendarDays('2026-10-05', 3)).toEqual(['2026-10-03', '2026-10-04', '2026-10-05']);
  });
});

describe('formatLongDay', () => {
  it('writes a calendar day in words, whatever zone the machine is in', () => {
    expect(formatLongDay('2026-11-27')).toBe('27 November 2026');
    expect(formatLongDay('2030-03-01')).toBe('1 March 2030');
  });
});
