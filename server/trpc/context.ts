import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type SessionUser, type ValidatedSession, validateSessionToken } from '../auth/session.ts';
import { type RequestInfo, requestInfo } from '../http/request-info.ts';
import { readSessionCookie, writeSessionCookie } from '../http/session-cookie.ts';
import type { AppServices } from '../services.ts';

export interface Context extends AppServices {
  request: RequestInfo;
  session: ValidatedSession | null;
  user: SessionUser | null;
  /** Present for HTTP calls; absent for server-side callers (tests, scripts). */
  http: { req: FastifyRequest; res: FastifyReply } | null;
}

export function createContextFactory(services: AppServices) {
  return async function createContext({ req, res }: CreateFastifyContextOptions): Promise<Context> {
    const token = readSessionCookie(req, services.config);
    // A cookie's mere presence is no sign-in (any client can send `session=x`): only a session
    // that validates counts, for the batch limit too (server/app.ts).
    const validated = token ? await validateSessionToken(services.db, token) : null;
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
