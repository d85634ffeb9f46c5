import { z } from 'zod';

/**
 * A password someone chooses now: at least 12 characters (OWASP ASVS 5, V6.2.1), plus the
 * strength rule of decision 046 (server and forms). Passwords chosen under the old 6-character rule still sign in.
 */
export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be less than 255 characters')
  .pipe(z.email('Please enter a valid email address'));

/** A new password (sign-up, reset, change, `npm run admin -- create`). */
export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/**
 * A password being checked, which may predate the 12-character rule: the admin spec's sign-in form
 * rule (required, at least 6) still applies.
 */
export const SIGN_IN_PASSWORD_MIN = 6;
export const currentPasswordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(SIGN_IN_PASSWORD_MIN, `Password must be at least ${SIGN_IN_PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

/** Sign-in checks a password that exists; sign-up (and `npm run admin -- create`) chooses one. */
export const signInInputSchema = z.object({ email: emailSchema, password: currentPasswordSchema });
export const signUpInputSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof signUpInputSchema>;

export const passwordResetRequestInputSchema = z.object({ email: emailSchema });

export const passwordResetInputSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

export const changePasswordInputSchema = z.object({
  currentPassword: currentPasswordSchema,
  newPassword: passwordSchema,
});

/** Sign-in's second step (decision 029): the signed token from the password step and a code. */
export const twoFactorSignInInputSchema = z.object({
  pendingToken: z.string().min(1).max(200),
  code: z.string().trim().min(1, 'Enter the code from your authenticator app').max(32),
});

/** Turning 2FA on: the first code from the newly added authenticator. */
export const twoFactorConfirmInputSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'),
});

/** Account → sessions: end one of your own sessions by its id (the token's SHA-256, not the token). */
export const endSessionInputSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'Unknown session') });

/** Accepting a team invitation (decision 030): the link's token and the password chosen. */
export const invitationTokenInputSchema = z.object({ token: z.string().min(1).max(200) });
export const acceptInvitationInputSchema = invitationTokenInputSchema.extend({ password: passwordSchema });

/**
 * Turning 2FA off or new recovery codes ask for proof again (decision 030): the password or a
 * current code (or an unused recovery code).
 */
export const twoFactorReauthInputSchema = z
  .object({
    password: currentPasswordSchema.optional(),
    code: z.string().trim().min(1).max(32).optional(),
  })
  .refine((input) => Boolean(input.password ?? input.code), {
    message: 'Enter your password or a code from your authenticator app',
    path: ['password'],
  });

/**
 * Starting an enrolment (decision 029). The proof is optional here: a first enrolment (2FA off,
 * e.g. the enrolment gate) needs none; replacing an authenticator in use needs the password or a
 * current code / unused recovery code, which the server demands when 2FA is on (decision 030).
 */
export const twoFactorBeginInputSchema = z
  .object({
    password: currentPasswordSchema.optional(),
    code: z.string().trim().min(1).max(32).optional(),
  })
  .optional();
