import { AUTH_MESSAGES, signInThrottledMessage } from '#shared/auth/messages.ts';

export type AuthErrorKind =
  | 'invalid_credentials'
  | 'access_denied'
  | 'throttled'
  | 'weak_password'
  /** A password reset link that is forged, expired or already used. */
  | 'invalid_token'
  /** Sign-up with an address that has an open invitation (decision 047). */
  | 'invited';

/** A refusal the user may see as is; the tRPC layer maps the kind to a status. */
export class AuthError extends Error {
  override name = 'AuthError';
  readonly kind: AuthErrorKind;
  readonly retryAfterSeconds: number | null;

  constructor(kind: AuthErrorKind, message: string, retryAfterSeconds: number | null = null) {
    super(message);
    this.kind = kind;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

// One constructor per refusal, so unknown-user and wrong-password failures are the same object
// built at the same place: nothing in the answer (message, status, even a dev stack) differs.
export function invalidCredentials(): AuthError {
  return new AuthError('invalid_credentials', AUTH_MESSAGES.invalidCredentials);
}

export function accessDenied(): AuthError {
  return new AuthError('access_denied', AUTH_MESSAGES.accessDenied);
}

export function signInThrottled(retryAfterSeconds: number): AuthError {
  return new AuthError('throttled', signInThrottledMessage(retryAfterSeconds), retryAfterSeconds);
}
