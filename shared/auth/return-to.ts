const BASE = 'http://return-to.invalid';
const OUTSIDE_THE_GUARD = new Set(['/admin/login', '/admin/unauthorized']);

/**
 * Accepts only a relative path (with its query) inside the guarded admin area, so a crafted
 * login link can never forward a freshly signed-in admin to another site (open redirect) or back
 * to the login page. Anything else yields null.
 */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  // Protocol-relative (//evil.example), backslash tricks (/\evil.example) and control characters.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || value.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path !== '/admin' && !path.startsWith('/admin/')) return null;
  if (OUTSIDE_THE_GUARD.has(path)) return null;
  return `${url.pathname}${url.search}`;
}
