import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { passwordSchema } from '#shared/auth/schemas.ts';

/** The first new-password rule a value breaks (the shared schema's message), or null. */
export function newPasswordError(value: string): string | null {
  const result = passwordSchema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? null);
}

/** The confirmation field's check against the new password. */
export function confirmationError(value: string, password: string): string | null {
  return value === password ? null : AUTH_MESSAGES.passwordsDiffer;
}
