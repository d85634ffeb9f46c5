/** The desktop sidebar's open/closed state, remembered for 7 days (docs/spec/admin.md §2 Layout, §9). */
export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';

export function readSidebarOpen(cookie: string = document.cookie): boolean {
  const match = new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=(true|false)(?:;|$)`).exec(cookie);
  return match ? match[1] === 'true' : true;
}

export function writeSidebarOpen(open: boolean): void {
  // Scoped to the admin area: public pages never carry it.
  document.cookie = `${SIDEBAR_COOKIE}=${open}; Path=/admin; Max-Age=${SIDEBAR_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
