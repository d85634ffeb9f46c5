import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Header the app's own client sends with every call; a cross-site form can't set custom headers. */
export const CSRF_HEADER = 'x-csrf-protection';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CsrfOptions {
  appUrl: string;
  /** Routes that must accept cross-site POSTs by design (RFC 8058 one-click, provider webhook). */
  exemptPrefixes: string[];
}

export function isSameOrigin(req: FastifyRequest, appOrigin: string): boolean {
  const origin = req.headers.origin;
  if (typeof origin === 'string') {
    if (origin === appOrigin) return true;
    // The page's own host, e.g. http://127.0.0.1:3000 while APP_URL says localhost.
    return origin === `${req.protocol}://${req.host}`;
  }
  return req.headers['sec-fetch-site'] === 'same-origin';
}

/**
 * Every state-changing request must come from our own origin and carry the custom header.
 * Registered as an onRequest hook so it runs before any body is parsed or handler runs.
 */
export function registerCsrfProtection(app: FastifyInstance, { appUrl, exemptPrefixes }: CsrfOptions): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (req, reply) => {
    if (SAFE_METHODS.has(req.method)) return;
    const path = req.url.split('?')[0] ?? '';
    if (exemptPrefixes.some((prefix) => path.startsWith(prefix))) return;
    if (!isSameOrigin(req, appOrigin) || req.headers[CSRF_HEADER] !== '1') {
      await reply.code(403).send({ error: 'Cross-site request refused' });
    }
  });
}
