// Readers for URL search params. Kept free of zod on purpose: TanStack Router keeps every route's
// `validateSearch` in the entry bundle, so anything imported here ships with every public page.
// A hand-edited or stale URL must never break a page: anything unusable reads as "absent".

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The router parses query values as JSON, so a digits-only value arrives as a number. */
export function readText(value: unknown, max: number): string | undefined {
  const text = typeof value === 'number' ? String(value) : value;
  return typeof text === 'string' && text.length <= max ? text : undefined;
}

export function readOneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return typeof value === 'string' && (options as readonly string[]).includes(value)
    ? (value as T)
    : undefined;
}

export function readPage(value: unknown, max: number): number | undefined {
  const page = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof page === 'number' && Number.isInteger(page) && page >= 1 && page <= max ? page : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as YYYY-MM-DD (the server checks it is a real date). */
export function readDay(value: unknown): string | undefined {
  return typeof value === 'string' && DAY.test(value) ? value : undefined;
}

export function readUuid(value: unknown): string | undefined {
  return typeof value === 'string' && UUID.test(value) ? value : undefined;
}

export function readTrue(value: unknown): true | undefined {
  return value === true || value === 'true' || value === 1 || value === '1' ? true : undefined;
}

/** Drops absent keys so URLs stay short and `useSearch` results compare equal. */
export function definedOnly<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;
}
