import { z } from 'zod';

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 256;

export const emailSchema = z
  .string()
  .trim()
  .min(1, 'Email is required')
  .max(255, 'Email must be less than 255 characters')
  .pipe(z.email('Please enter a valid email address'));

export const passwordSchema = z
  .string()
  .min(1, 'Password is required')
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const credentialsSchema = z.object({ email: emailSchema, password: passwordSchema });
export type Credentials = z.infer<typeof credentialsSchema>;

/** `auth.signIn` and `auth.signUp` take the same fields; the admin login form validates with it too. */
export const signInInputSchema = credentialsSchema;
export const signUpInputSchema = credentialsSchema;

export const passwordResetRequestInputSchema = z.object({ email: emailSchema });

export const passwordResetInputSchema = z.object({
  token: z.string().min(1).max(200),
  password: passwordSchema,
});

export const changePasswordInputSchema = z.object({
  currentPassword: z.string().min(1, 'Current password is required').max(PASSWORD_MAX),
  newPassword: passwordSchema,
});
