import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { DATE_TIME_FORMAT } from '#shared/time/zones.ts';

/*
 * Every date and time in the admin is shown in one format and in the business's timezone (the
 * settings' timezone), whatever the browser's own zone. The zone reaches the pages through React
 * context, set by the admin shell once the settings are read, so a render never writes a module
 * variable and a change of zone re-renders every date (docs/decisions/081-one-home-for-time-money-and-database-errors.md).
 */

export interface DisplayTime {
  /** "Jan 5, 2025" (the spec's list format), as a day in the zone. */
  formatDate: (iso: string) => string;
  /** "Jan 5, 2025, 9:30 AM GMT+11", or an em dash when there is no date. */
  formatDateTime: (iso: string | null) => string;
  /** "Jan 5, 9 PM": an hour of a chart, in the zone. */
  formatHour: (iso: string) => string;
}

/** The formatters for a zone; undefined is the browser's own (before the settings are read). */
export function displayTime(timeZone: string | undefined): DisplayTime {
  const date = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  });
  const dateTime = new Intl.DateTimeFormat('en-US', { timeZone, ...DATE_TIME_FORMAT, timeZoneName: 'short' });
  const hour = new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
  });
  return {
    formatDate: (iso) => date.format(new Date(iso)),
    formatDateTime: (iso) => (iso ? dateTime.format(new Date(iso)) : '—'),
    formatHour: (iso) => hour.format(new Date(iso)),
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
