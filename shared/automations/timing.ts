import { WEEKDAYS, type Weekday } from './flows.ts';
import { wallPartsAt, zonedWallTimeToUtc } from '../time/zones.ts';

// When a flow's steps happen, in the business's timezone (decision 061). Waits count calendar
// days at the same wall-clock time, so "3 days" across a daylight-saving change still lands at the
// hour the contact entered; hours and minutes are elapsed time.

/** No marketing e-mail from a flow between these local hours unless the flow says otherwise. */
export const QUIET_HOURS = { from: 21, until: 8 } as const;

const MINUTE = 60_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** The wall clock at an instant, as a Date whose UTC fields show it. */
function wallClock(instant: Date, timeZone: string): Date {
  return new Date(wallPartsAt(instant.getTime(), timeZone));
}

/** The instant a wall clock (a Date whose UTC fields show it) names in the zone. */
function instantOf(wall: Date, timeZone: string): Date {
  const text = `${wall.getUTCFullYear()}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())} ${pad(
    wall.getUTCHours(),
  )}:${pad(wall.getUTCMinutes())}:${pad(wall.getUTCSeconds())}`;
  const instant = zonedWallTimeToUtc(text, timeZone);
  if (!instant) throw new RangeError(`Not a time in ${timeZone}: ${text}`);
  return instant;
}

export interface WaitDuration {
  days: number;
  hours: number;
  minutes: number;
}

/** When a wait that starts at `from` ends. */
export function afterWait(from: Date, wait: WaitDuration, timeZone: string): Date {
  let end = from;
  if (wait.days > 0) {
    const wall = wallClock(from, timeZone);
    wall.setUTCDate(wall.getUTCDate() + wait.days);
    end = new Date(instantOf(wall, timeZone).getTime() + (from.getTime() % 1000));
  }
  return new Date(end.getTime() + (wait.hours * 60 + wait.minutes) * MINUTE);
}

/** The first instant strictly after `from` at which the zone shows `weekday` at `time` (HH:MM). */
export function nextWeekdayAt(from: Date, weekday: Weekday, time: string, timeZone: string): Date {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = wallClock(from, timeZone);
  const targetDay = (WEEKDAYS.indexOf(weekday) + 1) % 7; // Date's getUTCDay: Sunday is 0
  wall.setUTCDate(wall.getUTCDate() + ((targetDay - wall.getUTCDay() + 7) % 7));
  wall.setUTCHours(hour, minute, 0, 0);
  let candidate = instantOf(wall, timeZone);
  if (candidate.getTime() <= from.getTime()) {
    wall.setUTCDate(wall.getUTCDate() + 7);
    candidate = instantOf(wall, timeZone);
  }
  return candidate;
}

/** `at` itself when outside quiet hours, else the next morning's end of them (08:00 local). */
export function outsideQuietHours(at: Date, timeZone: string): Date {
  const wall = wallClock(at, timeZone);
  const hour = wall.getUTCHours();
  if (hour >= QUIET_HOURS.until && hour < QUIET_HOURS.from) return at;
  if (hour >= QUIET_HOURS.from) wall.setUTCDate(wall.getUTCDate() + 1);
  wall.setUTCHours(QUIET_HOURS.until, 0, 0, 0);
  return instantOf(wall, timeZone);
}
