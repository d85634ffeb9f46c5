import type { FastifyRequest } from 'fastify';

/**
 * The facts about a request that domain code records (consent evidence, unsubscribe logs): kept
 * in the HTTP layer so features take them without importing the tRPC context (decision 049).
 */
export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export function requestInfo(req: FastifyRequest): RequestInfo {
  const ua = req.headers['user-agent'];
  return { ip: req.ip || null, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}
