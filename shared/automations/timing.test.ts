import { describe, expect, it } from 'vitest';
import { afterWait, nextWeekdayAt, outsideQuietHours } from './timing.ts';

const SYDNEY = 'Australia/Sydney';
const iso = (d: Date) => d.toISOString();

describe('flow timing in the business timezone', () => {
  it('counts wait days as calendar days at the same wall time across daylight saving', () => {
    // Sydney moves from +10:00 to +11:00 on Sunday 4 October 2026 at 02:00.
    const friday9am = new Date('2026-10-01T23:00:00Z'); // Fri 2 Oct 09:00 AEST
    expect(iso(afterWait(friday9am, { days: 3, hours: 0, minutes: 0 }, SYDNEY))).toBe(
      '2026-10-04T22:00:00.000Z',
    );
    expect(iso(afterWait(friday9am, { days: 0, hours: 72, minutes: 0 }, SYDNEY))).toBe(
      '2026-10-04T23:00:00.000Z',
    );
    expect(iso(afterWait(friday9am, { days: 1, hours: 2, minutes: 30 }, SYDNEY))).toBe(
      '2026-10-03T01:30:00.000Z',
    );
  });

  it('waits until the next given weekday and time, never the same instant', () => {
    const wednesday = new Date('2026-11-25T03:00:00Z'); // Wed 25 Nov 14:00 AEDT
    expect(iso(nextWeekdayAt(wednesday, 'thursday', '09:30', SYDNEY))).toBe('2026-11-25T22:30:00.000Z');
    expect(iso(nextWeekdayAt(wednesday, 'wednesday', '15:00', SYDNEY))).toBe('2026-11-25T04:00:00.000Z');
    expect(iso(nextWeekdayAt(wednesday, 'wednesday', '14:00', SYDNEY))).toBe('2026-12-02T03:00:00.000Z');
    expect(iso(nextWeekdayAt(wednesday, 'monday', '08:00', SYDNEY))).toBe('2026-11-29T21:00:00.000Z');
  });

  it('holds a send made in quiet hours until 08:00 local', () => {
    const evening = new Date('2026-11-25T10:30:00Z'); // 21:30 AEDT
    const night = new Date('2026-11-25T15:00:00Z'); // 02:00 AEDT the next day
    const afternoon = new Date('2026-11-25T03:00:00Z'); // 14:00 AEDT
    expect(iso(outsideQuietHours(evening, SYDNEY))).toBe('2026-11-25T21:00:00.000Z');
    expect(iso(outsideQuietHours(night, SYDNEY))).toBe('2026-11-25T21:00:00.000Z');
    expect(outsideQuietHours(afternoon, SYDNEY)).toBe(afternoon);
    expect(iso(outsideQuietHours(new Date('2026-11-25T21:00:00Z'), SYDNEY))).toBe('2026-11-25T21:00:00.000Z');
  });
});
