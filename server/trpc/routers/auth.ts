import { TRPCError } from '@trpc/server';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import {
  changePasswordInputSchema,
  passwordResetInputSchema,
  passwordResetRequestInputSchema,
  signInInputSchema,
  signUpInputSchema,
} from '#shared/auth/schemas.ts';
import { recordAudit } from '../../audit/audit.ts';
import { AuthError, type AuthErrorKind } from '../../auth/errors.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../../auth/password-reset.ts';
import { invalidateSession } from '../../auth/session.ts';
import { signIn } from '../../auth/sign-in.ts';
import { signUp } from '../../auth/sign-up.ts';
import { readKnownDeviceCookie, writeKnownDeviceCookie } from '../../http/known-device-cookie.ts';
import { clearSessionCookie, writeSessionCookie } from '../../http/session-cookie.ts';
import type { Context } from '../context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

const STATUS: Record<AuthErrorKind, TRPCError['code']> = {
  invalid_credentials: 'UNAUTHORIZED',
  access_denied: 'FORBIDDEN',
  throttled: 'TOO_MANY_REQUESTS',
  weak_password: 'BAD_REQUEST',
  invalid_token: 'BAD_REQUEST',
};

function toTrpcError(error: unknown, ctx: Context): unknown {
  if (!(error instanceof AuthError)) return error;
  if (error.retryAfterSeconds !== null)
    void ctx.http?.res.header('retry-after', String(error.retryAfterSeconds));
  return new TRPCError({ code: STATUS[error.kind], message: error.message, cause: error });
}

export const authRouter = router({
  /** Anyone may sign up; the answer never says whether the address already had an account. */
  signUp: publicProcedure.input(signUpInputSchema).mutation(async ({ ctx, input }) => {
    try {
      await signUp(ctx, input, { ip: ctx.request.ip });
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
    return { message: AUTH_MESSAGES.signUpSuccess };
  }),

  signIn: publicProcedure.input(signInInputSchema).mutation(async ({ ctx, input }) => {
    const client = {
      ...ctx.request,
      deviceToken: ctx.http ? readKnownDeviceCookie(ctx.http.req, ctx.config) : null,
      currentSessionId: ctx.session?.id ?? null,
    };
    try {
      const result = await signIn(ctx, input, client);
      await recordAudit(
        ctx.db,
        { id: result.user.id, email: result.user.email, ip: ctx.request.ip },
        { action: 'auth.signIn', entityType: 'user', entityId: result.user.id },
      );
      if (ctx.http) {
        writeSessionCookie(ctx.http.res, ctx.config, result.token, result.expiresAt);
        writeKnownDeviceCookie(ctx.http.res, ctx.config, result.deviceToken);
      }
      return { email: result.user.email, isAdmin: result.user.role !== null, role: result.user.role };
    } catch (error) {
      // Failed sign-ins are audited with the address typed, never the password (decision 025).
      if (error instanceof AuthError)
        await recordAudit(
          ctx.db,
          { id: null, email: null, ip: ctx.request.ip },
          { action: 'auth.signInFailed', summary: { email: input.email, reason: error.kind } },
        );
      // A refused non-admin leaves with no session at all (docs/spec/admin.md §4: "signed out").
      if (error instanceof AuthError && error.kind === 'access_denied' && ctx.http)
        clearSessionCookie(ctx.http.res, ctx.config);
      throw toTrpcError(error, ctx);
    }
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await invalidateSession(ctx.db, ctx.session.id);
    if (ctx.http) clearSessionCookie(ctx.http.res, ctx.config);
    return { signedOut: true as const };
  }),

  /** "Forgot password?": the same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestInputSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        await requestPasswordReset(ctx, input.email, { ip: ctx.request.ip });
      } catch (error) {
        throw toTrpcError(error, ctx);
      }
      return { message: AUTH_MESSAGES.resetRequested };
    }),

  resetPassword: publicProcedure.input(passwordResetInputSchema).mutation(async ({ ctx, input }) => {
    try {
      await resetPassword(ctx, input);
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
    // The reset ended every session, this browser's included.
    if (ctx.http) clearSessionCookie(ctx.http.res, ctx.config);
    return { message: AUTH_MESSAGES.passwordReset };
  }),

  changePassword: authedProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const { sessionsEnded } = await changePassword(ctx.db, ctx.user, ctx.session.id, input);
      return { message: AUTH_MESSAGES.passwordChanged, sessionsEnded };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /** The signed-in user, or null: the admin guard's single source of truth. */
  me: publicProcedure.query(({ ctx }) =>
    ctx.user ? { email: ctx.user.email, isAdmin: ctx.user.role !== null, role: ctx.user.role } : null,
  ),
});
