// Calendar days in the settings timezone (admin "today", chart days, export file names).

/** YYYY-MM-DD of an instant in a timezone. */
export function localDate(at: Date, timezone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

/** The `count` calendar days ending with `lastDay` (YYYY-MM-DD), oldest first. */
export function calendarDays(lastDay: string, count: number): string[] {
  const last = Date.parse(`${lastDay}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(last - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}
