// What other features may use of auth/ (decision 049): they import this file, never its others.
export { requireAdminSession } from './admin-session.ts';
export { accountExistsEmail, invitationEmail, verificationEmail } from './auth-emails.ts';
export { AuthError } from './errors.ts';
export { SIGN_UP_IP_RULE } from './login-throttle.ts';
export { newPasswordProblem } from './password-policy.ts';
export { hashPassword } from './password.ts';
export { invalidateUserSessions } from './session.ts';
export { removeTwoFactor } from './two-factor.ts';
export { createUser, findUserByEmail, UserExistsError } from './users.ts';
