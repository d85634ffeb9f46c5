/**
 * Text PostgreSQL cannot store: a NUL character (text and jsonb refuse it: SQLSTATE 22021 and
 * 22P05) or half of a UTF-16 surrogate pair (not valid Unicode; it would be stored as U+FFFD,
 * silently changed). Checked at every boundary so such input is a 400, never a 500 or a retry loop.
 */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed();
}

/** True when any string in a JSON-like value (keys included) is not storable; depth-limited. */
export function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => !isStorableText(key) || hasUnstorableText(item, depth + 1),
  );
}

export const UNSTORABLE_TEXT_MESSAGE = 'Text may not contain NUL characters or broken Unicode';
