/**
 * Masks an address for display on the preferences page, e.g. `john@example.com` → `j***@example.com`.
 * The holder of a link sees enough to recognise their address; anyone peeking at a forwarded link
 * learns only the domain. The local part's length is hidden too (always three stars).
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const first = [...email.slice(0, at)][0] ?? '';
  return `${first}***${email.slice(at)}`;
}
