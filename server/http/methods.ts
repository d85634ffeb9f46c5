import type { FastifyInstance } from 'fastify';

/**
 * A method no route serves at a URL some route does serve is answered 405 with `Allow`, from the
 * first `onRequest` hook, before a byte of its body is read (decision 013). Without it such a
 * request fell through to whatever took it: the 404 handler read its body, and tRPC's catch-all
 * route got TRACE, whose body Fastify never reads, and wrapped the raw request in an unbounded
 * stream. URLs no route serves stay 404.
 */
export function registerMethodGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404) return;
    const allowed = app.supportedMethods.filter(
      (method) => method !== request.method && app.findRoute({ method, url: request.url }) !== null,
    );
    if (allowed.length === 0) return;
    // Closing the connection leaves the unread body unread: nothing of it is buffered or drained.
    return reply
      .code(405)
      .header('allow', allowed.join(', '))
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .send({ error: `${request.method} is not allowed here (allowed: ${allowed.join(', ')})` });
  });
}
