import { newPasswordStrengthProblem } from '#shared/auth/password-strength.ts';

/**
 * Rules for a password someone is choosing (the length rules live in the shared schema, so the
 * form checks them too): the shared strength rule (decision 046), with the site's name and the
 * account's address as words a guesser tries first. The client's forms apply the same rule.
 * Returns the message to show, or null when the password is acceptable.
 */
export function newPasswordProblem(
  password: string,
  email: string,
  siteName: string,
): Promise<string | null> {
  return newPasswordStrengthProblem(password, { email, siteName });
}
