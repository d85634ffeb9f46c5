import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { formatInstant } from '#shared/time/format.ts';

/*
 * Every date and time in the admin is shown in one format and in the business's timezone (the
 * settings' timezone), whatever the browser's own zone. The zone reaches the pages through React
 * context, set by the admin shell once the settings are read, so a render never writes a module
 * variable and a change of zone re-renders every date (docs/decisions/081-one-home-for-time-money-and-database-errors.md).
 */

export interface DisplayTime {
  /** "5 Jan 2025", as a day in the zone. */
  formatDate: (iso: string) => string;
  /** "5 Jan 2025, 9:30 am AEDT", or an em dash when there is no date. */
  formatDateTime: (iso: string | null) => string;
  /** "5 Jan, 9 pm": an hour of a chart, in the zone. */
  formatHour: (iso: string) => string;
}

/** The formatters for a zone; undefined is the browser's own (before the settings are read). */
export function displayTime(timeZone: string | undefined): DisplayTime {
  return {
    formatDate: (iso) => formatInstant(iso, timeZone, 'day'),
    formatDateTime: (iso) => (iso ? formatInstant(iso, timeZone, 'dateTimeZone') : '—'),
    formatHour: (iso) => formatInstant(iso, timeZone, 'hour'),
  };
}

const DisplayTimeContext = createContext<DisplayTime>(displayTime(undefined));

export function DisplayTimeProvider({
  timeZone,
  children,
}: {
  timeZone: string | undefined;
  children: ReactNode;
}) {
  const value = useMemo(() => displayTime(timeZone), [timeZone]);
  return <DisplayTimeContext value={value}>{children}</DisplayTimeContext>;
}

/** The admin's date formatters, in the business's timezone. */
export function useDisplayTime(): DisplayTime {
  return useContext(DisplayTimeContext);
}
