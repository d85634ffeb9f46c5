import { describe, expect, it } from 'vitest';
import { freeDays, isoWeekday } from './appointment-slots.ts';

// Slots in the business's timezone across daylight-saving changes (decision 062). In 2026 Sydney
// moves its clocks forward at 02:00 on Sunday 4 October (AEST +10 → AEDT +11) and back at 03:00 on
// Sunday 5 April (AEDT +11 → AEST +10).

const SYDNEY = 'Australia/Sydney';
const settings = { slotMinutes: 60, horizonDays: 2, minNoticeHours: 0, blackoutDates: [] as string[] };
const everyDay = (opens: string, closes: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));

describe('free slots', () => {
  it('puts 10:00 at 10:00 on both sides of the spring-forward change', () => {
    const days = freeDays({
      settings,
      hours: everyDay('10:00', '12:00'),
      timezone: SYDNEY,
      booked: [],
      // 00:30 on Saturday 3 October in Sydney.
      now: new Date('2026-10-02T14:30:00Z'),
    });
    expect(days.map((d) => d.day)).toEqual(['2026-10-03', '2026-10-04', '2026-10-05']);
    expect(days[0]?.slots).toEqual([
      { startsAt: '2026-10-03T00:00:00.000Z', time: '10:00' },
      { startsAt: '2026-10-03T01:00:00.000Z', time: '11:00' },
    ]);
    expect(days[1]?.slots[0]).toEqual({ startsAt: '2026-10-03T23:00:00.000Z', time: '10:00' });
  });

  it('offers no slot in the skipped hour and one in the repeated hour', () => {
    const spring = freeDays({
      settings: { ...settings, horizonDays: 0 },
      hours: everyDay('01:00', '04:00'),
      timezone: SYDNEY,
      booked: [],
      // 00:30 on Sunday 4 October in Sydney (still AEST).
      now: new Date('2026-10-03T14:30:00Z'),
    });
    expect(spring[0]?.day).toBe('2026-10-04');
    expect(spring[0]?.slots.map((s) => s.time)).toEqual(['01:00', '03:00']);
    expect(spring[0]?.slots.map((s) => s.startsAt)).toEqual([
      '2026-10-03T15:00:00.000Z',
      '2026-10-03T16:00:00.000Z',
    ]);

    const autumn = freeDays({
      settings: { ...settings, horizonDays: 0 },
      hours: everyDay('01:00', '04:00'),
      timezone: SYDNEY,
      booked: [],
      // 00:30 on Sunday 5 April in Sydney (still AEDT).
      now: new Date('2026-04-04T13:30:00Z'),
    });
    expect(autumn[0]?.day).toBe('2026-04-05');
    expect(autumn[0]?.slots.map((s) => s.time)).toEqual(['01:00', '02:00', '03:00']);
    expect(new Set(autumn[0]?.slots.map((s) => s.startsAt)).size).toBe(3);
  });

  it('skips blackout dates, closed weekdays, booked slots and those inside the minimum notice', () => {
    const days = freeDays({
      settings: { ...settings, horizonDays: 7, minNoticeHours: 24, blackoutDates: ['2026-12-09'] },
      // Monday to Friday 10:00–13:00.
      hours: everyDay('10:00', '13:00').filter((h) => h.weekday <= 5),
      timezone: SYDNEY,
      // Tuesday 12:00–13:00 in Sydney is booked.
      booked: [{ startsAt: new Date('2026-12-08T01:00:00Z'), endsAt: new Date('2026-12-08T02:00:00Z') }],
      // Monday 7 December 2026, 10:30 in Sydney (AEDT).
      now: new Date('2026-12-06T23:30:00Z'),
    });
    expect(days.map((d) => d.day)).toEqual(['2026-12-08', '2026-12-10', '2026-12-11', '2026-12-14']);
    // 10:00 on Tuesday is within 24 h of now and 12:00 is booked: 11:00 is left.
    expect(days[0]?.slots.map((s) => s.time)).toEqual(['11:00']);
    expect(days[1]?.slots.map((s) => s.time)).toEqual(['10:00', '11:00', '12:00']);
    expect(days.every((d) => isoWeekday(d.day) <= 5)).toBe(true);
  });
});
