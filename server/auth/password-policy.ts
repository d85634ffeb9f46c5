import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { isCommonPassword } from './common-passwords.ts';

/**
 * Rules for a password someone is choosing (the length rules live in the shared schema, so the
 * form checks them too). Returns the message to show, or null when the password is acceptable.
 */
export function newPasswordProblem(password: string, email: string): string | null {
  if (isCommonPassword(password)) return AUTH_MESSAGES.commonPassword;
  const normalised = password.trim().toLowerCase();
  const address = email.trim().toLowerCase();
  if (normalised === address || normalised === address.split('@')[0]) return AUTH_MESSAGES.passwordIsEmail;
  return null;
}
