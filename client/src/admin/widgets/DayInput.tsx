import {
  DateInput,
  type DateInputProps,
  DateTimePicker,
  type DateTimePickerProps,
  type CalendarAriaLabels,
  type DayOfWeek,
} from '@mantine/dates';
import { useState } from 'react';
import {
  DAY_ENTRY_FORMAT,
  parseDayEntry,
  pickerToWallTime,
  wallTimeToPicker,
} from '#shared/time/day-entry.ts';

type DayInputProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** The ISO day (YYYY-MM-DD), '' for none: what the form holds and the server receives. */
  value?: string | undefined;
  onChange: (day: string) => void;
  /** The first and last days the calendar offers (ISO). A day typed outside them is still taken, so
   * the form's validation answers it with its own message rather than the input ignoring it. */
  min?: string | undefined;
  max?: string | undefined;
};

/**
 * The calendar as axe passes it (decision 090): Mantine paints weekends red and the neighbouring
 * months' days dimmed, both under 4.5:1 on white (an Australian week needs neither), and leaves
 * its arrows without names (the level button is named by its text, "December 2026").
 */
const READABLE_CALENDAR: {
  weekendDays: DayOfWeek[];
  hideOutsideDates: boolean;
  ariaLabels: CalendarAriaLabels;
} = {
  weekendDays: [],
  hideOutsideDates: true,
  ariaLabels: {
    nextMonth: 'Next month',
    previousMonth: 'Previous month',
    nextYear: 'Next year',
    previousYear: 'Previous year',
    nextDecade: 'Next decade',
    previousDecade: 'Previous decade',
  },
};

/**
 * Every admin date input (decision 102): Mantine's DateInput showing and reading day before month,
 * "06/12/2026", whatever the browser's language, where `<input type="date">` showed mm/dd/yyyy in
 * an en-US browser. It holds and sends the ISO day, so no schema changed. Emptying the text clears
 * the value. The calendar opens on focus and closes once a whole day is typed or picked, so it
 * never covers the field or button that comes next.
 */
export function DayInput({
  value,
  onChange,
  min,
  max,
  onFocus,
  onBlur,
  onClick,
  onKeyDown,
  ...rest
}: DayInputProps) {
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      placeholder="dd/mm/yyyy"
      allowDeselect
      {...READABLE_CALENDAR}
      {...rest}
      value={value ? value : null}
      onChange={(day) => {
        if (day) setOpened(false);
        onChange(day ?? '');
      }}
      valueFormat={DAY_ENTRY_FORMAT}
      dateParser={parseDayEntry}
      excludeDate={(day) => (min !== undefined && day < min) || (max !== undefined && day > max)}
      popoverProps={{ opened, onClose: () => setOpened(false) }}
      onFocus={(event) => {
        setOpened(true);
        onFocus?.(event);
      }}
      onClick={(event) => {
        setOpened(true);
        onClick?.(event);
      }}
      onBlur={(event) => {
        setOpened(false);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setOpened(false);
        onKeyDown?.(event);
      }}
    />
  );
}

type DayTimeInputProps = Omit<DateTimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'valueFormat'> & {
  /** The wall-clock time, `YYYY-MM-DDTHH:mm`, '' for none (shared/time/zones.ts WALL_TIME_PATTERN). */
  value?: string | undefined;
  onChange: (wallTime: string) => void;
};

/**
 * A day and a time picked together (decision 102), shown as "06/12/2026 17:30" and held as the
 * wall-clock `YYYY-MM-DDTHH:mm` the browser's datetime-local input gave before it.
 */
export function DayTimeInput({ value, onChange, ...rest }: DayTimeInputProps) {
  return (
    <DateTimePicker
      placeholder="dd/mm/yyyy hh:mm"
      {...READABLE_CALENDAR}
      {...rest}
      value={wallTimeToPicker(value)}
      onChange={(picked) => onChange(pickerToWallTime(picked))}
      valueFormat={`${DAY_ENTRY_FORMAT} HH:mm`}
    />
  );
}
