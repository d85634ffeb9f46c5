import { formatCalendarDay, formatInstant } from './format.ts';

/**
 * Every date and time the business deals in is in its timezone (settings.timezone), not the
 * browser's or the server's: an admin travelling abroad who picks "9:00" means 9:00 in Sydney, and
 * "today" is Sydney's day. These helpers work with Intl only, so the browser and the server agree
 * without a tz database; they are the one home for zones
 * (docs/decisions/081-one-home-for-time-money-and-database-errors.md).
 */

/** A wall-clock date and time: `YYYY-MM-DD HH:mm[:ss]` (or with a `T`). */
export const WALL_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** True for a name the platform's time zone database knows (IANA names such as Australia/Perth). */
export function isValidTimeZone(name: string): boolean {
  // Bounded and plain before Intl sees it: the name comes from a form.
  if (!name || name.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-AU', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** The calendar day (YYYY-MM-DD) clocks in `timeZone` show at `at`: "today" when `at` is now. */
export function localDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** A calendar day (YYYY-MM-DD) in words, "27 November 2026": the same day in every zone. */
export function formatLongDay(day: string): string {
  return formatCalendarDay(day, 'longDate');
}

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function calendarDays(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** What clocks in `timeZone` show at `instant`, as milliseconds of a UTC date with those fields. */
export function wallPartsAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value ?? Number.NaN);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
}

/** The zone's offset from UTC in milliseconds at an instant (positive east of Greenwich). */
function offsetAt(instant: number, timeZone: string): number {
  return wallPartsAt(instant, timeZone) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which clocks in `timeZone` show `wall` (`YYYY-MM-DD HH:mm[:ss]`), or null for a
 * malformed or impossible value. A time skipped by a daylight-saving jump resolves to the instant
 * one offset-change later (e.g. 2:30 on the spring-forward night becomes 3:30).
 */
export function zonedWallTimeToUtc(wall: string, timeZone: string): Date | null {
  const match = WALL_TIME_PATTERN.exec(wall.trim());
  if (!match || !isValidTimeZone(timeZone)) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // Reject 31 February and friends instead of letting Date roll them into March.
  if (new Date(asUtc).getUTCDate() !== day) return null;
  // Two passes settle the offset, including near a daylight-saving change.
  let instant = asUtc - offsetAt(asUtc, timeZone);
  instant = asUtc - offsetAt(instant, timeZone);
  return new Date(instant);
}

/** "5 Jan 2025, 9:00 am" in the given zone (format.ts, the one date style). */
export function formatInZone(instant: Date | string, timeZone: string): string {
  return formatInstant(instant, timeZone, 'dateTime');
}
