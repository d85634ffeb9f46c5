import { runtimeTimeZone } from '#shared/time/format.ts';
import { localDate } from '#shared/time/zones.ts';

/** A share (0-1) as "33.3%", or an em dash where there is nothing to divide. */
export function percent(value: number | null): string {
  return value === null ? '—' : `${(value * 100).toFixed(1)}%`;
}

/** Hours as "3 h", or an em dash when no enquiry got that far. */
export function hoursText(value: number | null): string {
  return value === null ? '—' : `${value} h`;
}

const DAY_MS = 86_400_000;

/** The default period: the 30 days ending today (the browser's day; the server counts local days). */
export function defaultPeriod(): { from: string; to: string } {
  const today = new Date();
  const zone = runtimeTimeZone();
  return { from: localDate(new Date(today.getTime() - 29 * DAY_MS), zone), to: localDate(today, zone) };
}
