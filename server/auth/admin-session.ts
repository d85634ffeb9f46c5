import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasAnyPermission, type Permission } from '#shared/auth/permissions.ts';
import { type SessionUser, validateSessionToken } from './session.ts';
import type { AppServices } from '../services.ts';
import { readSessionCookie, writeSessionCookie } from '../http/session-cookie.ts';

/**
 * The tRPC requirePermission check for plain HTTP routes: a valid session cookie (re-issued when its
 * expiry slides) of a member whose role grants `permission` (decision 027). Otherwise answers 401 or
 * 403 and returns null.
 */
export async function requireAdminSession(
  services: Pick<AppServices, 'db' | 'config'>,
  req: FastifyRequest,
  reply: FastifyReply,
  /** One permission, or a list of which any one will do. */
  permission: Permission | readonly Permission[],
): Promise<SessionUser | null> {
  const token = readSessionCookie(req, services.config);
  const validated = token ? await validateSessionToken(services.db, token) : null;
  if (!validated) {
    await reply.code(401).send({ error: 'Please sign in.' });
    return null;
  }
  if (validated.session.refreshed && token)
    writeSessionCookie(reply, services.config, token, validated.session.expiresAt);
  if (!hasAnyPermission(validated.user.role, permission) || validated.user.mustEnrolTwoFactor) {
    await reply.code(403).send({ error: 'Access denied. Admin privileges required.' });
    return null;
  }
  return validated.user;
}
