/**
 * Every date and time shown to a person, in one Australian style (en-AU: day before month,
 * four-digit years, "5:34 pm"): the admin, the public pages, e-mails, PDFs and exports all format
 * here, so "6 Dec 2026, 5:34 pm" reads the same wherever it appears. The one home for time
 * (decision 081); a test keeps Intl.DateTimeFormat and toLocale*String out of every other file.
 */

const DISPLAY_LOCALE = 'en-AU';

/** The styles in use, each named for what it shows (examples at 17:34 on 6 December 2026). */
const STYLES = {
  /** "6 Dec 2026": a day in lists. */
  day: { day: 'numeric', month: 'short', year: 'numeric' },
  /** "6 Dec": a day on a chart's axis. */
  dayMonth: { day: 'numeric', month: 'short' },
  /** "6 Dec 2026, 5:34 pm". */
  dateTime: { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** "6 Dec 2026, 5:34 pm AEDT": the admin's, whose reader may be in another zone. */
  dateTimeZone: {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  },
  /** "6 Dec, 5 pm": an hour on a chart. */
  hour: { day: 'numeric', month: 'short', hour: 'numeric' },
  /** "5:34 pm". */
  time: { hour: 'numeric', minute: '2-digit' },
  /** "6 December 2026". */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** "6 December 2026 at 5:34 pm". */
  longDateTime: { dateStyle: 'long', timeStyle: 'short' },
  /** "6 December 2026 at 5:34:00 pm UTC": a certificate's exact time. */
  longDateTimeZone: { dateStyle: 'long', timeStyle: 'long' },
  /** "Sunday, 6 December 2026 at 5:34 pm". */
  fullDateTime: { dateStyle: 'full', timeStyle: 'short' },
  /** "Sunday 6 December 2026". */
  weekdayDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** "Sunday 6 December 2026 at 5:34 pm". */
  weekdayDateTime: {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  /** "Sunday 6 December": a day to choose, this year. */
  weekdayDayMonth: { weekday: 'long', day: 'numeric', month: 'long' },
  /** "06/12/2026, 17:56": a spreadsheet's cell, four-digit year, 24-hour clock. */
  numeric: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

type DateStyle = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${style}|${timeZone ?? ''}`;
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(DISPLAY_LOCALE, { ...STYLES[style], timeZone });
    formatters.set(key, found);
  }
  return found;
}

/**
 * An instant as clocks in `timeZone` show it, in the named style; `timeZone` undefined is the
 * runtime's own (a browser's, before the business's zone is known).
 */
export function formatInstant(
  instant: Date | string | number,
  timeZone: string | undefined,
  style: DateStyle,
): string {
  return formatter(style, timeZone).format(new Date(instant));
}

/** A calendar day (YYYY-MM-DD) in the named style: the same day in every zone. */
export function formatCalendarDay(day: string, style: DateStyle): string {
  return formatter(style, 'UTC').format(new Date(`${day.slice(0, 10)}T00:00:00Z`));
}

/** "Mon 2 Dec 08:00": a step of a flow's test run, in the business's timezone. */
export function formatWeekdayClock(instant: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat(DISPLAY_LOCALE, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')} ${part('day')} ${part('month')} ${part('hour')}:${part('minute')}`;
}

/** The runtime's own timezone (a browser's), for a form shown before the settings are read. */
export function runtimeTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}
