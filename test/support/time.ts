const DAY_MS = 86_400_000;

/** The moment `days` whole days before `from` (now by default): test fixtures dated relative to a clock. */
export function daysAgo(days: number, from: Date = new Date()): Date {
  return new Date(from.getTime() - days * DAY_MS);
}
