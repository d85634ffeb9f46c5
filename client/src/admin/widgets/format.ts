const count = new Intl.NumberFormat('en-AU');

/**
 * Every date and time in the admin is shown in one format and in the business's timezone (the
 * settings' timezone, set by the admin shell once it is known), whatever the browser's own zone.
 */
let displayTimeZone: string | undefined;
let shortDate = dateFormat(undefined);
let dateTime = dateTimeFormat(undefined);
let hour = hourFormat(undefined);

function dateFormat(timeZone: string | undefined) {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric' });
}

function dateTimeFormat(timeZone: string | undefined) {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

function hourFormat(timeZone: string | undefined) {
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', hour: 'numeric' });
}

/** Answers whether the zone changed (the caller re-renders what was formatted in the old one). */
export function setDisplayTimeZone(timeZone: string): boolean {
  if (timeZone === displayTimeZone) return false;
  displayTimeZone = timeZone;
  shortDate = dateFormat(timeZone);
  dateTime = dateTimeFormat(timeZone);
  hour = hourFormat(timeZone);
  return true;
}

/** "Jan 5, 2025" (the spec's list format), as a day in the business's timezone. */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** "Jan 5, 9 PM": an hour of a chart, in the business's timezone. */
export function formatHour(iso: string): string {
  return hour.format(new Date(iso));
}

/** "Jan 5, 2025, 9:30 AM GMT+11", or an em dash when there is no date. */
export function formatDateTime(iso: string | null): string {
  return iso ? dateTime.format(new Date(iso)) : '—';
}

/** A stored percentage (0-100) with one decimal, or an em dash before anything was delivered. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}

export function formatCount(value: number): string {
  return count.format(value);
}

/** Progress of a send: sent out of the total recipients, rounded (docs/spec/admin.md §9). */
export function progressPercent(sent: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.round((sent / total) * 100));
}

/** "just now", "12 min ago", "3 h ago", "2 d ago": the age of an enquiry at a glance. */
export function formatAge(iso: string, now: number = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(iso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}
