import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionUser, type ValidatedSession, validateSessionToken } from '../auth/session.ts';
import { readSessionCookie, writeSessionCookie } from '../http/session-cookie.ts';
import type { AppServices } from '../services.ts';

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface Context extends AppServices {
  request: RequestInfo;
  session: ValidatedSession | null;
  user: SessionUser | null;
  /** Present for HTTP calls; absent for server-side callers (tests, scripts). */
  http: { req: FastifyRequest; res: FastifyReply } | null;
}

export function requestInfo(req: FastifyRequest): RequestInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}

type ValidatedRequestSession = Awaited<ReturnType<typeof validateSessionToken>>;

const requestSessions = new WeakMap<FastifyRequest, Promise<ValidatedRequestSession>>();

/**
 * The request's session cookie, validated once per request: the batch limit and the context both
 * ask, and only a session that validates counts. A cookie's mere presence is no sign-in (any
 * client can send `session=x`).
 */
export function requestSession(
  services: Pick<AppServices, 'db' | 'config'>,
  req: FastifyRequest,
): Promise<ValidatedRequestSession> {
  let validated = requestSessions.get(req);
  if (!validated) {
    const token = readSessionCookie(req, services.config);
    validated = token ? validateSessionToken(services.db, token) : Promise.resolve(null);
    requestSessions.set(req, validated);
  }
  return validated;
}

export function createContextFactory(services: AppServices) {
  return async function createContext({ req, res }: CreateFastifyContextOptions): Promise<Context> {
    const token = readSessionCookie(req, services.config);
    const validated = await requestSession(services, req);
    if (validated?.session.refreshed && token)
      writeSessionCookie(res, services.config, token, validated.session.expiresAt);
    return {
      ...services,
      request: requestInfo(req),
      session: validated?.session ?? null,
      user: validated?.user ?? null,
      http: { req, res },
    };
  };
}
