import { TRPCError } from '@trpc/server';
import { AUTH_MESSAGES } from '#shared/auth/messages.ts';
import { INVITATION_MESSAGES } from '#shared/team/schemas.ts';
import {
  acceptInvitationInputSchema,
  changePasswordInputSchema,
  invitationTokenInputSchema,
  twoFactorReauthInputSchema,
  twoFactorBeginInputSchema,
  endSessionInputSchema,
  passwordResetInputSchema,
  passwordResetRequestInputSchema,
  signInInputSchema,
  signUpInputSchema,
  twoFactorConfirmInputSchema,
  twoFactorSignInInputSchema,
} from '#shared/auth/schemas.ts';
import { changeNameInputSchema, NAME_MESSAGES } from '#shared/team/names.ts';
import { recordAudit } from '../../audit/audit.ts';
import { setUserName, userName } from '../../auth/users.ts';
import { inTransaction } from '../../db/database.ts';
import { recordThrottledRefusal } from '../../audit/refusals.ts';
import { AuthError, type AuthErrorKind } from '../../auth/errors.ts';
import { changePassword, requestPasswordReset, resetPassword } from '../../auth/password-reset.ts';
import {
  createSession,
  endUserSession,
  generateSessionToken,
  invalidateSession,
  listUserSessions,
} from '../../auth/session.ts';
import { acceptInvitation, invitationForToken } from '../../team/invitations.ts';
import { completeTwoFactorSignIn, signIn } from '../../auth/sign-in.ts';
import {
  beginEnrolment,
  checkReauthentication,
  confirmEnrolment,
  regenerateRecoveryCodes,
  removeTwoFactor,
  TWO_FACTOR_MANAGE_MESSAGES,
  twoFactorEnabled,
  twoFactorRequired,
} from '../../auth/two-factor.ts';
import { signUp } from '../../team/sign-up.ts';
import { readKnownDeviceCookie, writeKnownDeviceCookie } from '../../auth/known-device-cookie.ts';
import { clearSessionCookie, writeSessionCookie } from '../../http/session-cookie.ts';
import type { Context } from '../context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc.ts';

const STATUS: Record<AuthErrorKind, TRPCError['code']> = {
  invalid_credentials: 'UNAUTHORIZED',
  access_denied: 'FORBIDDEN',
  throttled: 'TOO_MANY_REQUESTS',
  weak_password: 'BAD_REQUEST',
  invalid_token: 'BAD_REQUEST',
  invited: 'CONFLICT',
};

function toTrpcError(error: unknown, ctx: Context): unknown {
  if (!(error instanceof AuthError)) return error;
  if (error.retryAfterSeconds !== null)
    void ctx.http?.res.header('retry-after', String(error.retryAfterSeconds));
  return new TRPCError({ code: STATUS[error.kind], message: error.message, cause: error });
}

type ReauthPurpose = 'newAuthenticator' | 'turnOff' | 'recoveryCodes';

/**
 * "Confirm it is you" before a 2FA change (decision 030). A wrong password or code leaves a row,
 * as a wrong current password does; a throttled caller's refusals share one row per window
 * (decision 028), so guessing cannot grow the log at will.
 */
async function reauthenticate(
  ctx: Context & { user: { id: string; email: string } },
  purpose: ReauthPurpose,
  proof: { password?: string | undefined; code?: string | undefined },
): Promise<void> {
  try {
    await checkReauthentication(ctx.db, ctx.user.id, proof);
  } catch (error) {
    if (error instanceof AuthError && (error.kind === 'invalid_credentials' || error.kind === 'throttled')) {
      const actor = { id: ctx.user.id, email: ctx.user.email, ip: ctx.request.ip };
      const entry = {
        action: 'auth.reauthenticationFailed' as const,
        entityType: 'user',
        entityId: ctx.user.id,
        summary: { purpose, proof: proof.code ? 'code' : 'password', reason: error.kind },
      };
      await (error.kind === 'throttled'
        ? recordThrottledRefusal(ctx.db, actor, entry)
        : recordAudit(ctx.db, actor, entry));
    }
    throw error;
  }
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
      // Sign-in writes its own audit rows, each with what it changed (decisions 028, 030).
      const result = await signIn(ctx, input, client);
      if (result.kind === 'twoFactor')
        return { twoFactorRequired: true as const, email: result.email, pendingToken: result.pendingToken };
      if (ctx.http) {
        writeSessionCookie(ctx.http.res, ctx.config, result.token, result.expiresAt);
        writeKnownDeviceCookie(ctx.http.res, ctx.config, result.deviceToken);
      }
      return {
        email: result.user.email,
        isAdmin: result.user.role !== null,
        role: result.user.role,
        // A member without 2FA signed in with the password alone: the Owner's rule may send them to enrolment.
        mustEnrolTwoFactor: await twoFactorRequired(ctx.db),
      };
    } catch (error) {
      // A refused non-admin leaves with no session at all (docs/spec/admin.md §4: "signed out").
      if (error instanceof AuthError && error.kind === 'access_denied' && ctx.http)
        clearSessionCookie(ctx.http.res, ctx.config);
      throw toTrpcError(error, ctx);
    }
  }),

  /** Sign-in's second step: the code (or a recovery code) after the password (decision 029). */
  verifyTwoFactor: publicProcedure.input(twoFactorSignInInputSchema).mutation(async ({ ctx, input }) => {
    const client = { ...ctx.request, deviceToken: null, currentSessionId: ctx.session?.id ?? null };
    try {
      // The spent code, the session and the audit row commit together (decision 030).
      const result = await completeTwoFactorSignIn(ctx, input, client);
      if (ctx.http) {
        writeSessionCookie(ctx.http.res, ctx.config, result.token, result.expiresAt);
        writeKnownDeviceCookie(ctx.http.res, ctx.config, result.deviceToken);
      }
      return { email: result.user.email, isAdmin: true, role: result.user.role, mustEnrolTwoFactor: false };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /**
   * Account menu → two-factor: a new secret and its QR code, drawn on the server (decision 029).
   * Replacing an authenticator in use needs the password or a current code first, so a stolen
   * session cannot swap the member's factor for its own (decision 030).
   */
  beginTwoFactor: authedProcedure.input(twoFactorBeginInputSchema).mutation(async ({ ctx, input }) => {
    if (!ctx.user.role) throw new TRPCError({ code: 'FORBIDDEN', message: AUTH_MESSAGES.accessDenied });
    const user = ctx.user;
    const proof = input?.code ? 'code' : input?.password ? 'password' : null;
    try {
      if (await twoFactorEnabled(ctx.db, user.id)) {
        if (!proof)
          throw new TRPCError({ code: 'BAD_REQUEST', message: TWO_FACTOR_MANAGE_MESSAGES.proofNeeded });
        // Outside the transaction below: a wrong password or code must stay charged to the throttle.
        await reauthenticate(ctx, 'newAuthenticator', input ?? {});
      }
      // The new secret and its audit row commit together (decision 030).
      return await ctx.db.transaction().execute(async (trx) => {
        // A factor already on stays on until the new one is confirmed (decision 029).
        const enrolment = await beginEnrolment(trx, user, ctx.config.site.name);
        // 2FA turned on between the check above and here (a parallel confirm): no proof was
        // checked, so roll the new pending secret back.
        if (enrolment.replacing && !proof)
          throw new TRPCError({ code: 'BAD_REQUEST', message: TWO_FACTOR_MANAGE_MESSAGES.proofNeeded });
        await recordAudit(
          trx,
          { id: user.id, email: user.email, ip: ctx.request.ip },
          {
            action: 'auth.twoFactorEnrolmentStarted',
            entityType: 'user',
            entityId: user.id,
            summary: enrolment.replacing
              ? { twoFactor: 'on (unchanged until the new authenticator is confirmed)', proof }
              : { twoFactor: 'off' },
          },
        );
        return enrolment;
      });
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /** The first code turns 2FA on; the 10 recovery codes are answered once and kept only hashed. */
  confirmTwoFactor: authedProcedure.input(twoFactorConfirmInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const user = ctx.user;
      const recoveryCodes = await confirmEnrolment(ctx.db, user.id, input.code, (trx, { replaced }) =>
        recordAudit(
          trx,
          { id: user.id, email: user.email, ip: ctx.request.ip },
          {
            action: replaced ? 'auth.twoFactorReplaced' : 'auth.twoFactorEnabled',
            entityType: 'user',
            entityId: user.id,
            summary: {
              changes: replaced
                ? { authenticator: 'changed', recoveryCodes: 'changed' }
                : { twoFactor: { before: 'off', after: 'on' }, recoveryCodes: 'changed' },
            },
          },
        ),
      );
      return { recoveryCodes };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /** Account → sessions: this member's devices, and ending any of them (decision 043). */
  sessions: authedProcedure.query(({ ctx }) => listUserSessions(ctx.db, ctx.user.id, ctx.session.id)),

  endSession: authedProcedure.input(endSessionInputSchema).mutation(async ({ ctx, input }) => {
    const user = ctx.user;
    const ended = await ctx.db.transaction().execute(async (trx) => {
      const done = await endUserSession(trx, user.id, input.id);
      if (done)
        await recordAudit(
          trx,
          { id: user.id, email: user.email, ip: ctx.request.ip },
          { action: 'auth.endSession', entityType: 'session', entityId: input.id.slice(0, 12) },
        );
      return done;
    });
    if (ended && input.id === ctx.session.id && ctx.http) clearSessionCookie(ctx.http.res, ctx.config);
    return { ended };
  }),

  twoFactorStatus: authedProcedure.query(async ({ ctx }) => ({
    enabled: await twoFactorEnabled(ctx.db, ctx.user.id),
    required: await twoFactorRequired(ctx.db),
  })),

  /** Account → turn 2FA off, with the password or a current code (decision 030). */
  disableTwoFactor: authedProcedure.input(twoFactorReauthInputSchema).mutation(async ({ ctx, input }) => {
    try {
      if (await twoFactorRequired(ctx.db))
        throw new TRPCError({ code: 'CONFLICT', message: TWO_FACTOR_MANAGE_MESSAGES.requiredByOwner });
      await reauthenticate(ctx, 'turnOff', input);
      await ctx.db.transaction().execute(async (trx) => {
        if (!(await removeTwoFactor(trx, ctx.user.id)))
          throw new AuthError('invalid_token', TWO_FACTOR_MANAGE_MESSAGES.notEnabled);
        await recordAudit(
          trx,
          { id: ctx.user.id, email: ctx.user.email, ip: ctx.request.ip },
          {
            action: 'auth.twoFactorDisabled',
            entityType: 'user',
            entityId: ctx.user.id,
            summary: {
              proof: input.code ? 'code' : 'password',
              changes: { twoFactor: { before: 'on', after: 'off' }, recoveryCodes: 'changed' },
            },
          },
        );
      });
      return { enabled: false as const };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /** Account → ten new recovery codes, the old ones void (decision 030). */
  regenerateRecoveryCodes: authedProcedure
    .input(twoFactorReauthInputSchema)
    .mutation(async ({ ctx, input }) => {
      try {
        await reauthenticate(ctx, 'recoveryCodes', input);
        const recoveryCodes = await ctx.db.transaction().execute(async (trx) => {
          const codes = await regenerateRecoveryCodes(trx, ctx.user.id);
          await recordAudit(
            trx,
            { id: ctx.user.id, email: ctx.user.email, ip: ctx.request.ip },
            { action: 'auth.recoveryCodesRegenerated', entityType: 'user', entityId: ctx.user.id },
          );
          return codes;
        });
        return { recoveryCodes };
      } catch (error) {
        throw toTrpcError(error, ctx);
      }
    }),

  /** The invitation page: which address and role a link invites (decision 030). */
  invitation: publicProcedure.input(invitationTokenInputSchema).query(async ({ ctx, input }) => {
    const invitation = await invitationForToken(ctx.db, input.token);
    if (!invitation) throw new TRPCError({ code: 'NOT_FOUND', message: INVITATION_MESSAGES.linkInvalid });
    return invitation;
  }),

  /** Accepting sets the password, makes the member and signs them in, audited in one transaction. */
  acceptInvitation: publicProcedure.input(acceptInvitationInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const token = generateSessionToken();
      const { user, session } = await ctx.db.transaction().execute(async (trx) => {
        const member = await acceptInvitation(trx, { ...input, siteName: ctx.config.site.name });
        if (ctx.session) await invalidateSession(trx, ctx.session.id);
        const created = await createSession(trx, token, member.id, ctx.request);
        await recordAudit(
          trx,
          { id: member.id, email: member.email, ip: ctx.request.ip },
          {
            action: 'auth.invitationAccepted',
            entityType: 'invitation',
            entityId: member.invitationId,
            summary: { role: member.role },
          },
        );
        return { user: member, session: created };
      });
      if (ctx.http) writeSessionCookie(ctx.http.res, ctx.config, token, session.expiresAt);
      return {
        message: INVITATION_MESSAGES.accepted,
        email: user.email,
        role: user.role,
        mustEnrolTwoFactor: await twoFactorRequired(ctx.db),
      };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  signOut: publicProcedure.mutation(async ({ ctx }) => {
    const { session, user } = ctx;
    // Ending the session and its audit row commit together (decision 030).
    if (session)
      await ctx.db.transaction().execute(async (trx) => {
        await invalidateSession(trx, session.id);
        await recordAudit(
          trx,
          { id: user?.id ?? null, email: user?.email ?? null, ip: ctx.request.ip },
          { action: 'auth.signOut', entityType: 'session', entityId: session.id.slice(0, 12) },
        );
      });
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
      // The new password, the ended sessions and the audit row commit together (decision 030).
      await resetPassword(ctx, input, (trx, user, sessionsEnded) =>
        recordAudit(
          trx,
          { id: user.id, email: user.email, ip: ctx.request.ip },
          { action: 'auth.resetPassword', entityType: 'user', entityId: user.id, summary: { sessionsEnded } },
        ),
      );
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
    // The reset ended every session, this browser's included.
    if (ctx.http) clearSessionCookie(ctx.http.res, ctx.config);
    return { message: AUTH_MESSAGES.passwordReset };
  }),

  changePassword: authedProcedure.input(changePasswordInputSchema).mutation(async ({ ctx, input }) => {
    try {
      const { sessionsEnded } = await changePassword(
        ctx.db,
        ctx.config.site.name,
        ctx.user,
        ctx.session.id,
        input,
        (trx, user, ended) =>
          recordAudit(
            trx,
            { id: user.id, email: user.email, ip: ctx.request.ip },
            {
              action: 'auth.changePassword',
              entityType: 'user',
              entityId: user.id,
              summary: { sessionsEnded: ended },
            },
          ),
        (refusal) => {
          // A wrong current password is a row of its own; a throttled caller's refusals share
          // one row per window (decision 028).
          const actor = { id: ctx.user.id, email: ctx.user.email, ip: ctx.request.ip };
          const entry = {
            action: 'auth.changePasswordFailed' as const,
            entityType: 'user',
            entityId: ctx.user.id,
            summary: { reason: refusal.kind },
          };
          return refusal.kind === 'throttled'
            ? recordThrottledRefusal(ctx.db, actor, entry)
            : recordAudit(ctx.db, actor, entry);
        },
      );
      return { message: AUTH_MESSAGES.passwordChanged, sessionsEnded };
    } catch (error) {
      throw toTrpcError(error, ctx);
    }
  }),

  /**
   * The member's display name (decision 057), set or (blank) removed on the Account page; audited
   * as every account change is, without the name itself (a flag says whether one is set).
   */
  changeName: authedProcedure.input(changeNameInputSchema).mutation(async ({ ctx, input }) => {
    await inTransaction(ctx.db, async (trx) => {
      await setUserName(trx, ctx.user.id, input.name);
      await recordAudit(
        trx,
        { id: ctx.user.id, email: ctx.user.email, ip: ctx.request.ip },
        {
          action: 'auth.changeName',
          entityType: 'user',
          entityId: ctx.user.id,
          summary: { named: input.name !== null },
        },
      );
    });
    return { name: input.name, message: input.name === null ? NAME_MESSAGES.removed : NAME_MESSAGES.saved };
  }),

  /** The signed-in user, or null: the admin guard's single source of truth. */
  me: publicProcedure.query(async ({ ctx }) =>
    ctx.user
      ? {
          email: ctx.user.email,
          // Decision 057: null without one; the admin shows the address then.
          name: await userName(ctx.db, ctx.user.id),
          isAdmin: ctx.user.role !== null,
          role: ctx.user.role,
          mustEnrolTwoFactor: ctx.user.mustEnrolTwoFactor ?? false,
        }
      : null,
  ),
});
