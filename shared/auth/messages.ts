/** User-facing texts of the admin sign-in flow, shared so the server and the screens never drift apart. */
export const AUTH_MESSAGES = {
  signUpSuccess:
    'Account created! Please check your email to verify your account, then contact your administrator to grant admin access.',
  accessDenied: 'Access denied. Admin privileges required.',
  emailNotVerified:
    'Please verify your email address first: open the link in the verification e-mail we sent you, then sign in.',
  invalidCredentials: 'Invalid email or password',
  genericError: 'An error occurred',
  weakPassword:
    'This password is too easy to guess. Use a longer one: several unrelated words, or add uncommon words or characters.',
  /** The hint under every new-password field (decision 046). */
  newPasswordHint: 'At least 12 characters and hard to guess: several unrelated words work well.',
  passwordIsEmail: 'Password must not be your email address.',
  signUpThrottled: 'Too many sign-up attempts from your network. Please try again later.',
  emailVerified:
    'Your email address is verified. An administrator must still grant you admin access before you can sign in.',
  resetRequested:
    'If an account exists for that address, we have sent it a link to reset the password. The link is valid for 1 hour.',
  resetThrottled: 'Too many password reset requests from your network. Please try again later.',
  resetLinkInvalid:
    'This password reset link is invalid, has expired or has already been used. Ask for a new one.',
  passwordReset:
    'Your password has been changed and every session signed out. Sign in with the new password.',
  currentPasswordWrong: 'The current password is not correct.',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  passwordsDiffer: 'The passwords do not match',
  verificationInvalid:
    'This verification link is invalid or has expired. Sign up again with the same email to receive a new link.',
} as const;

/** The server's answer to a member who must set up 2FA before using the admin (decision 030). */
export const TWO_FACTOR_ENROLMENT_REQUIRED =
  'The Owner requires two-factor sign-in: set it up on your Account page before using the admin.';

/** "Too many failed sign-in attempts. Please try again in 12 minutes." */
export function signInThrottledMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
