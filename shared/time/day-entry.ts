/**
 * A calendar day as a person types it in the admin (decision 102): day before month, as every
 * date is shown (format.ts), "06/12/2026" for 6 December 2026. The date inputs show and read this
 * style; the value they hold and send stays the ISO day (YYYY-MM-DD), the wire format every schema
 * already takes. An ISO day typed or pasted is read as well.
 */

/** The style the date inputs show and read, in the date pickers' (dayjs) tokens. */
export const DAY_ENTRY_FORMAT = 'DD/MM/YYYY';

const DAY_MONTH_YEAR = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The ISO day for a year, month and day, or null when the calendar has no such day (30/02). */
function isoDay(year: number, month: number, day: number): string | null {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one; UTC, so no zone moves it.
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > lastDay) return null;
  return `${String(year)}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The ISO day (YYYY-MM-DD) a typed text names: "6/12/2026", "06/12/2026", "06.12.2026",
 * "06-12-2026" and "2026-12-06" all name 6 December 2026. Null for anything else, a half-typed
 * date included ("06/12/20"), so an input keeps its value until the text is a whole day.
 */
export function parseDayEntry(text: string): string | null {
  const typed = text.trim();
  const dmy = DAY_MONTH_YEAR.exec(typed);
  if (dmy) return isoDay(Number(dmy[3]), Number(dmy[2]), Number(dmy[1]));
  const ymd = ISO_DAY.exec(typed);
  if (ymd) return isoDay(Number(ymd[1]), Number(ymd[2]), Number(ymd[3]));
  return null;
}

/**
 * The wall-clock time a form holds (`YYYY-MM-DDTHH:mm`, shared/time/zones.ts) as the date-time
 * picker's value (`YYYY-MM-DD HH:mm:ss`), null for none.
 */
export function wallTimeToPicker(wallTime: string | undefined): string | null {
  return wallTime ? `${wallTime.replace('T', ' ')}:00` : null;
}

/** The date-time picker's value back as the wall-clock time the form holds, '' for none. */
export function pickerToWallTime(picked: string | null): string {
  return picked ? picked.slice(0, 16).replace(' ', 'T') : '';
}
