/**
 * A phone number as typed on the sell form ("0412 345 678", "+61 (2) 9876-5432") as a tel: link:
 * digits and a leading plus only, which every dialler reads; null when nothing dialable is left.
 */
export function telHref(phone: string): string | null {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (!digits) return null;
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/** An e-mail address as a mailto: link; the address is encoded so `?` or `&` cannot add headers. */
export function mailtoHref(email: string): string {
  return `mailto:${encodeURIComponent(email.trim()).replace(/%40/g, '@')}`;
}
