/** Desktop menu delays (docs/spec/public-site.md §9): open after hovering 200 ms, re-open at once within 300 ms, close 150 ms after leaving. */
export const MENU_OPEN_DELAY_MS = 200;
export const MENU_SKIP_DELAY_MS = 300;
export const MENU_CLOSE_DELAY_MS = 150;

/** Whether hovering a trigger now should open its menu without the open delay. */
export function opensImmediately(
  now: number,
  lastClosedAt: number | null,
  anotherMenuOpen: boolean,
): boolean {
  return anotherMenuOpen || (lastClosedAt !== null && now - lastClosedAt < MENU_SKIP_DELAY_MS);
}
