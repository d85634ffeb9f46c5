const count = new Intl.NumberFormat('en-AU');

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
