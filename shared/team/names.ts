import { z } from 'zod';

/**
 * A member's display name (decision 057): optional, one line, what the admin shows wherever it
 * names a member (Team, the enquiry desk's assignee); without one, the address stands in.
 */
export const MAX_MEMBER_NAME = 100;

export const NAME_MESSAGES = {
  tooLong: `Name must be at most ${MAX_MEMBER_NAME} characters`,
  lineBreak: 'Name cannot contain line breaks',
  saved: 'Name saved',
  removed: 'Name removed: your address is shown instead',
} as const;

/** A name as typed: trimmed; blank means "no name" (null). */
export const memberNameSchema = z
  .string()
  .refine((name) => !/[\r\n]/.test(name), NAME_MESSAGES.lineBreak)
  .trim()
  .max(MAX_MEMBER_NAME, NAME_MESSAGES.tooLong)
  .nullish()
  .transform((name) => (name ? name : null));

/** The Account page's name form: `auth.changeName`. */
export const changeNameInputSchema = z.object({ name: memberNameSchema });

/** How the admin names a member: their name, or their address when they have none. */
export function memberLabel(member: { name: string | null; email: string }): string {
  return member.name ?? member.email;
}

/** What the admin names an action no member took: the app did it itself (decision 095). */
export const SYSTEM_NAME = 'System';

/**
 * Who did something, by the address a record keeps (decision 095): the member's name when
 * `names` has one for that address, the address otherwise, and "System" without an address.
 */
export function personLabel(
  email: string | null | undefined,
  names: Readonly<Record<string, string>>,
): string {
  if (!email) return SYSTEM_NAME;
  return names[email] ?? email;
}
