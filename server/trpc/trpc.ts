import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '#shared/text-safety.ts';
import { hasAnyPermission, type Permission } from '#shared/auth/permissions.ts';
import type { AuditAction } from '#shared/audit/actions.ts';
import { inActionTransaction } from '../audit/action-transaction.ts';
import { auditSummary, recordAudit, withoutPersonalData } from '../audit/audit.ts';
import { changedFields, describesCreation, snapshotFor } from '../audit/changes.ts';
import { internalErrorMessage } from '../http/errors.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { TWO_FACTOR_ENROLMENT_REQUIRED } from '#shared/auth/messages.ts';
import type { Context } from './context.ts';

// The only place tRPC is initialised. `t` stays private: procedures are built from the three
// base procedures below, so no route can forget its access check.
/** Each admin procedure names the permission it needs (decision 027): tests and audits read it. */
export interface ProcedureMeta {
  /** A list is "any one of them" (e.g. templates: marketing or reply writers, decision 027). */
  permission?: Permission | readonly Permission[];
  /**
   * Input fields holding personal data (a name, address or phone, or free text typed about a
   * person): the audit row names them, never their values (decision 036). A dotted name reaches
   * into a nested object. Every mutation that takes such a field must list it.
   */
  personalInput?: readonly string[];
}

/**
 * Errors the runtime itself throws (a stack overflow, a property of undefined, JSON it could not
 * read). tRPC answers an input parser's throw as a 400 carrying the cause's message; a runtime's
 * text says how the server is built and nothing the caller can act on (decision 068).
 */
const RUNTIME_ERRORS = [RangeError, TypeError, SyntaxError, ReferenceError, EvalError, URIError];

/** What a refused request says when the only text there is is the runtime's. */
export const UNREADABLE_REQUEST_MESSAGE = 'The request could not be read. Check what was sent and try again.';

const isRuntimeError = (cause: unknown) => RUNTIME_ERRORS.some((kind) => cause instanceof kind);

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Subscriptions (SSE): a comment line every 15 s keeps proxies from closing an idle stream, and a
    // client that hears nothing for 45 s (a half-open connection) reconnects.
    sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 45_000 } },
    // No answer carries a stack, in any mode: the log has it, with the request id the answer names
    // (docs/decisions/015).
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const cause = error.cause;
      // An unexpected error says nothing about the server (no driver message, path or stack): a
      // generic sentence and the request id, which the log line carries with the details.
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const requestId = ctx?.http?.req.id ?? null;
      const runtime = !internal && isRuntimeError(cause);
      return {
        ...shape,
        message: internal
          ? internalErrorMessage(requestId)
          : runtime
            ? UNREADABLE_REQUEST_MESSAGE
            : shape.message,
        data: {
          ...shape.data,
          // Only an unexpected error names its request: other answers stay identical across requests.
          ...(internal ? { requestId } : {}),
          // Field messages for forms: { fieldName: ['first message', ...] }.
          fieldErrors: cause instanceof ZodError ? z.flattenError(cause).fieldErrors : null,
        },
      };
    },
  });

export const router = t.router;

export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure first refuses input that PostgreSQL could not store (NUL, broken Unicode): a 400
 * naming the problem rather than a 500 from the driver (decision 015).
 */
export const publicProcedure = t.procedure.use(async ({ getRawInput, next }) => {
  // A body that is not JSON at all is left to the procedure: one without input ignores it, one
  // with input answers 400 as tRPC always did.
  const raw = await getRawInput().catch(() => undefined);
  if (hasUnstorableText(raw)) throw new TRPCError({ code: 'BAD_REQUEST', message: UNSTORABLE_TEXT_MESSAGE });
  return next();
});

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in.' });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

const memberProcedure = authedProcedure.use(({ ctx, next }) => {
  const role = ctx.user.role;
  if (!role) throw new TRPCError({ code: 'FORBIDDEN', message: 'Access denied. Admin privileges required.' });
  // The Owner's rule (decision 030): the server refuses the admin, not only the client's redirect.
  if (ctx.user.mustEnrolTwoFactor)
    throw new TRPCError({ code: 'FORBIDDEN', message: TWO_FACTOR_ENROLMENT_REQUIRED });
  return next({ ctx: { ...ctx, user: { ...ctx.user, role } } });
});

/**
 * Every admin mutation that succeeds leaves an audit row (decision 028), written in the same
 * transaction as the action (decision 030): who, from where, the procedure, the record's id when
 * the input names one, the input's fields without secrets or long bodies, and for an update the
 * fields that changed, read before and after. A failed or refused action leaves no row and no
 * change. Part of every requirePermission procedure; the router walk checks each mutation has it.
 */
export const auditMutation = t.middleware(async ({ ctx, type, path, getRawInput, meta, next }) => {
  if (type !== 'mutation' || !ctx.user) return next();
  const user = ctx.user;
  const input = withoutPersonalData(await getRawInput().catch(() => undefined), meta?.personalInput);
  const id = input && typeof input === 'object' && 'id' in input ? input.id : undefined;
  const segments = path.split('.');
  const entityType = segments.length > 2 ? (segments[1] ?? null) : null;
  return inActionTransaction(
    ctx.db,
    async (trx) => {
      const before = await snapshotFor(trx, path, entityType, id);
      // Jobs enqueued by the action exist only if it commits, like its other writes.
      const jobs: JobQueue = {
        send: (name, payload, options = {}) => ctx.jobs.send(name, payload, { trx, ...options }),
      };
      // The procedure's database is the transaction: what it calls runs in it, and a function that
      // would open its own transaction joins this one instead (inTransaction).
      const result = await next({ ctx: { ...ctx, db: trx, jobs } });
      // An action that answered with an error rolls back whatever it wrote, and leaves no row.
      if (!result.ok) return result;
      const afterId = id ?? (describesCreation(path) ? auditedEntityId(result.data) : undefined);
      const changes = changedFields(before, await snapshotFor(trx, path, entityType, afterId));
      await recordAudit(
        trx,
        { id: user.id, email: user.email, ip: ctx.request.ip },
        {
          // Every admin mutation's path is one of AUDIT_ACTIONS: the router walk checks it
          // (server/audit/audit-actions.test.ts), so the log has a sentence for it.
          action: path as AuditAction,
          entityType,
          entityId:
            typeof id === 'string' || typeof id === 'number' ? String(id) : auditedEntityId(result.data),
          summary: { input: auditSummary(input), ...(changes ? { changes } : {}) },
        },
      );
      return result;
    },
    (result) => result.ok,
  );
});

/** A created record's id, when the procedure answers with one (create, duplicate). */
function auditedEntityId(data: unknown): string | null {
  if (!data || typeof data !== 'object' || !('id' in data)) return null;
  return typeof data.id === 'string' ? data.id : null;
}

/**
 * A procedure for team members whose role grants `permission` (shared/auth/permissions.ts), or
 * any one of a list of them. The permission is also the procedure's meta, so the router-walking
 * tests know what each one needs.
 */
export function requirePermission(
  permission: Permission | readonly Permission[],
  options: { personalInput?: readonly string[] } = {},
) {
  return memberProcedure
    .meta({ permission, ...options })
    .use(({ ctx, next }) => {
      if (!hasAnyPermission(ctx.user.role, permission))
        throw new TRPCError({ code: 'FORBIDDEN', message: 'Your role does not allow this.' });
      return next({ ctx });
    })
    .use(auditMutation);
}

/**
 * An admin procedure that names no permission is the Owner's alone (decision 027): a router added
 * without a mapping is never open to weaker roles. Map it with requirePermission instead.
 */
export const ownerProcedure = requirePermission('team.manage');
