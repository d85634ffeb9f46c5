const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const count = new Intl.NumberFormat('en-AU');

/** "Jan 5, 2025" (the spec's list format). */
export function formatDate(iso: string): string {
  return shortDate.format(new Date(iso));
}

/** "Jan 5, 2025, 9:30 AM", or an em dash when there is no date. */
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

/** Progress of a send: sent out of the total recipients, rounded (spec §9). */
export function progressPercent(sent: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.round((sent / total) * 100));
}
