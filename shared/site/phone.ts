// Kept apart from config.ts so public pages can use it without bundling zod.

/** `tel:` link for a displayed Australian phone number ("1300 975 707" → "tel:1300975707"). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
