import { useEffect } from 'react';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { loadPasswordEstimator, newPasswordStrengthProblem } from '#shared/auth/password-strength.ts';
import { passwordSchema } from '#shared/auth/schemas.ts';
import { site } from '../../site.ts';

/** The first new-password rule a value breaks (the shared schema's message), or null. */
export function newPasswordError(value: string): string | null {
  const result = passwordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/**
 * The shared strength rule (decision 046), the server's own: run on submit, after the sync rules.
 * `email` is the account's address when the form knows it (the reset form does not; the server
 * checks it there).
 */
export function newPasswordStrengthError(value: string, email: string): Promise<string | null> {
  return newPasswordStrengthProblem(value, { email, siteName: site.name });
}

/**
 * Fetches the estimator's dictionaries (their own chunk, about 1 MB) while the person types, so
 * the check on submit is instant. Only forms that set a password call it; public pages never do.
 */
export function usePasswordEstimator(enabled = true): void {
  useEffect(() => {
    if (enabled) void loadPasswordEstimator().catch(() => undefined);
  }, [enabled]);
}

/** The confirmation field's check against the new password. */
export function confirmationError(value: string, password: string): string | null {
  return value === password ? null : AUTH_MESSAGES.passwordsDiffer;
}
