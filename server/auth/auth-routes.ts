import type { FastifyInstance } from 'fastify';
import { verifyEmailWithToken } from './verification.ts';
import type { AppServices } from '../services.ts';

/**
 * The link in the verification e-mail. A GET that writes, deliberately: it only records that the
 * mailbox owner opened the link, is idempotent, and a mail scanner fetching it proves the same.
 * It answers with a redirect to the login page, which tells the user the outcome.
 */
export function registerAuthRoutes(app: FastifyInstance, services: Pick<AppServices, 'db' | 'config'>): void {
  // Admin pages carry a robots meta tag once rendered; the header also covers crawlers that never
  // run the script, and the login page's HTML shell.
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (path === '/admin' || path.startsWith('/admin/'))
      void reply.header('x-robots-tag', 'noindex, nofollow');
  });

  app.get<{ Querystring: { token?: unknown } }>('/api/auth/verify', async (req, reply) => {
    const outcome = await verifyEmailWithToken(services.db, services.config.appSecret, req.query.token);
    const verify = outcome === 'invalid' ? 'invalid' : 'success';
    return reply
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .redirect(`/admin/login?verify=${verify}`, 303);
  });
}
